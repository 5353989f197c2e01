// The protobuf decoder of codec.ts: a message read into a plain object (absent fields as their
// proto3 defaults), driven by the generated descriptor table.
import type { MessageName } from "./codec.js";
import { descriptor } from "./descriptor.js";
import type { FieldDescriptor } from "./descriptor-types.js";
import type { MessageTypes } from "./types.js";
import { FIXED32_TYPES, FIXED64_TYPES, WIRE_FIXED32, WIRE_FIXED64, WIRE_LEN, WIRE_VARINT, wireTypeOf } from "./wire.js";

export class ProtoDecodeError extends Error {}

class Reader {
  pos: number;
  private readonly view: DataView;
  constructor(
    readonly buf: Uint8Array,
    start = 0,
    readonly end = buf.length,
  ) {
    this.pos = start;
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  varint(): bigint | number {
    let result = 0;
    let shift = 0;
    while (shift < 28) {
      const b = this.byte();
      result |= (b & 0x7f) << shift;
      if (b < 0x80) return result >>> 0;
      shift += 7;
    }
    let big = BigInt(result >>> 0);
    let bigShift = 28n;
    for (let i = 0; i < 6; i++) {
      const b = this.byte();
      big |= BigInt(b & 0x7f) << bigShift;
      if (b < 0x80) return BigInt.asUintN(64, big);
      bigShift += 7n;
    }
    throw new ProtoDecodeError("varint longer than 10 bytes");
  }

  byte(): number {
    if (this.pos >= this.end) throw new ProtoDecodeError("message truncated");
    return this.buf[this.pos++]!;
  }

  take(n: number): Uint8Array {
    if (n < 0 || this.pos + n > this.end) throw new ProtoDecodeError("message truncated");
    const out = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  length(): number {
    const n = this.varint();
    if (typeof n === "bigint" || n > this.end - this.pos) throw new ProtoDecodeError("length beyond end of message");
    return n;
  }

  fixed64(type: string): number | bigint {
    if (this.pos + 8 > this.end) throw new ProtoDecodeError("message truncated");
    const at = this.pos;
    this.pos += 8;
    if (type === "double") return this.view.getFloat64(at, true);
    return type === "sfixed64" ? this.view.getBigInt64(at, true) : this.view.getBigUint64(at, true);
  }

  fixed32(type: string): number {
    if (this.pos + 4 > this.end) throw new ProtoDecodeError("message truncated");
    const at = this.pos;
    this.pos += 4;
    if (type === "float") return this.view.getFloat32(at, true);
    return type === "sfixed32" ? this.view.getInt32(at, true) : this.view.getUint32(at, true);
  }

  skip(wire: number): void {
    switch (wire) {
      case WIRE_VARINT:
        this.varint();
        return;
      case WIRE_FIXED64:
        this.take(8);
        return;
      case WIRE_LEN:
        this.take(this.length());
        return;
      case WIRE_FIXED32:
        this.take(4);
        return;
      default:
        throw new ProtoDecodeError(`unsupported wire type ${wire}`);
    }
  }
}

function safeNumber(v: bigint, what: string): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new ProtoDecodeError(`${what} value ${v} is outside the safe integer range`);
  return n;
}

function readScalar(r: Reader, type: string, ref: string | undefined): unknown {
  switch (type) {
    case "string": {
      const bytes = r.take(r.length());
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
    }
    case "bytes":
      return r.take(r.length());
    case "bool":
      return r.varint() !== 0;
    case "enum": {
      const raw = r.varint();
      const n = typeof raw === "bigint" ? Number(BigInt.asIntN(32, raw)) : raw | 0;
      return enumNames(ref!).get(n) ?? n;
    }
    case "int32": {
      const raw = r.varint();
      return typeof raw === "bigint" ? Number(BigInt.asIntN(32, raw)) : raw | 0;
    }
    case "uint32": {
      const raw = r.varint();
      return typeof raw === "bigint" ? Number(BigInt.asUintN(32, raw)) : raw;
    }
    case "int64":
      return safeNumber(BigInt.asIntN(64, BigInt(r.varint())), type);
    case "uint64":
      return safeNumber(BigInt(r.varint()), type);
    case "sint32":
    case "sint64": {
      const v = BigInt(r.varint());
      return safeNumber((v >> 1n) ^ -(v & 1n), type);
    }
    default:
      if (FIXED64_TYPES.has(type)) {
        const v = r.fixed64(type);
        return typeof v === "bigint" ? safeNumber(v, type) : v;
      }
      if (FIXED32_TYPES.has(type)) return r.fixed32(type);
      throw new ProtoDecodeError(`unsupported protobuf type ${type}`);
  }
}

function readValue(r: Reader, type: string, ref: string | undefined): unknown {
  if (type === "message") {
    const n = r.length();
    const start = r.pos;
    r.pos += n;
    return decodeMessage(ref!, r.buf, start, start + n);
  }
  return readScalar(r, type, ref);
}

function defaultOf(field: FieldDescriptor): unknown {
  if (field.map) return Object.create(null) as Record<string, unknown>;
  if (field.repeated) return [];
  if (field.type === "message" || field.oneof !== undefined || field.optional) return undefined;
  switch (field.type) {
    case "string":
      return "";
    case "bytes":
      return new Uint8Array(0);
    case "bool":
      return false;
    case "enum": {
      const values = descriptor.enums[field.ref!]!;
      return Object.keys(values).find((k) => values[k] === 0) ?? 0;
    }
    default:
      return 0;
  }
}

const enumNameCache = new Map<string, Map<number, string>>();
/** number -> name of an enum, the first name declared for a number winning. */
function enumNames(ref: string): Map<number, string> {
  let m = enumNameCache.get(ref);
  if (!m) {
    m = new Map();
    for (const [name, value] of Object.entries(descriptor.enums[ref]!)) if (!m.has(value)) m.set(value, name);
    enumNameCache.set(ref, m);
  }
  return m;
}

/** The fields of a message whose absence decodes to a value, with that value (a fresh one for lists, maps and bytes). */
type Default = { name: string; fresh: "list" | "map" | "bytes" | undefined; value: unknown };
const defaultsCache = new Map<string, Default[]>();
function defaultsOf(name: string, fields: Map<number, FieldDescriptor>): Default[] {
  let d = defaultsCache.get(name);
  if (!d) {
    d = [];
    for (const f of fields.values()) {
      const value = defaultOf(f);
      if (value === undefined) continue;
      const fresh = f.map ? "map" : f.repeated ? "list" : f.type === "bytes" ? "bytes" : undefined;
      d.push({ name: f.name, fresh, value });
    }
    defaultsCache.set(name, d);
  }
  return d;
}

const byIdCache = new Map<string, Map<number, FieldDescriptor>>();
function fieldsById(name: string): Map<number, FieldDescriptor> {
  let m = byIdCache.get(name);
  if (!m) {
    const fields = descriptor.messages[name];
    if (!fields) throw new TypeError(`unknown protobuf message ${name}`);
    m = new Map(fields.map((f) => [f.id, f]));
    byIdCache.set(name, m);
  }
  return m;
}

function decodeMessage(name: string, buf: Uint8Array, start: number, end: number): Record<string, unknown> {
  const fields = fieldsById(name);
  const out: Record<string, unknown> = {};
  for (const d of defaultsOf(name, fields)) {
    out[d.name] =
      d.fresh === undefined ? d.value : d.fresh === "list" ? [] : d.fresh === "map" ? (Object.create(null) as Record<string, unknown>) : new Uint8Array(0);
  }
  const r = new Reader(buf, start, end);
  while (r.pos < end) {
    const key = r.varint();
    if (typeof key === "bigint") throw new ProtoDecodeError("field key out of range");
    const id = Math.floor(key / 8);
    const wire = key & 7;
    const field = fields.get(id);
    if (!field) {
      r.skip(wire);
      continue;
    }
    if (field.map) {
      const n = r.length();
      const entryEnd = r.pos + n;
      const entry = new Reader(buf, r.pos, entryEnd);
      r.pos = entryEnd;
      let k: unknown = field.map.key === "string" ? "" : 0;
      let v: unknown = defaultOf({ id: 2, name: "value", type: field.map.type, ref: field.map.ref });
      while (entry.pos < entryEnd) {
        const ek = entry.varint() as number;
        if (ek >>> 3 === 1) k = readScalar(entry, field.map.key, undefined);
        else if (ek >>> 3 === 2) v = readValue(entry, field.map.type, field.map.ref);
        else entry.skip(ek & 7);
      }
      if (v === undefined && field.map.type === "message") v = decodeMessage(field.map.ref!, buf, 0, 0);
      (out[field.name] as Record<string, unknown>)[String(k)] = v;
      continue;
    }
    if (field.repeated) {
      const list = out[field.name] as unknown[];
      if (wire === WIRE_LEN && wireTypeOf(field.type) !== WIRE_LEN) {
        const n = r.length();
        const packed = new Reader(buf, r.pos, r.pos + n);
        r.pos += n;
        while (packed.pos < packed.end) list.push(readScalar(packed, field.type, field.ref));
      } else {
        list.push(readValue(r, field.type, field.ref));
      }
      continue;
    }
    const expected = field.type === "message" ? WIRE_LEN : wireTypeOf(field.type);
    if (wire !== expected) throw new ProtoDecodeError(`${name}.${field.name}: wire type ${wire}, expected ${expected}`);
    if (field.oneof !== undefined) {
      for (const other of fields.values()) if (other.oneof === field.oneof) delete out[other.name];
    }
    out[field.name] = readValue(r, field.type, field.ref);
  }
  return out;
}

/** Decodes `bytes` as the message `name`; absent scalar fields take their proto3 default. */
export function decode<K extends MessageName>(name: K, bytes: Uint8Array): MessageTypes[K] {
  return decodeMessage(name, bytes, 0, bytes.length) as unknown as MessageTypes[K];
}
