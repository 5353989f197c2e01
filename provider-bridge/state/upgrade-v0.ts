// State of schema version 0 (every takoform_* resource before ADR 0240) upgraded to version 1:
// form_ref (an object of four strings) becomes one string, the conditions list becomes
// conditions_json plus ready_reason and ready_message, and the relations list becomes
// relations_json. The text is written by the same encoders the read uses, so state upgraded from
// version 0 equals the state a refresh would record: the first plan after the upgrade is empty.
// Numbers in the desired attributes stay exact (the JSON is parsed losslessly).
import { JsonNumber, parseJsonLossless, type JsonNode } from "../wire/json-text.js";
import { valueFromJsonNode } from "../wire/json-value.js";
import type { CtyType } from "../wire/cty-type.js";
import { isCtyObject, type CtyObject } from "../wire/value.js";
import { refValue } from "./recorded.js";
import { conditionsJsonFromState, readyOf, relationsJsonFromState } from "./status-json.js";

export class StateUpgradeError extends Error {}

type JsonObject = { [name: string]: JsonNode };

function isObject(n: JsonNode | undefined): n is JsonObject {
  return typeof n === "object" && n !== null && !Array.isArray(n) && !(n instanceof JsonNumber);
}

function objects(n: JsonNode | undefined): JsonObject[] {
  return Array.isArray(n) ? n.filter(isObject) : [];
}

function text(n: JsonNode | undefined): string {
  return typeof n === "string" ? n : "";
}

/** The version 1 JSON object for a version 0 one (members of neither version pass through). */
export function upgradeV0Json(v0: JsonObject): JsonObject {
  const out: JsonObject = { ...v0 };
  delete out["conditions"];
  delete out["relations"];
  const ref = v0["form_ref"];
  if (isObject(ref)) {
    out["form_ref"] = refValue({
      apiVersion: text(ref["api_version"]),
      kind: text(ref["kind"]),
      definitionVersion: text(ref["definition_version"]),
      schemaDigest: text(ref["schema_digest"]),
    });
  } else if (ref !== undefined && ref !== null) throw new StateUpgradeError("form_ref of schema version 0 is not an object");
  // A version 0 state always has these lists (an empty list when the host reported none); null
  // only in a state left by an interrupted create, which the next refresh completes.
  const conditions = v0["conditions"];
  const ready = readyOf(objects(conditions));
  out["conditions_json"] = Array.isArray(conditions) ? conditionsJsonFromState(objects(conditions)) : null;
  out["ready_reason"] = Array.isArray(conditions) ? ready.reason : null;
  out["ready_message"] = Array.isArray(conditions) ? ready.message : null;
  const relations = v0["relations"];
  out["relations_json"] = Array.isArray(relations) ? relationsJsonFromState(objects(relations)) : null;
  return out;
}

/** Raw JSON state of version 0 as a value of the version 1 object type. */
export function upgradeV0(type: CtyType, rawJson: Uint8Array): CtyObject {
  const node = parseJsonLossless(Buffer.from(rawJson.buffer, rawJson.byteOffset, rawJson.byteLength).toString("utf8"));
  if (!isObject(node)) throw new StateUpgradeError("the stored state is not an object");
  const value = valueFromJsonNode(type, upgradeV0Json(node));
  if (value === null || !isCtyObject(value)) throw new StateUpgradeError("the upgraded state is not an object");
  return value;
}
