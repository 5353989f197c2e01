// ProviderModel -> generated/docs/: index.md and resources/<name>.md.

import type { ProviderModel } from "../../model/types.js";
import type { LoadedForm } from "../../parse/load.js";
import { providerDoc } from "./provider-doc.js";
import { resourceDoc, resourceDocPath } from "./resource-doc.js";

export function emitDocs(model: ProviderModel, forms: LoadedForm[]): Map<string, string> {
  const files = new Map<string, string>([["index.md", providerDoc(model)]]);
  for (const r of model.resources) {
    const form = forms.find((f) => f.ref.kind === r.kind && f.ref.apiVersion === r.apiVersion && f.ref.schemaDigest === r.defaultRef.schemaDigest);
    if (form === undefined) throw new Error(`docs: no loaded definition for ${r.typeName}'s default ref`);
    files.set(resourceDocPath(r), resourceDoc(r, form));
  }
  return files;
}
