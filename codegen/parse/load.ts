// Form Packages -> the forms codegen reads, through corpus/lib: every package is verified (file
// digests, recomputed schemaDigest, derived lifecycle capabilities and relations) before codegen
// sees it, and loading fails closed on the first package that does not verify.

import { loadCatalog, type FormDefinition, type InstalledForm } from "../../corpus/lib/index.js";

/** An installed Form definition; codegen reads ref, definition, capabilities, relations and dir. */
export type LoadedForm = InstalledForm;
export type FormDefinitionDoc = FormDefinition;

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Loads every Form Package below `root`, sorted by kind then definitionVersion text. */
export function loadForms(root: string): LoadedForm[] {
  const forms = loadCatalog([root])
    .forms()
    .slice()
    .sort((a, b) => compareText(a.ref.kind, b.ref.kind) || compareText(a.ref.definitionVersion, b.ref.definitionVersion));
  if (forms.length === 0) throw new Error(`no Form Packages found below ${root}`);
  return forms;
}
