// The protobuf encoder of codec.ts: a message written from a plain object, driven by the
// generated descriptor table.
import type { Writable, MessageName } from "./codec.js";
import { descriptor } from "./descriptor.js";
import type { FieldDescriptor } from "./descriptor-types.js";
import type { MessageTypes } from "./types.js";
import { ByteWriter } from "../wire/byte-writer.js";
import { FIXED32_TYPES, FIXED64_TYPES, WIRE_LEN, wireTypeOf } from "./wire.js";

const utf8 = new TextEncoder();

class Writer extends ByteWriter {
  varint(value: number | bigint): void {
    this.ensure(10);
    if (typeof value === "number" && value >= 0 && value <= 0x7fffffff) {
      let v = value;
      while (v > 0x7f) {
        this.buf[this.pos++] = (v & 0x7f) | 0x80;
        v >>>= 7;
      }
      this.buf[this.pos++] = v;
      return;
    }
    let v = BigInt.asUintN(64, BigInt(value));
    while (v > 0x7fn) {
      this.buf[this.pos++] = Number(v & 0x7fn) | 0x80;
      v >>= 7n;
    }
    this.buf[this.pos++] = Number(v);
  }

  tag(id: number, wire: number): void {
    this.varint(id * 8 + wire);
  }

  lenPrefixed(bytes: Uint8Array): void {
    this.varint(bytes.length);
    this.raw(bytes);
  }

  /** A length-prefixed UTF-8 string, encoded straight into the buffer. */
  string(value: string): void {
    const n = Buffer.byteLength(value, "utf8");
    this.varint(n);
    this.ensure(n);
    if (n > 0) utf8.encodeInto(value, this.buf.subarray(this.pos, this.pos + n));
    this.pos += n;
  }

  /**
   * Writes `body` length-prefixed without a writer of its own: the body goes
   * into this buffer, then moves right by the size of its length varint.
   */
  nested(body: () => void): void {
    const start = this.pos;
    body();
    const n = this.pos - start;
    let size = 1;
    while (n >= 2 ** (7 * size)) size++;
    this.ensure(size);
    this.buf.copyWithin(start + size, start, start + n);
    let v = n;
    for (let i = 0; i < size - 1; i++, v = Math.floor(v / 128)) this.buf[start + i] = (v % 128) | 0x80;
    this.buf[start + size - 1] = v;
    this.pos = start + size + n;
  }

  fixed64(type: string, value: number | bigint): void {
    this.ensure(8);
    if (type === "double") this.view.setFloat64(this.pos, Number(value), true);
    else this.view.setBigUint64(this.pos, BigInt.asUintN(64, BigInt(value)), true);
    this.pos += 8;
  }

  fixed32(type: string, value: number): void {
    this.ensure(4);
    if (type === "float") this.view.setFloat32(this.pos, value, true);
    else if (type === "sfixed32") this.view.setInt32(this.pos, value, true);
    else this.view.setUint32(this.pos, value, true);
    this.pos += 4;
  }
}

function enumNumber(ref: string, value: unknown): number {
  if (typeof value === "number") return value;
  const n = descriptor.enums[ref]?.[value as string];
  if (n === undefined) throw new TypeError(`${String(value)} is not a value of enum ${ref}`);
  return n;
}

function isDefault(type: string, value: unknown): boolean {
  if (value === undefined || value === null) return true;
  switch (type) {
    case "string":
      return value === "";
    case "bytes":
      return (value as Uint8Array).length === 0;
    case "bool":
      return value === false;
    case "enum":
      return value === 0;
    default:
      return value === 0 || value === 0n;
  }
}

function zigzag(type: string, value: number | bigint): number | bigint {
  if (type === "sint32") {
    const n = Number(value);
    return ((n << 1) ^ (n >> 31)) >>> 0;
  }
  const v = BigInt(value);
  return BigInt.asUintN(64, (v << 1n) ^ (v >> 63n));
}

function writeScalar(w: Writer, type: string, ref: string | undefined, value: unknown): void {
  switch (type) {
    case "string":
      w.string(value as string);
      return;
    case "bytes":
      w.lenPrefixed(value as Uint8Array);
      return;
    case "bool":
      w.varint(value ? 1 : 0);
      return;
    case "enum":
      w.varint(enumNumber(ref!, value));
      return;
    case "sint32":
    case "sint64":
      w.varint(zigzag(type, value as number | bigint));
      return;
    case "int32":
    case "int64":
    case "uint32":
    case "uint64": {
      const n = value as number | bigint;
      if (typeof n === "number" && !Number.isSafeInteger(n)) throw new TypeError(`${String(n)} is not an integer`);
      w.varint(n);
      return;
    }
    default:
      if (FIXED64_TYPES.has(type)) w.fixed64(type, value as number);
      else if (FIXED32_TYPES.has(type)) w.fixed32(type, value as number);
      else throw new TypeError(`unsupported protobuf type ${type}`);
  }
}

function writeValue(w: Writer, id: number, type: string, ref: string | undefined, value: unknown): void {
  if (type === "message") {
    w.tag(id, WIRE_LEN);
    w.nested(() => writeMessage(w, ref!, value as Record<string, unknown>));
    return;
  }
  w.tag(id, wireTypeOf(type));
  writeScalar(w, type, ref, value);
}

function writeField(w: Writer, field: FieldDescriptor, value: unknown): void {
  if (field.map) {
    const map = field.map;
    for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
      w.tag(field.id, WIRE_LEN);
      w.nested(() => {
        writeValue(w, 1, map.key, undefined, map.key === "string" ? key : keyFromString(map.key, key));
        writeValue(w, 2, map.type, map.ref, entry);
      });
    }
    return;
  }
  if (field.repeated) {
    const items = value as unknown[];
    if (items.length === 0) return;
    if (wireTypeOf(field.type) !== WIRE_LEN) {
      w.tag(field.id, WIRE_LEN);
      w.nested(() => {
        for (const item of items) writeScalar(w, field.type, field.ref, item);
      });
    } else {
      for (const item of items) writeValue(w, field.id, field.type, field.ref, item);
    }
    return;
  }
  if (field.type === "message") {
    writeValue(w, field.id, field.type, field.ref, value);
    return;
  }
  const explicit = field.oneof !== undefined || field.optional === true;
  const v = field.type === "enum" ? enumNumber(field.ref!, value) : value;
  if (!explicit && isDefault(field.type, v)) return;
  writeValue(w, field.id, field.type, field.ref, v);
}

function keyFromString(type: string, key: string): unknown {
  if (type === "bool") return key === "true";
  return type.endsWith("64") ? BigInt(key) : Number(key);
}

function writeMessage(w: Writer, name: string, value: Record<string, unknown>): void {
  const fields = descriptor.messages[name];
  if (!fields) throw new TypeError(`unknown protobuf message ${name}`);
  for (const field of fields) {
    const v = value[field.name];
    if (v === undefined || v === null) continue;
    writeField(w, field, v);
  }
}

/** Encodes `value` as the message `name`. Fields left out take their proto3 default. */
export function encode<K extends MessageName>(name: K, value: Writable<MessageTypes[K]>): Uint8Array {
  const w = new Writer();
  writeMessage(w, name, value as Record<string, unknown>);
  return w.finish();
}
