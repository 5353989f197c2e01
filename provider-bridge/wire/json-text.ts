// A JSON parser that keeps every number's text (Node 20's JSON.parse would
// round 12345678901234567890 and has no source-text access). Objects come
// back as null-prototype objects, so any member name is safe.

export class JsonNumber {
  /** `exact` is set when the number came from a JS number or bigint rather than JSON text. */
  constructor(
    readonly text: string,
    readonly exact?: number | bigint,
  ) {}
}
export type JsonNode = null | boolean | string | JsonNumber | JsonNode[] | { [name: string]: JsonNode };

export class JsonSyntaxError extends Error {}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/y;
const STRING_BODY = /[^"\\\u0000-\u001f]*/y;

class Parser {
  pos = 0;
  constructor(private readonly s: string) {}

  fail(what: string): never {
    throw new JsonSyntaxError(`invalid JSON at offset ${this.pos}: ${what}`);
  }
  ws(): void {
    while (this.pos < this.s.length) {
      const c = this.s.charCodeAt(this.pos);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) this.pos++;
      else break;
    }
  }
  value(depth: number): JsonNode {
    if (depth > 512) this.fail("nesting too deep");
    this.ws();
    const c = this.s[this.pos];
    if (c === "{") return this.object(depth);
    if (c === "[") return this.array(depth);
    if (c === '"') return this.string();
    if (this.s.startsWith("true", this.pos)) return ((this.pos += 4), true);
    if (this.s.startsWith("false", this.pos)) return ((this.pos += 5), false);
    if (this.s.startsWith("null", this.pos)) return ((this.pos += 4), null);
    NUMBER.lastIndex = this.pos;
    const m = NUMBER.exec(this.s);
    if (m && m[0].length > 0) {
      this.pos += m[0].length;
      return new JsonNumber(m[0]);
    }
    return this.fail("unexpected character");
  }
  object(depth: number): JsonNode {
    this.pos++;
    const out = Object.create(null) as { [name: string]: JsonNode };
    this.ws();
    if (this.s[this.pos] === "}") return (this.pos++, out);
    for (;;) {
      this.ws();
      if (this.s[this.pos] !== '"') this.fail("expected a member name");
      const key = this.string();
      this.ws();
      if (this.s[this.pos++] !== ":") this.fail("expected ':'");
      out[key] = this.value(depth + 1);
      this.ws();
      const c = this.s[this.pos++];
      if (c === "}") return out;
      if (c !== ",") this.fail("expected ',' or '}'");
    }
  }
  array(depth: number): JsonNode {
    this.pos++;
    const out: JsonNode[] = [];
    this.ws();
    if (this.s[this.pos] === "]") return (this.pos++, out);
    for (;;) {
      out.push(this.value(depth + 1));
      this.ws();
      const c = this.s[this.pos++];
      if (c === "]") return out;
      if (c !== ",") this.fail("expected ',' or ']'");
    }
  }
  string(): string {
    this.pos++;
    let out = "";
    for (;;) {
      STRING_BODY.lastIndex = this.pos;
      const m = STRING_BODY.exec(this.s)!;
      out += m[0];
      this.pos += m[0].length;
      const c = this.s[this.pos++];
      if (c === '"') return out;
      if (c !== "\\") this.fail("unterminated string");
      const e = this.s[this.pos++];
      switch (e) {
        case '"':
        case "\\":
        case "/":
          out += e;
          break;
        case "b":
          out += "\b";
          break;
        case "f":
          out += "\f";
          break;
        case "n":
          out += "\n";
          break;
        case "r":
          out += "\r";
          break;
        case "t":
          out += "\t";
          break;
        case "u": {
          const hex = this.s.slice(this.pos, this.pos + 4);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail("bad \\u escape");
          out += String.fromCharCode(parseInt(hex, 16));
          this.pos += 4;
          break;
        }
        default:
          this.fail("bad escape");
      }
    }
  }
}

export function parseJsonLossless(text: string): JsonNode {
  const p = new Parser(text);
  const v = p.value(0);
  p.ws();
  if (p.pos !== text.length) p.fail("trailing characters");
  return v;
}
