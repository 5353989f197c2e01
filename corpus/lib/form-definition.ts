// Structural checks of a Form Definition document (definition.json of a Form Package).

import { isBindingRef, isInterfaceRef } from "./form-ref.js";
import { isPlainObject } from "./json-file.js";
import { packagePathProblem } from "./package-path.js";
import { ROLES } from "./types.js";

export const JSON_SCHEMA_2020_12 = "https://json-schema.org/draft/2020-12/schema";

const MEMBERS = [
  "apiVersion",
  "kind",
  "definitionVersion",
  "title",
  "description",
  "role",
  "desiredSchema",
  "observedSchema",
  "outputSchema",
  "immutableFields",
  "lifecycleCapabilities",
  "providedInterfaces",
  "acceptedBindings",
  "conformanceFixtures",
  "negativeConformanceFixtures",
];
const REQUIRED = ["apiVersion", "kind", "definitionVersion", "title", "role", "desiredSchema", "lifecycleCapabilities"];
const CAPABILITIES = ["create", "read", "update", "delete", "import", "observe", "refresh"];
const SEMVER = /^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;
const KIND = /^[A-Z][A-Za-z0-9]{0,63}$/;
const POINTER = /^(?:\/(?:[^~/]|~0|~1)*)+$/;

/** Problems with a Form Definition document (each prefixed with `label`); empty when well formed. */
export function formDefinitionProblems(value: unknown, label: string): string[] {
  const problems: string[] = [];
  const say = (where: string, what: string) => problems.push(`${label}: ${where}: ${what}`);
  if (!isPlainObject(value)) return [`${label}: a Form Definition must be a JSON object`];
  for (const key of Object.keys(value)) if (!MEMBERS.includes(key)) say(`/${key}`, "unknown member; the Form Definition is closed");
  for (const key of REQUIRED) if (!(key in value)) say(`/${key}`, "required member is missing");
  if ("apiVersion" in value && (typeof value.apiVersion !== "string" || !value.apiVersion.includes("/"))) say("/apiVersion", "must be a group/version string");
  if ("kind" in value && (typeof value.kind !== "string" || !KIND.test(value.kind))) say("/kind", "must match ^[A-Z][A-Za-z0-9]{0,63}$");
  if ("definitionVersion" in value && (typeof value.definitionVersion !== "string" || !SEMVER.test(value.definitionVersion))) say("/definitionVersion", "must be a SemVer 2.0.0 version");
  if ("title" in value && (typeof value.title !== "string" || value.title.length === 0)) say("/title", "must be a non-empty string");
  if ("role" in value && !(ROLES as readonly unknown[]).includes(value.role)) say("/role", `must be one of ${ROLES.join(", ")}`);
  for (const key of ["desiredSchema", "observedSchema", "outputSchema"]) {
    if (!(key in value)) continue;
    const schema = value[key];
    if (!isPlainObject(schema)) say(`/${key}`, "must be a JSON Schema object");
    else if (schema.$schema !== JSON_SCHEMA_2020_12) say(`/${key}/$schema`, `must be ${JSON_SCHEMA_2020_12}`);
  }
  const caps = value.lifecycleCapabilities;
  if ("lifecycleCapabilities" in value) {
    if (!Array.isArray(caps) || caps.length === 0 || caps.some((c) => !CAPABILITIES.includes(c as string)) || new Set(caps).size !== caps.length) {
      say("/lifecycleCapabilities", `must be a non-empty list of distinct values from ${CAPABILITIES.join(", ")}`);
    } else if (value.role === "revision" && caps.some((c) => c === "update" || c === "refresh")) {
      say("/lifecycleCapabilities", "a revision-role Form never declares update or refresh");
    }
  }
  if ("immutableFields" in value) {
    const fields = value.immutableFields;
    if (!Array.isArray(fields) || fields.some((f) => typeof f !== "string" || !POINTER.test(f)) || new Set(fields).size !== fields.length) {
      say("/immutableFields", "must be a list of distinct non-empty JSON pointers");
    }
  }
  refList(value.providedInterfaces, "/providedInterfaces", isInterfaceRef, "an exact InterfaceRef", say);
  refList(value.acceptedBindings, "/acceptedBindings", isBindingRef, "an exact BindingRef", say);
  fixtureList(value.conformanceFixtures, "/conformanceFixtures", ["desiredPath", "observedPath", "outputPath"], say);
  fixtureList(value.negativeConformanceFixtures, "/negativeConformanceFixtures", ["inputPath"], say);
  return problems;
}

/** Every payload path a definition's fixtures name. */
export function fixturePaths(definition: Record<string, unknown>): { pointer: string; path: string }[] {
  const out: { pointer: string; path: string }[] = [];
  for (const [list, keys] of [
    ["conformanceFixtures", ["desiredPath", "observedPath", "outputPath"]],
    ["negativeConformanceFixtures", ["inputPath"]],
  ] as const) {
    const entries = definition[list];
    if (!Array.isArray(entries)) continue;
    entries.forEach((entry, i) => {
      if (!isPlainObject(entry)) return;
      for (const key of keys) if (typeof entry[key] === "string") out.push({ pointer: `/${list}/${i}/${key}`, path: entry[key] as string });
    });
  }
  return out;
}

function refList(list: unknown, at: string, check: (v: unknown) => boolean, what: string, say: (w: string, m: string) => void): void {
  if (list === undefined) return;
  if (!Array.isArray(list)) return say(at, "must be an array");
  list.forEach((item, i) => {
    if (!check(item)) say(`${at}/${i}`, `must be ${what}`);
  });
}

function fixtureList(list: unknown, at: string, pathKeys: string[], say: (w: string, m: string) => void): void {
  if (list === undefined) return;
  if (!Array.isArray(list)) return say(at, "must be an array");
  if (list.length > 32) say(at, "at most 32 fixtures of one class");
  list.forEach((item, i) => {
    if (!isPlainObject(item) || typeof item.name !== "string") return say(`${at}/${i}`, "must be an object with a name");
    for (const key of pathKeys) {
      if (!(key in item)) continue;
      const bad = packagePathProblem(item[key]);
      if (bad) say(`${at}/${i}/${key}`, bad);
    }
  });
}
