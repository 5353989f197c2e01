import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseIJson } from "../../../corpus/lib/index.js";

function refusal(input: Uint8Array | string) {
  const result = parseIJson(input);
  if (result.ok) throw new Error(`accepted: ${String(input)}`);
  return result;
}

const utf8 = (s: string) => new TextEncoder().encode(s);

describe("parseIJson accepts I-JSON", () => {
  it("decodes ordinary documents from bytes and strings", () => {
    const doc = '{"a":[1,-2.5,3e2,true,false,null,"x\\u00e9\\n"],"b":{"c":{}} , "d":[]}';
    expect(parseIJson(utf8(doc))).toEqual({ ok: true, value: JSON.parse(doc) });
    expect(parseIJson(doc)).toEqual({ ok: true, value: JSON.parse(doc) });
    expect(parseIJson(Buffer.from(" 42 "))).toEqual({ ok: true, value: 42 });
  });
  it("accepts surrogate pairs raw and escaped, and exactly representable big integers", () => {
    expect(parseIJson(utf8('"\u{1F600}"'))).toEqual({ ok: true, value: "\u{1F600}" });
    expect(parseIJson('"\\ud83d\\ude00"')).toEqual({ ok: true, value: "\u{1F600}" });
    expect(parseIJson("100000000000000000000")).toEqual({ ok: true, value: 1e20 });
    expect(parseIJson("9007199254740992")).toEqual({ ok: true, value: 2 ** 53 });
    expect(parseIJson("5e-324")).toEqual({ ok: true, value: 5e-324 });
    expect(parseIJson("0.000e5")).toEqual({ ok: true, value: 0 });
  });
  it("keeps a __proto__ member as data", () => {
    const result = parseIJson('{"__proto__":{"polluted":true}}');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const value = result.value as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });
  it("round-trips every JSON value: parseIJson(JSON.stringify(v)) equals v", () => {
    const value = fc.jsonValue({ maxDepth: 6 }).map(normalizeZero);
    fc.assert(
      fc.property(value, (v) => {
        const result = parseIJson(utf8(JSON.stringify(v)));
        expect(result).toEqual({ ok: true, value: v });
      }),
      { numRuns: 400 },
    );
  });
  it("round-trips full-Unicode strings without noncharacters", () => {
    const wellFormed = fc.string({ unit: "binary" }).filter((s) => [...s].every((ch) => !isNonCharacter(ch.codePointAt(0) ?? 0)));
    fc.assert(
      fc.property(fc.dictionary(wellFormed, wellFormed), (v) => {
        expect(parseIJson(Buffer.from(JSON.stringify(v), "utf8"))).toEqual({ ok: true, value: v });
      }),
      { numRuns: 300 },
    );
  });
});

describe("parseIJson refuses non-I-JSON", () => {
  it("duplicate member names at any depth, naming the pointer", () => {
    expect(refusal('{"a":1,"a":2}').pointer).toBe("/a");
    const deep = refusal('{"x":[{"ok":1},{"y/z":{"k":1,"k":1}}]}');
    expect(deep.pointer).toBe("/x/1/y~1z/k");
    expect(deep.message).toMatch(/^\/x\/1\/y~1z\/k: duplicate member name "k"; I-JSON requires/);
  });
  it("duplicate detection is by exact code units (escaped and raw spellings collide)", () => {
    expect(refusal('{"\\u0061":1,"a":2}').pointer).toBe("/a");
  });
  it("invalid UTF-8 and a byte order mark", () => {
    expect(refusal(Uint8Array.from([0x22, 0xc3, 0x28, 0x22])).message).toMatch(/not valid UTF-8/);
    expect(refusal(Uint8Array.from([0x22, 0xed, 0xa0, 0x80, 0x22])).message).toMatch(/not valid UTF-8/); // CESU surrogate
    expect(refusal(Uint8Array.from([0xef, 0xbb, 0xbf, 0x31])).message).toMatch(/byte order mark/);
  });
  it("lone surrogates, escaped or raw, high or low", () => {
    expect(refusal('{"s":"\\ud800"}').message).toMatch(/^\/s: lone surrogate/);
    expect(refusal('["\\ud800x"]').pointer).toBe("/0");
    expect(refusal('["\\udc00"]').message).toMatch(/lone surrogate/);
    expect(refusal('["\\ud800\\u0041"]').message).toMatch(/lone surrogate/);
    expect(refusal('["a\ud800"]').message).toMatch(/lone surrogate/);
    expect(refusal('{"\\udfff":1}').message).toMatch(/lone surrogate/);
  });
  it("Unicode noncharacters", () => {
    expect(refusal('["\\ufdd0"]').message).toMatch(/noncharacter U\+FDD0/);
    expect(refusal('["\\uffff"]').message).toMatch(/noncharacter/);
    expect(refusal(utf8('["\u{10FFFE}"]')).message).toMatch(/noncharacter U\+10FFFE/);
  });
  it("numbers outside binary64", () => {
    const over = refusal('{"n":[1,1e400]}');
    expect(over.pointer).toBe("/n/1");
    expect(over.message).toMatch(/overflows binary64/);
    expect(refusal("-1E+309").message).toMatch(/overflows/);
    expect(refusal("1e-400").message).toMatch(/underflows/);
    expect(refusal("9007199254740993").message).toMatch(/not exactly representable/);
  });
  it("non-JSON syntax", () => {
    for (const bad of [
      "",
      "{",
      "[1,]",
      '{"a":1,}',
      "01",
      "1.",
      ".5",
      "+1",
      "NaN",
      "Infinity",
      "'a'",
      "[1 2]",
      "{a:1}",
      '"\\x"',
      '"a\tb"',
      "tru",
      "nul",
      '{"a" 1}',
      '"abc',
      '"\\u12"',
    ]) {
      expect(parseIJson(bad).ok, bad).toBe(false);
    }
  });
  it("trailing data", () => {
    expect(refusal("{} {}").message).toMatch(/trailing data/);
    expect(refusal("1 x").message).toMatch(/trailing data/);
  });
  it("excessive nesting", () => {
    expect(parseIJson("[".repeat(64) + "]".repeat(64)).ok).toBe(true);
    expect(refusal("[".repeat(65) + "]".repeat(65)).message).toMatch(/nesting deeper than 64/);
    expect(refusal("[".repeat(100000)).message).toMatch(/nesting/);
    expect(parseIJson("[[[]]]", { maxDepth: 2 }).ok).toBe(false);
  });
});

describe("parseIJson on a large document", () => {
  // Speed is measured by benchmarks, never asserted here; this proves a 1 MiB body decodes to
  // exactly what JSON.parse reads.
  it("decodes a 1 MiB document to the same value JSON.parse reads", () => {
    const doc = JSON.stringify(Array.from({ length: 12000 }, (_, i) => ({ name: `item-${i}`, weight: i / 7, tags: ["a", "b\u00e9"], on: i % 2 === 0 })));
    const result = parseIJson(utf8(doc));
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value).toEqual(JSON.parse(doc));
  });
});

function normalizeZero(v: unknown): unknown {
  if (typeof v === "number") return Object.is(v, -0) ? 0 : v;
  if (Array.isArray(v)) return v.map(normalizeZero);
  if (v !== null && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) Object.defineProperty(out, k, { value: normalizeZero(x), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return v;
}

function isNonCharacter(cp: number): boolean {
  return (cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) === 0xfffe;
}

describe("parseIJson integer precision", () => {
  it("accepts what JSON.stringify writes for large doubles and refuses digits binary64 cannot hold", () => {
    expect(parseIJson("41990644189727050")).toEqual({ ok: true, value: 41990644189727050 });
    expect(parseIJson("-41990644189727050")).toEqual({ ok: true, value: -41990644189727050 });
    expect(parseIJson("1" + "0".repeat(25))).toEqual({ ok: true, value: 1e25 });
    expect(parseIJson("41990644189727051").ok).toBe(false);
    expect(parseIJson("1" + "0".repeat(24) + "1").ok).toBe(false);
  });
});
