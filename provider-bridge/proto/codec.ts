// A protobuf (proto3) binary codec driven by the generated descriptor table.
// It covers what tfplugin6 and the go-plugin services use: scalars, enums (as
// their names), nested messages, repeated fields (packed or not), maps, oneofs
// and proto3 `optional` fields. int64 values travel as JS numbers; a value
// outside the safe integer range is refused rather than rounded.
//
// encode.ts writes a message, decode.ts reads one; this module is what the rest of the provider
// imports.
import type { MessageTypes } from "./types.js";

/** What an encoder accepts: every field may be left out. */
export type Writable<T> = T extends Uint8Array
  ? Uint8Array
  : T extends readonly (infer U)[]
    ? Writable<U>[]
    : T extends object
      ? { [K in keyof T]?: Writable<T[K]> }
      : T;

export type MessageName = keyof MessageTypes;

export { encode } from "./encode.js";
export { decode, ProtoDecodeError } from "./decode.js";
