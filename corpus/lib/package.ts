// Verification of one Form Package directory: the index, the closed payload, every file's size and
// raw-byte digest, the definition's canonical schemaDigest, and the package digest.

import { readFileSync } from "node:fs";
import path from "node:path";
import { canonicalDigest, fileDigest } from "./digest.js";
import { fixturePaths, formDefinitionProblems } from "./form-definition.js";
import { decodeJsonBytes, isPlainObject, readJsonFile } from "./json-file.js";
import { FORM_DEFINITION_MEDIA_TYPE, PACKAGE_INDEX_FILE, packageIndexProblems } from "./package-index.js";
import type { ExactFormRef, FormDefinition, PackageFileEntry, PackageIndex } from "./types.js";
import { walkTree } from "./walk.js";

export interface PackageVerification {
  /** Empty when the package verifies. */
  problems: string[];
  /** Number of digests compared (file digests, schemaDigest). */
  digestsChecked: number;
  index?: PackageIndex;
  definition?: FormDefinition;
  ref?: ExactFormRef;
  /** Canonical digest of package-index.json: the package's semantic identity. */
  packageDigest?: string;
}

const JSON_MEDIA_TYPES = new Set([FORM_DEFINITION_MEDIA_TYPE, "application/schema+json", "application/json"]);
const TEXT_MEDIA_TYPES = new Set(["text/markdown", "text/plain"]);
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Verifies the Form Package in `dir`. Problems name files as `${label}/<path>`. */
export function verifyFormPackage(dir: string, label: string = path.basename(dir)): PackageVerification {
  const result: PackageVerification = { problems: [], digestsChecked: 0 };
  const problems = result.problems;
  const indexFile = readJsonFile(path.join(dir, PACKAGE_INDEX_FILE), `${label}/${PACKAGE_INDEX_FILE}`);
  if (!indexFile.ok) {
    problems.push(indexFile.problem);
    return result;
  }
  problems.push(...packageIndexProblems(indexFile.value, `${label}/${PACKAGE_INDEX_FILE}`));
  result.packageDigest = canonicalDigest(indexFile.value);
  if (!isPlainObject(indexFile.value) || !Array.isArray(indexFile.value.files)) return result;
  const index = indexFile.value as unknown as PackageIndex;
  result.index = index;
  if (isPlainObject(index.formRef)) result.ref = index.formRef;

  const listed = new Map<string, PackageFileEntry>();
  for (const entry of index.files) if (isPlainObject(entry) && typeof entry.path === "string") listed.set(entry.path, entry);

  // The payload is closed: exactly the listed files, regular and non-executable, nothing else.
  const present = new Set<string>();
  for (const entry of walkTree(dir)) {
    if (entry.rel === PACKAGE_INDEX_FILE || entry.type === "directory") continue;
    const where = `${label}/${entry.rel}`;
    if (entry.type !== "file") {
      problems.push(`${where}: ${entry.type} is not allowed in a Form Package (regular files only)`);
      continue;
    }
    present.add(entry.rel);
    if (!listed.has(entry.rel)) problems.push(`${where}: unlisted payload file (not in ${PACKAGE_INDEX_FILE})`);
    if ((entry.mode & 0o111) !== 0) problems.push(`${where}: executable mode bits are not allowed`);
  }

  let definitionBytes: Buffer | undefined;
  for (const [rel, entry] of listed) {
    const where = `${label}/${rel}`;
    if (!present.has(rel)) {
      problems.push(`${where}: listed in ${PACKAGE_INDEX_FILE} but missing`);
      continue;
    }
    const bytes = readFileSync(path.join(dir, ...rel.split("/")));
    if (bytes.length !== entry.size) problems.push(`${where}: size mismatch: expected ${entry.size} bytes, actual ${bytes.length}`);
    const actual = fileDigest(bytes);
    result.digestsChecked++;
    if (actual !== entry.digest) problems.push(`${where}: digest mismatch: expected ${entry.digest}, actual ${actual}`);
    if (JSON_MEDIA_TYPES.has(entry.mediaType)) {
      const decoded = decodeJsonBytes(bytes, where);
      if (!decoded.ok) problems.push(decoded.problem);
    } else if (TEXT_MEDIA_TYPES.has(entry.mediaType)) {
      problems.push(...textProblems(bytes, where));
    }
    if (rel === index.definitionPath) definitionBytes = bytes;
  }

  if (definitionBytes !== undefined) verifyDefinition(definitionBytes, index, label, result);
  return result;
}

function verifyDefinition(bytes: Buffer, index: PackageIndex, label: string, result: PackageVerification): void {
  const where = `${label}/${index.definitionPath}`;
  const decoded = decodeJsonBytes(bytes, where);
  if (!decoded.ok) return; // already reported with the payload
  const problems = formDefinitionProblems(decoded.value, where);
  result.problems.push(...problems);
  if (!isPlainObject(decoded.value)) return;
  const definition = decoded.value;
  const ref = index.formRef;
  if (isPlainObject(ref)) {
    const actual = canonicalDigest(definition);
    result.digestsChecked++;
    if (actual !== ref.schemaDigest) {
      result.problems.push(`${where}: schemaDigest mismatch: formRef declares ${String(ref.schemaDigest)}, canonical digest of the definition is ${actual}`);
    }
    for (const member of ["apiVersion", "kind", "definitionVersion"] as const) {
      if (definition[member] !== ref[member]) {
        result.problems.push(`${where}: /${member} is ${JSON.stringify(definition[member])} but formRef.${member} is ${JSON.stringify(ref[member])}`);
      }
    }
  }
  const listed = new Set(index.files.map((f) => f.path));
  for (const fixture of fixturePaths(definition)) {
    if (!listed.has(fixture.path)) result.problems.push(`${where}: ${fixture.pointer}: ${fixture.path} is not a listed payload file`);
  }
  if (problems.length === 0) result.definition = definition as unknown as FormDefinition;
}

function textProblems(bytes: Buffer, where: string): string[] {
  try {
    const text = utf8.decode(bytes);
    return text.includes("\u0000") ? [`${where}: text payload contains NUL`] : [];
  } catch {
    return [`${where}: text payload is not valid UTF-8`];
  }
}
