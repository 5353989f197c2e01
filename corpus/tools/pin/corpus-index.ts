// corpus/index.json: one entry per pinned document, {path, identity, digest}, grouped by what the
// document is. Paths are relative to corpus/. Digests are RFC 8785 canonical digests, except a
// Form Package's, which is its package digest (the canonical digest of its package-index.json).

import { canonicalDigest, type BindingRef, type InterfaceRef } from "../../lib/index.js";
import type { PinnedManifest } from "./artifacts.js";
import type { ContractTable } from "./contracts.js";
import type { PinnedForm } from "./forms.js";
import { isObject, jsonText, sortMembers } from "./json-text.js";
import { PinError, type Workspace } from "./workspace.js";

export const CORPUS_INDEX_FORMAT = "takoform.corpus-index@v1";

export interface IndexInputs {
  forms: Map<string, PinnedForm>;
  packageDigests: Map<string, string>;
  interfaces: ContractTable<InterfaceRef>;
  bindings: ContractTable<BindingRef>;
  manifests: PinnedManifest[];
}

const byPath = <T extends { path: string }>(entries: T[]): T[] => [...entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

export function pinCorpusIndex(ws: Workspace, inputs: IndexInputs): void {
  const forms = [...inputs.forms.values()];
  const contractEntries = (table: ContractTable<InterfaceRef | BindingRef>) =>
    byPath([...table.values()].map(({ path, ref }) => ({ path, identity: { apiVersion: ref.apiVersion, name: ref.name, version: ref.version }, digest: ref.schemaDigest })));
  const schemas: { path: string; identity: Record<string, string>; digest: string }[] = [];
  const tables: { path: string; identity: Record<string, string>; digest: string }[] = [];
  for (const rel of ws.files("schemas").filter((f) => f.endsWith(".json"))) {
    const doc = ws.readJson(rel);
    if (!isObject(doc)) throw new PinError(`${rel}: not a JSON object`);
    if (typeof doc.$id === "string") schemas.push({ path: rel, identity: { $id: doc.$id }, digest: canonicalDigest(doc) });
    else if (typeof doc.format === "string") tables.push({ path: rel, identity: { format: doc.format }, digest: canonicalDigest(doc) });
    else throw new PinError(`${rel}: a file under schemas/ must be a JSON Schema with $id or a table with format`);
  }
  const index = {
    format: CORPUS_INDEX_FORMAT,
    formPackages: byPath(forms.map((f) => ({ path: f.dir, identity: f.ref, digest: inputs.packageDigests.get(f.dir) as string }))),
    formDefinitions: byPath(forms.map((f) => ({ path: f.definitionPath, identity: { apiVersion: f.ref.apiVersion, kind: f.ref.kind, definitionVersion: f.ref.definitionVersion }, digest: f.ref.schemaDigest }))),
    interfaces: contractEntries(inputs.interfaces),
    bindings: contractEntries(inputs.bindings),
    schemas: byPath(schemas),
    tables: byPath(tables),
    artifactManifests: byPath(inputs.manifests.map((m) => ({ path: m.path, identity: { apiVersion: m.apiVersion, kind: m.kind }, digest: m.digest }))),
  };
  ws.put("index.json", jsonText(sortMembers(index)));
}
