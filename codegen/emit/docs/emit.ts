// ProviderModel -> generated/docs/: index.md and resources/<name>.md.

import type { ProviderModel } from "../../model/types.js";
import type { LoadedForm } from "../../parse/load.js";
import { providerDoc } from "./provider-doc.js";
import { exampleEntries, exampleHcl } from "./example.js";
import { importCommands } from "./import-section.js";
import { providerExampleHcl } from "./provider-doc.js";
import { extensionDocs, extensionExample } from "./extension-doc.js";
import { HOST_EXTENSION_RESOURCES } from "../../model/host-extensions.js";
import { resourceDoc, resourceDocPath } from "./resource-doc.js";

function defaultForm(r: ProviderModel["resources"][number], forms: LoadedForm[]): LoadedForm {
  const form = forms.find((f) => f.ref.kind === r.kind && f.ref.apiVersion === r.apiVersion && f.ref.schemaDigest === r.defaultRef.schemaDigest);
  if (form === undefined) throw new Error(`docs: no loaded definition for ${r.typeName}'s default ref`);
  return form;
}

export function emitDocs(model: ProviderModel, forms: LoadedForm[]): Map<string, string> {
  const files = new Map<string, string>([["index.md", providerDoc(model)]]);
  for (const r of model.resources) files.set(resourceDocPath(r), resourceDoc(r, defaultForm(r, forms)));
  for (const [file, text] of extensionDocs()) files.set(file, text);
  return files;
}

/**
 * The example files registry tooling reads (examples/provider/provider.tf,
 * examples/resources/<type>/resource.tf and import.sh); the pages embed exactly these texts.
 */
export function emitRegistryExamples(model: ProviderModel, forms: LoadedForm[]): Map<string, string> {
  const files = new Map<string, string>([["provider/provider.tf", providerExampleHcl(model) + "\n"]]);
  for (const r of model.resources) {
    files.set(`resources/${r.typeName}/resource.tf`, exampleHcl(r, exampleEntries(r, defaultForm(r, forms))) + "\n");
    files.set(`resources/${r.typeName}/import.sh`, importCommands(r).join("\n") + "\n");
  }
  for (const typeName of Object.keys(HOST_EXTENSION_RESOURCES)) files.set(`resources/${typeName}/resource.tf`, extensionExample(typeName) + "\n");
  return files;
}
