// tfplugin6.DynamicValue <-> cty values. Requests may carry msgpack or (from
// old tools) json; an empty DynamicValue means null. Responses are always msgpack.
import type { DynamicValue } from "../proto/types.js";
import type { CtyType } from "./cty-type.js";
import { decodeJsonValue } from "./json-value.js";
import { decodeMsgpack, encodeMsgpack } from "./msgpack.js";
import type { CtyValue } from "./value.js";

export function decodeDynamicValue(type: CtyType, dv: DynamicValue | undefined): CtyValue {
  if (!dv) return null;
  if (dv.msgpack.length > 0) return decodeMsgpack(type, dv.msgpack);
  if (dv.json.length > 0) return decodeJsonValue(type, dv.json);
  return null;
}

export function encodeDynamicValue(type: CtyType, value: CtyValue): { msgpack: Uint8Array } {
  return { msgpack: encodeMsgpack(type, value) };
}
