// Low-level MessagePack reading and writing: the token layer under the
// type-driven cty codec (msgpack.ts). Integers beyond 2^53 stay bigint.

import { ByteWriter } from "./byte-writer.js";

export class MsgpackError extends Error {}

/** Strings up to this many bytes take the ASCII fast paths (a fixstr holds up to 31). */
const SHORT_STRING = 31;

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x80) return false;
  return true;
}

export type Token =
  | { t: "nil" }
  | { t: "bool"; v: boolean }
  | { t: "int"; v: number | bigint }
  | { t: "float"; v: number }
  | { t: "str"; v: string }
  | { t: "bin"; v: Uint8Array }
  | { t: "array"; n: number }
  | { t: "map"; n: number }
  | { t: "ext"; type: number; data: Uint8Array; raw: Uint8Array };

export class MsgpackReader {
  pos = 0;
  private readonly view: DataView;
  constructor(readonly buf: Uint8Array) {
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  get done(): boolean {
    return this.pos >= this.buf.length;
  }

  private need(n: number): void {
    if (this.pos + n > this.buf.length) throw new MsgpackError("msgpack value truncated");
  }
  private u8(): number {
    this.need(1);
    return this.buf[this.pos++]!;
  }
  private u16(): number {
    this.need(2);
    const v = this.view.getUint16(this.pos);
    this.pos += 2;
    return v;
  }
  private u32(): number {
    this.need(4);
    const v = this.view.getUint32(this.pos);
    this.pos += 4;
    return v;
  }
  private bytes(n: number): Uint8Array {
    this.need(n);
    const out = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }
  private str(n: number): string {
    if (n <= SHORT_STRING) {
      // Attribute names and most values are short ASCII: no Buffer per string.
      this.need(n);
      const end = this.pos + n;
      let out = "";
      let i = this.pos;
      for (; i < end; i++) {
        const c = this.buf[i]!;
        if (c >= 0x80) break;
        out += String.fromCharCode(c);
      }
      if (i === end) {
        this.pos = end;
        return out;
      }
    }
    const b = this.bytes(n);
    return Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("utf8");
  }
  private int64(signed: boolean): number | bigint {
    this.need(8);
    const v = signed ? this.view.getBigInt64(this.pos) : this.view.getBigUint64(this.pos);
    this.pos += 8;
    return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
  }
  private ext(size: number): Token {
    const start = this.pos - 1;
    const type = this.view.getInt8(this.pos);
    this.pos += 1;
    const data = this.bytes(size);
    return { t: "ext", type, data, raw: this.buf.subarray(start, this.pos) };
  }

  /** Reads the next token; containers report only their length. */
  next(): Token {
    const start = this.pos;
    const b = this.u8();
    if (b <= 0x7f) return { t: "int", v: b };
    if (b >= 0xe0) return { t: "int", v: b - 0x100 };
    if (b >= 0xa0 && b <= 0xbf) return { t: "str", v: this.str(b & 0x1f) };
    if (b >= 0x90 && b <= 0x9f) return { t: "array", n: b & 0x0f };
    if (b >= 0x80 && b <= 0x8f) return { t: "map", n: b & 0x0f };
    switch (b) {
      case 0xc0:
        return { t: "nil" };
      case 0xc2:
        return { t: "bool", v: false };
      case 0xc3:
        return { t: "bool", v: true };
      case 0xc4:
        return { t: "bin", v: this.bytes(this.u8()) };
      case 0xc5:
        return { t: "bin", v: this.bytes(this.u16()) };
      case 0xc6:
        return { t: "bin", v: this.bytes(this.u32()) };
      case 0xc7:
      case 0xc8:
      case 0xc9: {
        const size = b === 0xc7 ? this.u8() : b === 0xc8 ? this.u16() : this.u32();
        const tok = this.ext(size);
        return { ...tok, raw: this.buf.subarray(start, this.pos) } as Token;
      }
      case 0xca: {
        this.need(4);
        const v = this.view.getFloat32(this.pos);
        this.pos += 4;
        return { t: "float", v };
      }
      case 0xcb: {
        this.need(8);
        const v = this.view.getFloat64(this.pos);
        this.pos += 8;
        return { t: "float", v };
      }
      case 0xcc:
        return { t: "int", v: this.u8() };
      case 0xcd:
        return { t: "int", v: this.u16() };
      case 0xce:
        return { t: "int", v: this.u32() };
      case 0xcf:
        return { t: "int", v: this.int64(false) };
      case 0xd0: {
        this.need(1);
        const v = this.view.getInt8(this.pos);
        this.pos += 1;
        return { t: "int", v };
      }
      case 0xd1: {
        this.need(2);
        const v = this.view.getInt16(this.pos);
        this.pos += 2;
        return { t: "int", v };
      }
      case 0xd2: {
        this.need(4);
        const v = this.view.getInt32(this.pos);
        this.pos += 4;
        return { t: "int", v };
      }
      case 0xd3:
        return { t: "int", v: this.int64(true) };
      case 0xd4:
      case 0xd5:
      case 0xd6:
      case 0xd7:
      case 0xd8:
        return this.ext(1 << (b - 0xd4));
      case 0xd9:
        return { t: "str", v: this.str(this.u8()) };
      case 0xda:
        return { t: "str", v: this.str(this.u16()) };
      case 0xdb:
        return { t: "str", v: this.str(this.u32()) };
      case 0xdc:
        return { t: "array", n: this.u16() };
      case 0xdd:
        return { t: "array", n: this.u32() };
      case 0xde:
        return { t: "map", n: this.u16() };
      case 0xdf:
        return { t: "map", n: this.u32() };
      default:
        throw new MsgpackError(`invalid msgpack byte 0x${b.toString(16)}`);
    }
  }

  /** Skips one complete value. */
  skip(): void {
    const tok = this.next();
    if (tok.t === "array") for (let i = 0; i < tok.n; i++) this.skip();
    else if (tok.t === "map") for (let i = 0; i < tok.n * 2; i++) this.skip();
  }
}

export class MsgpackWriter extends ByteWriter {
  private byte(b: number): void {
    this.ensure(1);
    this.buf[this.pos++] = b;
  }

  nil(): void {
    this.byte(0xc0);
  }
  bool(v: boolean): void {
    this.byte(v ? 0xc3 : 0xc2);
  }
  /** The shortest integer form; bigint outside int64/uint64 is the caller's business. */
  int(v: number | bigint): void {
    if (typeof v === "number" && v >= 0 && v <= 0x7f) return this.byte(v);
    if (typeof v === "number" && v < 0 && v >= -32) return this.byte(v + 0x100);
    const big = BigInt(v);
    this.ensure(9);
    if (big >= 0n) {
      if (big <= 0xffn) {
        this.buf[this.pos++] = 0xcc;
        this.buf[this.pos++] = Number(big);
      } else if (big <= 0xffffn) {
        this.buf[this.pos++] = 0xcd;
        this.view.setUint16(this.pos, Number(big));
        this.pos += 2;
      } else if (big <= 0xffffffffn) {
        this.buf[this.pos++] = 0xce;
        this.view.setUint32(this.pos, Number(big));
        this.pos += 4;
      } else if (big <= 0x7fffffffffffffffn) {
        this.buf[this.pos++] = 0xd3;
        this.view.setBigInt64(this.pos, big);
        this.pos += 8;
      } else {
        this.buf[this.pos++] = 0xcf;
        this.view.setBigUint64(this.pos, big);
        this.pos += 8;
      }
      return;
    }
    if (big >= -0x80n) {
      this.buf[this.pos++] = 0xd0;
      this.view.setInt8(this.pos, Number(big));
      this.pos += 1;
    } else if (big >= -0x8000n) {
      this.buf[this.pos++] = 0xd1;
      this.view.setInt16(this.pos, Number(big));
      this.pos += 2;
    } else if (big >= -0x80000000n) {
      this.buf[this.pos++] = 0xd2;
      this.view.setInt32(this.pos, Number(big));
      this.pos += 4;
    } else {
      this.buf[this.pos++] = 0xd3;
      this.view.setBigInt64(this.pos, big);
      this.pos += 8;
    }
  }
  float64(v: number): void {
    this.ensure(9);
    this.buf[this.pos++] = 0xcb;
    this.view.setFloat64(this.pos, v);
    this.pos += 8;
  }
  str(s: string): void {
    const len = s.length;
    if (len <= SHORT_STRING && isAscii(s)) {
      // fixstr header and one byte per character, written in place
      this.ensure(1 + len);
      this.buf[this.pos++] = 0xa0 | len;
      for (let i = 0; i < len; i++) this.buf[this.pos++] = s.charCodeAt(i);
      return;
    }
    const bytes = Buffer.from(s, "utf8");
    const n = bytes.length;
    if (n <= 31) this.byte(0xa0 | n);
    else if (n <= 0xff) this.header(0xd9, n, 1);
    else if (n <= 0xffff) this.header(0xda, n, 2);
    else this.header(0xdb, n, 4);
    this.raw(bytes);
  }
  bin(bytes: Uint8Array): void {
    const n = bytes.length;
    if (n <= 0xff) this.header(0xc4, n, 1);
    else if (n <= 0xffff) this.header(0xc5, n, 2);
    else this.header(0xc6, n, 4);
    this.raw(bytes);
  }
  array(n: number): void {
    if (n <= 15) this.byte(0x90 | n);
    else if (n <= 0xffff) this.header(0xdc, n, 2);
    else this.header(0xdd, n, 4);
  }
  map(n: number): void {
    if (n <= 15) this.byte(0x80 | n);
    else if (n <= 0xffff) this.header(0xde, n, 2);
    else this.header(0xdf, n, 4);
  }
  /** An extension value with its payload, in the shortest form. */
  ext(type: number, data: Uint8Array): void {
    const n = data.length;
    const fixed = [1, 2, 4, 8, 16].indexOf(n);
    if (fixed >= 0) this.byte(0xd4 + fixed);
    else if (n <= 0xff) this.header(0xc7, n, 1);
    else if (n <= 0xffff) this.header(0xc8, n, 2);
    else this.header(0xc9, n, 4);
    this.ensure(1);
    this.view.setInt8(this.pos++, type);
    this.raw(data);
  }

  private header(code: number, n: number, size: 1 | 2 | 4): void {
    this.ensure(1 + size);
    this.buf[this.pos++] = code;
    if (size === 1) this.buf[this.pos++] = n;
    else if (size === 2) {
      this.view.setUint16(this.pos, n);
      this.pos += 2;
    } else {
      this.view.setUint32(this.pos, n);
      this.pos += 4;
    }
  }
}
