// Verification of a corpus index (corpus/index.json): every object in it carrying a string `path`
// and a string `digest` pins one corpus item. The path is relative to the index's directory.
//   - a directory holding package-index.json: digest is the package digest (canonical index);
//   - a JSON file: digest is its raw-byte sha256 or its RFC 8785 canonical digest (the schemaDigest
//     of a definition document);
//   - any other file: digest is its raw-byte sha256.
// An optional `identity` object is compared member by member with the identity recomputed from the
// target (FormRef of a package, exact ref of a contract definition), or a top-level member of the
// same name in a JSON target.

import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { contractDocumentType, readContractDefinition } from "./contract-definition.js";
import { canonicalDigest, fileDigest } from "./digest.js";
import { decodeJsonBytes, isPlainObject } from "./json-file.js";
import { formatPointer, type PointerToken } from "./json-pointer.js";
import { PACKAGE_INDEX_FILE } from "./package-index.js";
import { packagePathProblem } from "./package-path.js";

export const CORPUS_INDEX_FILE = "index.json";

export interface IndexEntry {
  pointer: string;
  path: string;
  digest: string;
  identity?: unknown;
}

export function findIndexEntries(document: unknown): IndexEntry[] {
  const out: IndexEntry[] = [];
  const visit = (value: unknown, at: PointerToken[]): void => {
    if (Array.isArray(value)) return value.forEach((item, i) => visit(item, [...at, i]));
    if (!isPlainObject(value)) return;
    if (typeof value.path === "string" && typeof value.digest === "string") {
      out.push({ pointer: formatPointer(at), path: value.path, digest: value.digest, identity: value.identity });
      return;
    }
    for (const [key, member] of Object.entries(value)) visit(member, [...at, key]);
  };
  visit(document, []);
  return out;
}

/** Problems with one index entry; `label` names the index file. */
export function verifyIndexEntry(indexDir: string, entry: IndexEntry, label: string): string[] {
  const where = `${label}: ${entry.pointer} (${entry.path})`;
  const bad = packagePathProblem(entry.path);
  if (bad) return [`${where}: ${bad}`];
  const target = path.join(indexDir, ...entry.path.split("/"));
  if (!existsSync(target)) return [`${where}: pinned path does not exist`];
  let computed: Record<string, unknown> = {};
  let document: unknown;
  const accepted: string[] = [];
  if (statSync(target).isDirectory()) {
    const indexFile = path.join(target, PACKAGE_INDEX_FILE);
    if (!existsSync(indexFile)) return [`${where}: a pinned directory must be a Form Package (no ${PACKAGE_INDEX_FILE})`];
    const decoded = decodeJsonBytes(readFileSync(indexFile), `${entry.path}/${PACKAGE_INDEX_FILE}`);
    if (!decoded.ok) return [`${where}: ${decoded.problem}`];
    const packageDigest = canonicalDigest(decoded.value);
    accepted.push(packageDigest);
    computed = { ...(isPlainObject(decoded.value) && isPlainObject(decoded.value.formRef) ? decoded.value.formRef : {}), packageDigest };
  } else {
    const bytes = readFileSync(target);
    accepted.push(fileDigest(bytes));
    if (entry.path.endsWith(".json")) {
      const decoded = decodeJsonBytes(bytes, entry.path);
      if (!decoded.ok) return [`${where}: ${decoded.problem}`];
      document = decoded.value;
      accepted.push(canonicalDigest(document));
      computed = identityOfDocument(document, accepted[1] as string);
    }
  }
  const problems: string[] = [];
  if (!accepted.includes(entry.digest)) {
    problems.push(`${where}: digest mismatch: expected ${entry.digest}, actual ${accepted.join(" (raw bytes) / ")}${accepted.length > 1 ? " (canonical)" : ""}`);
  }
  if (isPlainObject(entry.identity)) {
    const identity = entry.identity.formRef !== undefined && isPlainObject(entry.identity.formRef) ? { ...entry.identity.formRef, ...entry.identity } : entry.identity;
    for (const [member, declared] of Object.entries(identity)) {
      if (member === "formRef") continue;
      const actual = member in computed ? computed[member] : isPlainObject(document) ? document[member] : undefined;
      if (actual !== undefined && typeof declared !== "object" && actual !== declared) {
        problems.push(`${where}: identity.${member} mismatch: expected ${JSON.stringify(declared)}, actual ${JSON.stringify(actual)}`);
      }
    }
  }
  return problems;
}

function identityOfDocument(document: unknown, canonical: string): Record<string, unknown> {
  if (contractDocumentType(document) !== undefined) {
    const read = readContractDefinition(document, "");
    if (read.ok) return { ...read.contract.ref };
  }
  if (isPlainObject(document) && typeof document.definitionVersion === "string" && isPlainObject(document.desiredSchema)) {
    return { apiVersion: document.apiVersion, kind: document.kind, definitionVersion: document.definitionVersion, schemaDigest: canonical };
  }
  return {};
}
