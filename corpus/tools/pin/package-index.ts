// package-index.json of one Form Package, recomputed from the package's files: every payload file
// (everything in the directory except the index itself), sorted by path, with its media type, byte
// size and the SHA-256 of its raw bytes; formRef carries the definition's canonical digest.

import { FORM_DEFINITION_MEDIA_TYPE, PACKAGE_INDEX_API_VERSION, PACKAGE_INDEX_FILE, canonicalDigest, fileDigest, type PackageIndex } from "../../lib/index.js";
import type { PinnedForm } from "./forms.js";
import { jsonText, sortMembers } from "./json-text.js";
import { PinError, type Workspace } from "./workspace.js";

/** Media type of a payload file, by name; the definition itself has its own type. */
export function payloadMediaType(relInPackage: string, definitionPath: string): string {
  if (relInPackage === definitionPath) return FORM_DEFINITION_MEDIA_TYPE;
  if (relInPackage.endsWith(".schema.json")) return "application/schema+json";
  if (relInPackage.endsWith(".json")) return "application/json";
  if (relInPackage.endsWith(".md")) return "text/markdown";
  if (relInPackage.endsWith(".txt")) return "text/plain";
  throw new PinError(`${relInPackage}: a Form Package carries only JSON, Markdown and plain-text payloads`);
}

/** Writes the package index of `form`; returns its package digest. */
export function pinPackageIndex(ws: Workspace, form: PinnedForm): string {
  const definitionPath = form.definitionPath.slice(form.dir.length + 1);
  const files = ws
    .files(form.dir)
    .map((rel) => rel.slice(form.dir.length + 1))
    .filter((rel) => rel !== PACKAGE_INDEX_FILE)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((rel) => {
      const bytes = ws.read(`${form.dir}/${rel}`);
      return { path: rel, mediaType: payloadMediaType(rel, definitionPath), size: bytes.length, digest: fileDigest(bytes) };
    });
  const index: PackageIndex = {
    apiVersion: PACKAGE_INDEX_API_VERSION,
    kind: "FormPackage",
    formRef: form.ref,
    definitionPath,
    files,
  };
  const sorted = sortMembers(index);
  ws.put(`${form.dir}/${PACKAGE_INDEX_FILE}`, jsonText(sorted));
  return canonicalDigest(sorted);
}
