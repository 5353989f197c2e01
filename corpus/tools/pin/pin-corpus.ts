// The whole pin run, in dependency order:
//   interfaces -> bindings (targetInterface) -> forms (interface/binding digests, then target
//   Form digests, targets first) -> package indexes -> artifact manifests -> corpus index.
// Nothing touches the disk unless `write` is set; the result lists what differs (check mode) or
// what was written.

import { placementAuthorityViolations } from "../placement-policy.js";
import { pinArtifacts } from "./artifacts.js";
import { pinBindings, pinInterfaces } from "./contracts.js";
import { pinCorpusIndex } from "./corpus-index.js";
import { pinForms } from "./forms.js";
import { pinPackageIndex } from "./package-index.js";
import { PinError, Workspace } from "./workspace.js";

export interface PinResult {
  /** Corpus-relative paths whose content differs from what pinning computes (written when `write`). */
  changed: string[];
}

export function pinCorpus(root: string, options: { write: boolean }): PinResult {
  const ws = new Workspace(root);
  const interfaces = pinInterfaces(ws);
  const bindings = pinBindings(ws, interfaces);
  const forms = pinForms(ws, interfaces, bindings);
  const policy: string[] = [];
  for (const form of forms.values()) {
    const definition = ws.readJson(form.definitionPath) as { desiredSchema?: unknown };
    for (const v of placementAuthorityViolations(definition.desiredSchema)) {
      policy.push(`${form.definitionPath}: /desiredSchema${v.pointer}: "${v.name}" names placement authority ("${v.word}")`);
    }
  }
  if (policy.length > 0) throw new PinError(`Form Package policy violated:\n  ${policy.join("\n  ")}`);
  const packageDigests = new Map<string, string>();
  for (const form of forms.values()) packageDigests.set(form.dir, pinPackageIndex(ws, form));
  const manifests = pinArtifacts(ws);
  pinCorpusIndex(ws, { forms, packageDigests, interfaces, bindings, manifests });
  return { changed: options.write ? ws.commit() : ws.changed() };
}

export { PinError };
