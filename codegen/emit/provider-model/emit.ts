// ProviderModel -> generated/provider/model.ts: the model as one typed literal. Its types come
// from corpus/lib/provider-model.ts (the one declaration codegen and the provider share) and are
// re-exported, so readers of the generated module need nothing else.

import type { ProviderModel } from "../../model/types.js";
import { GENERATED_HEADER } from "../header.js";

const MODEL_TYPES = [
  "AttributeModel",
  "BindingRef",
  "CtyType",
  "ExactFormRef",
  "InterfaceRef",
  "ManifestKind",
  "Nesting",
  "ProviderModel",
  "ReferenceModel",
  "ResourceModel",
  "Role",
  "Validator",
];

export function emitProviderModel(model: ProviderModel): string {
  return [
    GENERATED_HEADER,
    "// The provider's dispatch metadata: one ResourceModel per Terraform resource type (docs/provider-model.md).",
    `import type { ProviderModel } from "../../corpus/lib/provider-model.js";`,
    "",
    `export type { ${MODEL_TYPES.join(", ")} } from "../../corpus/lib/provider-model.js";`,
    "",
    `export const providerModel: ProviderModel = ${JSON.stringify(model, null, 2)};`,
    "",
  ].join("\n");
}
