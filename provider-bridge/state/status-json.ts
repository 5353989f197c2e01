// status_json, the host-reported status of state schema version 2 (ADR 0286): one canonical JSON
// text holding the exact FormRef, generation, revision, the Ready condition's reason and message,
// every condition and the relations of the desired spec. One encoder, used by the read
// (representation), a mutation left pending, an import placeholder and the upgrades of version 0
// and 1 state, so all of them write byte-identical text for the same facts; one reader for the
// provider's own uses (the recorded ref, the generation fence, drift warnings).
import { canonicalJson } from "../../corpus/lib/digest.js";

/** The members of one condition in status_json, with the wire member each comes from. */
export const CONDITION_MEMBERS = [
  ["type", "type"],
  ["status", "status"],
  ["reason", "reason"],
  ["message", "message"],
  ["host_reason", "hostReason"],
  ["observed_generation", "observedGeneration"],
  ["last_transition_time", "lastTransitionTime"],
] as const;

/** The members of one relation in status_json. */
export const RELATION_MEMBERS = ["pointer", "relation", "target_api_version", "target_kind", "target_name"] as const;

/** One relation entry as the desired spec's references are walked. */
export interface RelationEntry {
  pointer: string;
  relation: string;
  apiVersion: string;
  kind: string;
  name: string;
}

type Loose = Record<string, unknown>;
export type TextObject = Record<string, string>;

/** What status_json records; a member is left out when the state has no value for it (a pending mutation). */
export interface Status {
  formRef: string;
  generation?: string;
  revision?: string;
  conditions?: TextObject[];
  relations?: TextObject[];
}

/**
 * status_json starts with one space: still JSON text (jsondecode, JSON.parse), but Terraform's plan
 * renderer expands only a string that begins with "[" or "{" member by member, and status_json is
 * planned unknown on every update and replacement, where the expansion printed every prior
 * condition again (ADR 0240). With the space it is one line.
 */
const PREFIX = " ";

/** One condition with its string members only (a member absent, null or not a string is omitted). */
function conditionText(c: Loose, key: (m: (typeof CONDITION_MEMBERS)[number]) => string): TextObject {
  const out: TextObject = {};
  for (const m of CONDITION_MEMBERS) {
    const v = c[key(m)];
    if (typeof v === "string") out[m[0]] = v;
  }
  return out;
}

/** Conditions as the host sends them (camelCase members). */
export function conditionsFromWire(conditions: readonly Loose[]): TextObject[] {
  return conditions.map((c) => conditionText(c, (m) => m[1]));
}

/** Conditions already in status_json's member names (version 0's list, version 1's conditions_json). */
export function conditionsFromState(conditions: readonly Loose[]): TextObject[] {
  return conditions.map((c) => conditionText(c, (m) => m[0]));
}

/** Relation entries in status_json's member names. */
export function relationsText(relations: readonly RelationEntry[]): TextObject[] {
  return relations.map((r) => ({ pointer: r.pointer, relation: r.relation, target_api_version: r.apiVersion, target_kind: r.kind, target_name: r.name }));
}

/** Relations already in status_json's member names (version 0's list, version 1's relations_json). */
export function relationsFromState(relations: readonly Loose[]): TextObject[] {
  return relations.map((r) => Object.fromEntries(RELATION_MEMBERS.filter((k) => typeof r[k] === "string").map((k) => [k, r[k] as string])));
}

/** The Ready condition's status, reason and message. */
export function readyOf(conditions: readonly Loose[]): { ready: boolean; reason: string | null; message: string | null } {
  const c = conditions.find((x) => x["type"] === "Ready");
  const text = (v: unknown): string | null => (typeof v === "string" ? v : null);
  return { ready: c?.["status"] === "True", reason: text(c?.["reason"]), message: text(c?.["message"]) };
}

/** The status_json text for a status. */
export function statusJson(s: Status): string {
  const doc: Record<string, unknown> = { form_ref: s.formRef };
  if (s.generation !== undefined) doc["generation"] = s.generation;
  if (s.revision !== undefined) doc["revision"] = s.revision;
  if (s.conditions !== undefined) {
    const ready = readyOf(s.conditions);
    doc["ready_reason"] = ready.reason;
    doc["ready_message"] = ready.message;
    doc["conditions"] = s.conditions;
  }
  if (s.relations !== undefined) doc["relations"] = s.relations;
  return PREFIX + canonicalJson(doc);
}

/** The members of a status_json text; {} for null, unknown or text that is not a JSON object. */
export function statusOf(text: unknown): Record<string, unknown> {
  if (typeof text !== "string") return {};
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The members of a JSON list that are objects; [] for anything that is not a list. */
export function objectsIn(list: unknown): Loose[] {
  return Array.isArray(list) ? list.filter((c): c is Loose => typeof c === "object" && c !== null && !Array.isArray(c)) : [];
}

/** The conditions in a status_json text (objects only). */
export function conditionsOfStatus(text: unknown): Loose[] {
  return objectsIn(statusOf(text)["conditions"]);
}
