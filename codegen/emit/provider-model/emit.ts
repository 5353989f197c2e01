// ProviderModel -> generated/provider/model.ts: the declarations plus the model as one literal.

import type { ProviderModel } from "../../model/types.js";
import { GENERATED_HEADER } from "../header.js";
import { MODEL_DECLARATIONS } from "./declarations.js";

export function emitProviderModel(model: ProviderModel): string {
  return [
    GENERATED_HEADER,
    "// The provider's dispatch metadata: one ResourceModel per Terraform resource type (docs/provider-model.md).",
    "",
    MODEL_DECLARATIONS,
    `export const providerModel: ProviderModel = ${JSON.stringify(model, null, 2)};`,
    "",
  ].join("\n");
}
