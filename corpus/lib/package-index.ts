// Structural checks of a Form Package index (packages.forms.takoform.com/v1alpha4).

import { isDigest } from "./digest.js";
import { isExactFormRef } from "./form-ref.js";
import { isPlainObject } from "./json-file.js";
import { packagePathProblem } from "./package-path.js";
import type { PackageIndex } from "./types.js";

export const PACKAGE_INDEX_FILE = "package-index.json";
export const PACKAGE_INDEX_API_VERSION = "packages.forms.takoform.com/v1alpha4";
export const FORM_DEFINITION_MEDIA_TYPE = "application/vnd.takoform.form-definition.v1+json";
export const PAYLOAD_MEDIA_TYPES: readonly string[] = [
  FORM_DEFINITION_MEDIA_TYPE,
  "application/schema+json",
  "application/json",
  "text/markdown",
  "text/plain",
];
export const MAX_PAYLOAD_FILE_SIZE = 64 * 1024 * 1024;

const INDEX_MEMBERS = ["apiVersion", "kind", "formRef", "definitionPath", "files"];
const ENTRY_MEMBERS = ["path", "mediaType", "size", "digest"];

/** Problems with the index document itself (each prefixed with `label`); empty when well formed. */
export function packageIndexProblems(value: unknown, label: string): string[] {
  const problems: string[] = [];
  const say = (where: string, what: string) => problems.push(`${label}: ${where}: ${what}`);
  if (!isPlainObject(value)) return [`${label}: the index must be a JSON object`];
  for (const key of Object.keys(value)) if (!INDEX_MEMBERS.includes(key)) say(`/${key}`, "unknown member; the index is closed");
  for (const key of INDEX_MEMBERS) if (!(key in value)) say(`/${key}`, "required member is missing");
  if ("apiVersion" in value && value.apiVersion !== PACKAGE_INDEX_API_VERSION) say("/apiVersion", `must be ${PACKAGE_INDEX_API_VERSION}`);
  if ("kind" in value && value.kind !== "FormPackage") say("/kind", "must be FormPackage");
  if ("formRef" in value && !isExactFormRef(value.formRef)) say("/formRef", "must be an exact FormRef {apiVersion, kind, definitionVersion, schemaDigest}");
  if ("definitionPath" in value) {
    const bad = packagePathProblem(value.definitionPath);
    if (bad) say("/definitionPath", bad);
  }
  if (!("files" in value)) return problems;
  const files = value.files;
  if (!Array.isArray(files) || files.length === 0) {
    say("/files", "must be a non-empty array");
    return problems;
  }
  let definitionEntries = 0;
  let previous: string | undefined;
  files.forEach((entry, i) => {
    const at = `/files/${i}`;
    if (!isPlainObject(entry)) return say(at, "must be an object");
    for (const key of Object.keys(entry)) if (!ENTRY_MEMBERS.includes(key)) say(`${at}/${key}`, "unknown member; file entries are closed");
    const bad = packagePathProblem(entry.path);
    if (bad) say(`${at}/path`, bad);
    if (typeof entry.mediaType !== "string" || !PAYLOAD_MEDIA_TYPES.includes(entry.mediaType)) {
      say(`${at}/mediaType`, `must be one of ${PAYLOAD_MEDIA_TYPES.join(", ")}`);
    }
    if (entry.mediaType === FORM_DEFINITION_MEDIA_TYPE) {
      definitionEntries++;
      if (entry.path !== value.definitionPath) say(`${at}/path`, "the form-definition entry must be the definitionPath");
    }
    if (typeof entry.size !== "number" || !Number.isInteger(entry.size) || entry.size < 0 || entry.size > MAX_PAYLOAD_FILE_SIZE) {
      say(`${at}/size`, `must be an integer in 0..${MAX_PAYLOAD_FILE_SIZE}`);
    }
    if (!isDigest(entry.digest)) say(`${at}/digest`, "must be sha256: followed by 64 lowercase hex digits");
    if (typeof entry.path === "string") {
      if (previous !== undefined && entry.path === previous) say(`${at}/path`, `duplicate entry ${entry.path}`);
      else if (previous !== undefined && entry.path < previous) say(`${at}/path`, `files must be sorted: ${entry.path} sorts before ${previous}`);
      previous = entry.path;
    }
  });
  if (definitionEntries !== 1) say("/files", `exactly one entry must have media type ${FORM_DEFINITION_MEDIA_TYPE} (found ${definitionEntries})`);
  if (typeof value.definitionPath === "string" && !files.some((f) => isPlainObject(f) && f.path === value.definitionPath)) {
    say("/definitionPath", `${value.definitionPath} is not listed in files`);
  }
  return problems;
}

export function asPackageIndex(value: unknown): PackageIndex {
  return value as PackageIndex;
}
