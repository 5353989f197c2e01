// The protobuf wire types and which field types travel as each: what the encoder and the decoder
// (encode.ts, decode.ts) share.

export const WIRE_VARINT = 0;
export const WIRE_FIXED64 = 1;
export const WIRE_LEN = 2;
export const WIRE_FIXED32 = 5;

const VARINT_TYPES = new Set(["int32", "int64", "uint32", "uint64", "sint32", "sint64", "bool", "enum"]);
export const FIXED64_TYPES = new Set(["fixed64", "sfixed64", "double"]);
export const FIXED32_TYPES = new Set(["fixed32", "sfixed32", "float"]);

export function wireTypeOf(type: string): number {
  if (VARINT_TYPES.has(type)) return WIRE_VARINT;
  if (FIXED64_TYPES.has(type)) return WIRE_FIXED64;
  if (FIXED32_TYPES.has(type)) return WIRE_FIXED32;
  return WIRE_LEN;
}
