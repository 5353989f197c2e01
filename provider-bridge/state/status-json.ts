// The flat status attributes of schema version 1 (ADR 0240): the condition list and the relations
// as canonical JSON text (conditions_json, relations_json) and the Ready condition as three flat
// attributes (ready, ready_reason, ready_message). One encoder each, used by the read
// (representation), the plan (relations known from the configuration) and the upgrade of version 0
// state, so all three write byte-identical text for the same facts.
import { canonicalJson } from "../../corpus/lib/digest.js";

/** The members of one condition in conditions_json, in the snake_case names of the version 0 attribute. */
export const CONDITION_MEMBERS = [
  ["type", "type"],
  ["status", "status"],
  ["reason", "reason"],
  ["message", "message"],
  ["host_reason", "hostReason"],
  ["observed_generation", "observedGeneration"],
  ["last_transition_time", "lastTransitionTime"],
] as const;

/** Members of one relation entry in relations_json. */
export interface RelationEntry {
  pointer: string;
  relation: string;
  apiVersion: string;
  kind: string;
  name: string;
}

type Loose = Record<string, unknown>;

/** One condition with its string members only (a member the host left out, or null, is omitted). */
function conditionText(c: Loose, key: (m: (typeof CONDITION_MEMBERS)[number]) => string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of CONDITION_MEMBERS) {
    const v = c[key(m)];
    if (typeof v === "string") out[m[0]] = v;
  }
  return out;
}

/**
 * conditions_json starts with one space: still JSON text (jsondecode, JSON.parse), but Terraform's
 * plan renderer expands only a string that begins with "[" or "{" into one line per member, and
 * conditions_json is planned unknown on every update and replacement, where the expansion printed
 * every member of every prior condition (ADR 0240). With the space it is one line.
 */
const CONDITIONS_PREFIX = " ";

/** conditions_json from the host's wire conditions (camelCase members). */
export function conditionsJsonFromWire(conditions: readonly Loose[]): string {
  return CONDITIONS_PREFIX + canonicalJson(conditions.map((c) => conditionText(c, (m) => m[1])));
}

/** conditions_json from version 0's list of condition objects (snake_case members, nulls for absent ones). */
export function conditionsJsonFromState(conditions: readonly Loose[]): string {
  return CONDITIONS_PREFIX + canonicalJson(conditions.map((c) => conditionText(c, (m) => m[0])));
}

/** The Ready condition's status, reason and message from the wire conditions. */
export function readyOf(conditions: readonly Loose[]): { ready: boolean; reason: string | null; message: string | null } {
  const c = conditions.find((x) => x["type"] === "Ready");
  const text = (v: unknown): string | null => (typeof v === "string" ? v : null);
  return { ready: c?.["status"] === "True", reason: text(c?.["reason"]), message: text(c?.["message"]) };
}

/** relations_json from relation entries. */
export function relationsJson(relations: readonly RelationEntry[]): string {
  return canonicalJson(
    relations.map((r) => ({ pointer: r.pointer, relation: r.relation, target_api_version: r.apiVersion, target_kind: r.kind, target_name: r.name })),
  );
}

/** relations_json from version 0's list of relation objects (already in the snake_case members). */
export function relationsJsonFromState(relations: readonly Loose[]): string {
  return canonicalJson(
    relations.map((r) =>
      Object.fromEntries(
        ["pointer", "relation", "target_api_version", "target_kind", "target_name"].filter((k) => typeof r[k] === "string").map((k) => [k, r[k] as string]),
      ),
    ),
  );
}

/** The conditions in conditions_json (snake_case members); [] for null or text that is not a list of objects. */
export function conditionsOfJson(text: unknown): Record<string, string>[] {
  if (typeof text !== "string") return [];
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v.filter((c): c is Record<string, string> => typeof c === "object" && c !== null && !Array.isArray(c)) : [];
  } catch {
    return [];
  }
}
