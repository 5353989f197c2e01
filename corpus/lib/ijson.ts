// Raw-first I-JSON (RFC 7493) decoding of request and response documents.
//
// JSON.parse silently keeps the last of two duplicate members, accepts lone surrogates and turns
// 1e400 into Infinity, so the raw text is checked by this small recursive-descent parser instead.
// It refuses, naming the JSON pointer of the offending value:
//   - bytes that are not UTF-8 (and a leading byte order mark),
//   - duplicate member names in any object at any depth,
//   - lone surrogates (raw or escaped) and Unicode noncharacters in strings and member names,
//   - numbers that overflow binary64, underflow it to zero, or integer literals it cannot hold exactly,
//   - nesting deeper than the limit, malformed syntax and trailing data.
// See docs/decisions/0001-i-json-decoding-limits.md for the chosen limits.

import { abbreviate, denotesDouble, describeChar, hexValue, isDigit, nonCharacterMessage } from "./ijson-lexical.js";

export type IJsonResult =
  | { ok: true; value: unknown }
  | { ok: false; message: string; pointer: string; offset: number };

export interface IJsonOptions {
  /** Deepest allowed nesting of arrays/objects (the top-level container is depth 1). */
  maxDepth?: number;
}

export const IJSON_MAX_DEPTH = 64;

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Decodes one I-JSON document from raw bytes (or an already decoded string). */
export function parseIJson(input: Uint8Array | string, options: IJsonOptions = {}): IJsonResult {
  let text: string;
  if (typeof input === "string") {
    text = input;
  } else {
    try {
      text = decoder.decode(input);
    } catch {
      return { ok: false, message: "document is not valid UTF-8; I-JSON requires UTF-8 text", pointer: "", offset: 0 };
    }
  }
  const parser = new Parser(text, options.maxDepth ?? IJSON_MAX_DEPTH);
  try {
    const value = parser.parseDocument();
    return { ok: true, value };
  } catch (error) {
    if (error instanceof IJsonError) {
      const where = error.pointer === "" ? "document root" : error.pointer;
      return { ok: false, message: `${where}: ${error.message}`, pointer: error.pointer, offset: error.offset };
    }
    throw error;
  }
}

class IJsonError extends Error {
  constructor(
    message: string,
    readonly pointer: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

function escapePointerToken(token: string | number): string {
  return typeof token === "number" ? String(token) : token.replace(/~/g, "~0").replace(/\//g, "~1");
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

class Parser {
  private pos = 0;
  private depth = 0;
  private readonly path: (string | number)[] = [];

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
  ) {}

  parseDocument(): unknown {
    if (this.text.charCodeAt(0) === 0xfeff) this.fail("byte order mark is not allowed; I-JSON text starts with a JSON value");
    this.skipWs();
    if (this.pos >= this.text.length) this.fail("empty document; a JSON value is required");
    const value = this.parseValue();
    this.skipWs();
    if (this.pos < this.text.length) this.fail("trailing data after the JSON value; exactly one value is required");
    return value;
  }

  private pointer(extra?: string | number): string {
    let out = "";
    for (const token of this.path) out += "/" + escapePointerToken(token);
    if (extra !== undefined) out += "/" + escapePointerToken(extra);
    return out;
  }

  private fail(message: string, extra?: string | number): never {
    throw new IJsonError(message, this.pointer(extra), this.pos);
  }

  private skipWs(): void {
    const text = this.text;
    let pos = this.pos;
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) pos++;
      else break;
    }
    this.pos = pos;
  }

  private parseValue(): unknown {
    const c = this.text.charCodeAt(this.pos);
    switch (c) {
      case 0x7b /* { */:
        return this.parseObject();
      case 0x5b /* [ */:
        return this.parseArray();
      case 0x22 /* " */:
        return this.parseString();
      case 0x74 /* t */:
        return this.parseLiteral("true", true);
      case 0x66 /* f */:
        return this.parseLiteral("false", false);
      case 0x6e /* n */:
        return this.parseLiteral("null", null);
      default:
        if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return this.parseNumber();
        if (Number.isNaN(c)) this.fail("unexpected end of document; a JSON value is required");
        return this.fail(`unexpected character ${describeChar(c)}; a JSON value is required`);
    }
  }

  private parseLiteral<T>(word: string, value: T): T {
    if (!this.text.startsWith(word, this.pos)) this.fail(`invalid literal; expected ${word}`);
    this.pos += word.length;
    return value;
  }

  private enter(): void {
    if (++this.depth > this.maxDepth) this.fail(`nesting deeper than ${this.maxDepth} levels is not allowed`);
  }

  private parseObject(): Record<string, unknown> {
    this.enter();
    this.pos++; // {
    const out: Record<string, unknown> = {};
    this.skipWs();
    if (this.text.charCodeAt(this.pos) === 0x7d) {
      this.pos++;
      this.depth--;
      return out;
    }
    for (;;) {
      if (this.text.charCodeAt(this.pos) !== 0x22) this.fail("expected a member name string");
      const key = this.parseString();
      if (Object.prototype.hasOwnProperty.call(out, key)) {
        this.fail(`duplicate member name ${JSON.stringify(key)}; I-JSON requires member names to be unique`, key);
      }
      this.skipWs();
      if (this.text.charCodeAt(this.pos) !== 0x3a) this.fail("expected ':' after a member name", key);
      this.pos++;
      this.skipWs();
      this.path.push(key);
      const value = this.parseValue();
      this.path.pop();
      if (key === "__proto__") {
        Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      } else {
        out[key] = value;
      }
      this.skipWs();
      const c = this.text.charCodeAt(this.pos);
      if (c === 0x2c) {
        this.pos++;
        this.skipWs();
        continue;
      }
      if (c === 0x7d) {
        this.pos++;
        this.depth--;
        return out;
      }
      this.fail("expected ',' or '}' in an object");
    }
  }

  private parseArray(): unknown[] {
    this.enter();
    this.pos++; // [
    const out: unknown[] = [];
    this.skipWs();
    if (this.text.charCodeAt(this.pos) === 0x5d) {
      this.pos++;
      this.depth--;
      return out;
    }
    for (;;) {
      this.path.push(out.length);
      out.push(this.parseValue());
      this.path.pop();
      this.skipWs();
      const c = this.text.charCodeAt(this.pos);
      if (c === 0x2c) {
        this.pos++;
        this.skipWs();
        continue;
      }
      if (c === 0x5d) {
        this.pos++;
        this.depth--;
        return out;
      }
      this.fail("expected ',' or ']' in an array");
    }
  }

  private parseString(): string {
    const text = this.text;
    const start = ++this.pos; // opening quote
    let pos = start;
    // Fast path: no escapes, no characters that need checking.
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === 0x22) {
        this.pos = pos + 1;
        return text.slice(start, pos);
      }
      // Characters from U+D800 up (surrogates, noncharacters) and escapes take the slow path.
      if (c === 0x5c || c < 0x20 || c >= 0xd800 || Number.isNaN(c)) break;
      pos++;
    }
    this.pos = pos;
    return text.slice(start, pos) + this.parseStringSlow();
  }

  /** Continues a string from this.pos, handling escapes, surrogates and noncharacters. */
  private parseStringSlow(): string {
    const text = this.text;
    let out = "";
    let pendingHigh = -1; // a high surrogate waiting for its low half
    for (;;) {
      const c = text.charCodeAt(this.pos);
      if (Number.isNaN(c)) this.fail("unterminated string");
      let unit: number;
      if (c === 0x22) {
        if (pendingHigh >= 0) this.fail("lone surrogate in string; I-JSON requires valid Unicode");
        this.pos++;
        return out;
      }
      if (c === 0x5c) {
        unit = this.parseEscape();
      } else {
        if (c < 0x20) this.fail(`unescaped control character ${describeChar(c)} in string`);
        unit = c;
        this.pos++;
      }
      if (pendingHigh >= 0) {
        if (unit < 0xdc00 || unit > 0xdfff) this.fail("lone surrogate in string; I-JSON requires valid Unicode");
        const codePoint = ((pendingHigh - 0xd800) << 10) + (unit - 0xdc00) + 0x10000;
        if ((codePoint & 0xfffe) === 0xfffe) this.fail(nonCharacterMessage(codePoint));
        out += String.fromCharCode(pendingHigh, unit);
        pendingHigh = -1;
        continue;
      }
      if (unit >= 0xd800 && unit <= 0xdbff) {
        pendingHigh = unit;
        continue;
      }
      if (unit >= 0xdc00 && unit <= 0xdfff) this.fail("lone surrogate in string; I-JSON requires valid Unicode");
      if ((unit >= 0xfdd0 && unit <= 0xfdef) || unit === 0xfffe || unit === 0xffff) this.fail(nonCharacterMessage(unit));
      out += String.fromCharCode(unit);
    }
  }

  /** Reads one escape sequence at this.pos (a backslash) and returns the UTF-16 code unit it denotes. */
  private parseEscape(): number {
    const text = this.text;
    const e = text.charCodeAt(this.pos + 1);
    this.pos += 2;
    switch (e) {
      case 0x22:
        return 0x22;
      case 0x5c:
        return 0x5c;
      case 0x2f:
        return 0x2f;
      case 0x62:
        return 0x08;
      case 0x66:
        return 0x0c;
      case 0x6e:
        return 0x0a;
      case 0x72:
        return 0x0d;
      case 0x74:
        return 0x09;
      case 0x75: {
        let unit = 0;
        for (let i = 0; i < 4; i++) {
          const h = hexValue(text.charCodeAt(this.pos + i));
          if (h < 0) this.fail("invalid \\u escape; four hexadecimal digits are required");
          unit = (unit << 4) | h;
        }
        this.pos += 4;
        return unit;
      }
      default:
        this.pos -= 2;
        return this.fail("invalid escape sequence in string");
    }
  }

  private parseNumber(): number {
    const text = this.text;
    const start = this.pos;
    let pos = start;
    if (text.charCodeAt(pos) === 0x2d) pos++;
    const intStart = pos;
    let c = text.charCodeAt(pos);
    if (c === 0x30) {
      pos++;
    } else if (c >= 0x31 && c <= 0x39) {
      while (isDigit(text.charCodeAt(pos))) pos++;
    } else {
      this.pos = pos;
      this.fail("invalid number; a digit is required");
    }
    if (isDigit(text.charCodeAt(pos))) {
      this.pos = pos;
      this.fail("invalid number; leading zeros are not allowed");
    }
    const intEnd = pos;
    let integerLiteral = true;
    c = text.charCodeAt(pos);
    if (c === 0x2e) {
      integerLiteral = false;
      pos++;
      if (!isDigit(text.charCodeAt(pos))) {
        this.pos = pos;
        this.fail("invalid number; digits are required after the decimal point");
      }
      while (isDigit(text.charCodeAt(pos))) pos++;
      c = text.charCodeAt(pos);
    }
    const mantissaEnd = pos;
    if (c === 0x65 || c === 0x45) {
      integerLiteral = false;
      pos++;
      c = text.charCodeAt(pos);
      if (c === 0x2b || c === 0x2d) pos++;
      if (!isDigit(text.charCodeAt(pos))) {
        this.pos = pos;
        this.fail("invalid number; digits are required in the exponent");
      }
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
    const literal = text.slice(start, pos);
    const value = Number(literal);
    this.pos = start;
    if (!Number.isFinite(value)) {
      this.fail(`number ${abbreviate(literal)} overflows binary64; I-JSON requires numbers within IEEE 754 double range`);
    }
    if (value === 0 && /[1-9]/.test(text.slice(intStart, mantissaEnd))) {
      this.fail(`number ${abbreviate(literal)} underflows binary64 to zero; I-JSON requires numbers within IEEE 754 double range`);
    }
    if (integerLiteral && intEnd - intStart > 15 && (value > MAX_SAFE || value < -MAX_SAFE) && !denotesDouble(literal, value)) {
      this.fail(`integer ${abbreviate(literal)} is not exactly representable in binary64; I-JSON requires IEEE 754 double precision`);
    }
    this.pos = pos;
    return value;
  }
}
