// State of schema version 0 (nested form_ref, conditions and relations) and version 1 (ADR 0240:
// form_ref, ready_reason, ready_message, conditions_json, relations_json, generation and revision
// as flat attributes) upgraded to version 2 (ADR 0286): status_json holds all of them. The text is
// written by the encoder the read uses, so an upgraded state equals the state a refresh records for
// the same representation: the first plan after the upgrade is empty. Numbers in the desired
// attributes stay exact (the JSON is parsed losslessly); members of no version pass through.
import { JsonNumber, parseJsonLossless, type JsonNode } from "../wire/json-text.js";
import { valueFromJsonNode } from "../wire/json-value.js";
import type { CtyType } from "../wire/cty-type.js";
import { isCtyObject, type CtyObject } from "../wire/value.js";
import { refValue } from "./recorded.js";
import { conditionsFromState, objectsIn, relationsFromState, statusJson, type Status, type TextObject } from "./status-json.js";

export class StateUpgradeError extends Error {}

type JsonObject = { [name: string]: JsonNode };

/** The attributes version 2 folds into status_json (version 0's nested ones, version 1's flat ones). */
const FOLDED = ["form_ref", "generation", "revision", "conditions", "relations", "ready_reason", "ready_message", "conditions_json", "relations_json"];

function isObject(n: JsonNode | undefined): n is JsonObject {
  return typeof n === "object" && n !== null && !Array.isArray(n) && !(n instanceof JsonNumber);
}

function text(n: JsonNode | undefined): string | undefined {
  return typeof n === "string" ? n : undefined;
}

/** A version 1 JSON-text attribute parsed; undefined when null or absent. */
function jsonList(n: JsonNode | undefined, name: string): unknown[] | undefined {
  if (n === undefined || n === null) return undefined;
  if (typeof n !== "string") throw new StateUpgradeError(`${name} of schema version 1 is not a string`);
  try {
    const v = JSON.parse(n) as unknown;
    if (Array.isArray(v)) return v;
  } catch {
    // reported below
  }
  throw new StateUpgradeError(`${name} of schema version 1 is not a JSON list`);
}

/** The form_ref text of either version (version 0: an object of four strings). */
function refText(n: JsonNode | undefined): string | undefined {
  if (n === undefined || n === null) return undefined;
  if (typeof n === "string") return n;
  if (!isObject(n)) throw new StateUpgradeError("form_ref is neither a string nor an object");
  return refValue({
    apiVersion: text(n["api_version"]) ?? "",
    kind: text(n["kind"]) ?? "",
    definitionVersion: text(n["definition_version"]) ?? "",
    schemaDigest: text(n["schema_digest"]) ?? "",
  });
}

/** The status of a version 0 or 1 state object. */
function statusOfOld(version: 0 | 1, old: JsonObject): Status | undefined {
  const formRef = refText(old["form_ref"]);
  // A state without a recorded ref was left by an interrupted create of a provider before version
  // 1 planned it: nothing to record; the next refresh completes it.
  if (formRef === undefined) return undefined;
  let conditions: TextObject[] | undefined;
  let relations: TextObject[] | undefined;
  if (version === 0) {
    // Version 0 always has these lists (empty when the host reported none); null only in a state
    // left by an interrupted create.
    if (Array.isArray(old["conditions"])) conditions = conditionsFromState(objectsIn(old["conditions"]));
    if (Array.isArray(old["relations"])) relations = relationsFromState(objectsIn(old["relations"]));
  } else {
    const c = jsonList(old["conditions_json"], "conditions_json");
    const r = jsonList(old["relations_json"], "relations_json");
    if (c !== undefined) conditions = conditionsFromState(objectsIn(c));
    if (r !== undefined) relations = relationsFromState(objectsIn(r));
  }
  const generation = text(old["generation"]);
  const revision = text(old["revision"]);
  return {
    formRef,
    ...(generation !== undefined ? { generation } : {}),
    ...(revision !== undefined ? { revision } : {}),
    ...(conditions !== undefined ? { conditions } : {}),
    ...(relations !== undefined ? { relations } : {}),
  };
}

/** The version 2 JSON object for a version 0 or 1 one. */
export function upgradeJson(version: 0 | 1, old: JsonObject): JsonObject {
  const out: JsonObject = { ...old };
  for (const name of FOLDED) delete out[name];
  const status = statusOfOld(version, old);
  out["status_json"] = status === undefined ? null : statusJson(status);
  return out;
}

/** Raw JSON state of version 0 or 1 as a value of the version 2 object type. */
export function upgradeState(version: 0 | 1, type: CtyType, rawJson: Uint8Array): CtyObject {
  const node = parseJsonLossless(Buffer.from(rawJson.buffer, rawJson.byteOffset, rawJson.byteLength).toString("utf8"));
  if (!isObject(node)) throw new StateUpgradeError("the stored state is not an object");
  const value = valueFromJsonNode(type, upgradeJson(version, node));
  if (value === null || !isCtyObject(value)) throw new StateUpgradeError("the upgraded state is not an object");
  return value;
}
