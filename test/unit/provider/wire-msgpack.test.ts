import { decode as oracleDecode, ExtensionCodec } from "@msgpack/msgpack";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ctyBool,
  ctyDynamic,
  ctyNumber,
  ctyString,
  listOf,
  mapOf,
  objectOf,
  parseCtyType,
  setOf,
  tupleOf,
  type CtyType,
} from "../../../provider-bridge/wire/cty-type.js";
import { decodeMsgpack, encodeMsgpack } from "../../../provider-bridge/wire/msgpack.js";
import { numbersEqual } from "../../../provider-bridge/wire/number.js";
import { CtyDecimal, ctyObject, DynamicVal, isWhollyKnown, Unknown, UNKNOWN, type CtyValue } from "../../../provider-bridge/wire/value.js";
import { MsgpackReader, MsgpackWriter } from "../../../provider-bridge/wire/msgpack-io.js";

const hex = (b: Uint8Array): string => Buffer.from(b).toString("hex");
const bytes = (h: string): Uint8Array => Uint8Array.from(Buffer.from(h.replace(/\s+/g, ""), "hex"));

// An independent reader: @msgpack/msgpack with int64 as bigint and extensions kept raw.
const ext = new ExtensionCodec();
ext.register({ type: 0, encode: () => null, decode: (data) => ({ ext: 0, data: Array.from(data) }) });
ext.register({ type: 12, encode: () => null, decode: (data) => ({ ext: 12, data: Array.from(data) }) });
const oracle = (b: Uint8Array): unknown => oracleDecode(b, { extensionCodec: ext, useBigInt64: true });

const thing = objectOf({
  name: ctyString,
  size: ctyNumber,
  enabled: ctyBool,
  tags: mapOf(ctyString),
  ports: listOf(ctyNumber),
  zones: setOf(ctyString),
  pair: tupleOf([ctyString, ctyNumber]),
  rules: listOf(objectOf({ id: ctyString, weight: ctyNumber, nested: objectOf({ deep: ctyString }) })),
  extra: ctyDynamic,
});

describe("msgpack codec: Terraform's encodings", () => {
  it("writes every attribute of an object, nil for null, keys sorted", () => {
    const encoded = encodeMsgpack(objectOf({ b: ctyString, a: ctyNumber }), ctyObject([["b", "x"]]));
    expect(hex(encoded)).toBe("82" + "a161" + "c0" + "a162" + "a178");
    expect(oracle(encoded)).toEqual({ a: null, b: "x" });
  });

  it("reads unknown as d4 00 00 and writes it back the same way", () => {
    const v = decodeMsgpack(objectOf({ k: ctyString }), bytes("81 a16b d40000"));
    expect((v as Record<string, CtyValue>)["k"]).toBeInstanceOf(Unknown);
    expect(hex(encodeMsgpack(objectOf({ k: ctyString }), v))).toBe("81a16bd40000");
  });

  it("keeps a refined unknown (extension 12) byte for byte", () => {
    // name = "pre-${x.id}": not null, prefix "pre-" (as Terraform 1.11 sends it)
    const refined = "c7090c8201c202a47072652d";
    const v = decodeMsgpack(objectOf({ name: ctyString }), bytes("81 a46e616d65" + refined));
    const u = (v as Record<string, CtyValue>)["name"] as Unknown;
    expect(u).toBeInstanceOf(Unknown);
    expect(hex(u.refinement!)).toBe("8201c202a47072652d");
    expect(hex(encodeMsgpack(objectOf({ name: ctyString }), v))).toBe("81a46e616d65" + refined);
    // size = length(x.id): not null, >= 0 inclusive
    const sized = decodeMsgpack(ctyNumber, bytes("c7070c8201c203920" + "0c3"));
    expect(hex(encodeMsgpack(ctyNumber, sized))).toBe("c7070c8201c2039200c3");
    // any extension with a payload of at most one byte is a plain unknown
    expect(decodeMsgpack(ctyString, bytes("d40c00"))).toEqual(new Unknown());
  });

  it("never rounds numbers", () => {
    // 2^53 + 1 as int64
    const big = decodeMsgpack(ctyNumber, bytes("d3 0020000000000001"));
    expect(big).toBe(9007199254740993n);
    expect(hex(encodeMsgpack(ctyNumber, big))).toBe("d30020000000000001");
    // 0.1 arrives as the string "0.1" and goes back as that string
    const tenth = decodeMsgpack(ctyNumber, bytes("a3 302e31"));
    expect(tenth).toEqual(new CtyDecimal("0.1"));
    expect(hex(encodeMsgpack(ctyNumber, tenth))).toBe("a3302e31");
    // beyond int64, as a string: exact as bigint, written as uint64 (which cty accepts)
    const huge = decodeMsgpack(ctyNumber, encodeMsgpack(ctyString, "12345678901234567890"));
    expect(huge).toBe(12345678901234567890n);
    expect(oracle(encodeMsgpack(ctyNumber, huge))).toBe(12345678901234567890n);
    // beyond uint64: a decimal string
    const huger = 10n ** 30n;
    expect(oracle(encodeMsgpack(ctyNumber, huger))).toBe("1000000000000000000000000000000");
    expect(decodeMsgpack(ctyNumber, encodeMsgpack(ctyNumber, huger))).toBe(huger);
    // a 401-digit decimal (1e400)
    const e400 = "1" + "0".repeat(400);
    expect(decodeMsgpack(ctyNumber, encodeMsgpack(ctyString, e400))).toBe(10n ** 400n);
    // small ints, negative ints, floats
    expect(hex(encodeMsgpack(ctyNumber, 3))).toBe("03");
    expect(hex(encodeMsgpack(ctyNumber, -7))).toBe("f9");
    expect(hex(encodeMsgpack(ctyNumber, 1.5))).toBe("cb3ff8000000000000");
    expect(decodeMsgpack(ctyNumber, bytes("ca 3fc00000"))).toBe(1.5);
    expect(decodeMsgpack(ctyNumber, bytes("d1 ff00"))).toBe(-256);
    expect(() => encodeMsgpack(ctyNumber, Number.NaN)).toThrow(/NaN/);
    expect(hex(encodeMsgpack(ctyNumber, -0))).toBe("00");
  });

  it("compares numbers by decimal value", () => {
    expect(numbersEqual(0.1, new CtyDecimal("0.1"))).toBe(true);
    expect(numbersEqual(new CtyDecimal("1.50"), new CtyDecimal("15e-1"))).toBe(true);
    expect(numbersEqual(1e21, 10n ** 21n)).toBe(true);
    expect(numbersEqual(9007199254740993n, 9007199254740992)).toBe(false);
  });

  it("writes dynamic values as [bin(type JSON), value] and reads them back", () => {
    const t = objectOf({ extra: ctyDynamic });
    const v = ctyObject([["extra", new DynamicVal(objectOf({ any: tupleOf([ctyString, ctyNumber]) }), ctyObject([["any", ["thing", 1]]]))]]);
    const encoded = encodeMsgpack(t, v);
    const seen = oracle(encoded) as { extra: [Uint8Array, unknown] };
    expect(Buffer.from(seen.extra[0]).toString()).toBe('["object",{"any":["tuple",["string","number"]]}]');
    expect(seen.extra[1]).toEqual({ any: ["thing", 1] });
    expect(decodeMsgpack(t, encoded)).toEqual(v);
    // a plain value in a dynamic attribute gets its type inferred
    const inferred = oracle(encodeMsgpack(ctyDynamic, ctyObject([["a", [true, "x"]]]))) as [Uint8Array, unknown];
    expect(Buffer.from(inferred[0]).toString()).toBe('["object",{"a":["tuple",["bool","string"]]}]');
  });

  it("accepts a map key named __proto__", () => {
    const encoded = encodeMsgpack(
      mapOf(ctyString),
      ctyObject([
        ["__proto__", "x"],
        ["a", "y"],
      ]),
    );
    const back = decodeMsgpack(mapOf(ctyString), encoded) as Record<string, CtyValue>;
    expect(Object.keys(back).sort()).toEqual(["__proto__", "a"]);
    expect(back["__proto__"]).toBe("x");
  });

  it("fills attributes Terraform left out with null, and refuses attributes the type lacks", () => {
    expect(decodeMsgpack(objectOf({ a: ctyString, b: ctyString }), bytes("81 a161 a178"))).toEqual(
      ctyObject([
        ["a", "x"],
        ["b", null],
      ]),
    );
    expect(() => decodeMsgpack(objectOf({ a: ctyString }), bytes("81 a17a a178"))).toThrow(/unsupported attribute "z"/);
    expect(() => encodeMsgpack(objectOf({ a: ctyString }), ctyObject([["z", "x"]]))).toThrow(/"z" is not in the type/);
    expect(() => decodeMsgpack(ctyString, bytes("03"))).toThrow(/not a valid string/);
    expect(() => decodeMsgpack(ctyString, bytes("a5 6869"))).toThrow(/truncated/);
  });
});

// ---------------------------------------------------------------- properties

const leafTypes: CtyType[] = [ctyString, ctyNumber, ctyBool];
const names = fc.constantFrom("a", "b", "name", "x_y", "__proto__", "k9");

const typeArb: fc.Arbitrary<CtyType> = fc.letrec<{ type: CtyType }>((tie) => ({
  type: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(...leafTypes),
    fc.constant(ctyDynamic),
    tie("type").map(listOf),
    tie("type").map(setOf),
    tie("type").map(mapOf),
    fc.array(tie("type"), { maxLength: 3 }).map(tupleOf),
    fc.dictionary(names, tie("type"), { maxKeys: 4 }).map((d) => objectOf(d)),
  ),
})).type;

// -0 is written as 0, as cty does (it encodes every integral value as an int).
const numberArb: fc.Arbitrary<CtyValue> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }).map((n) => (Object.is(n, -0) ? 0 : n)),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((b) => (b >= -(2n ** 53n) && b <= 2n ** 53n ? Number(b) : b)),
  fc.tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 1, max: 40 })).map(([m, d]) => {
    const s = (m < 0n ? -m : m).toString().padStart(d + 1, "0");
    return new CtyDecimal(`${m < 0n ? "-" : ""}${s.slice(0, -d)}.${s.slice(-d)}5`);
  }),
);

function valueArb(type: CtyType, depth = 0): fc.Arbitrary<CtyValue> {
  const special = fc.constantFrom<CtyValue>(null, UNKNOWN);
  const known = ((): fc.Arbitrary<CtyValue> => {
    switch (type.kind) {
      case "string":
        return fc.string({ unit: "grapheme", maxLength: 40 });
      case "number":
        return numberArb;
      case "bool":
        return fc.boolean();
      case "dynamic":
        return depth > 2
          ? fc.string().map((s) => new DynamicVal(ctyString, s))
          : fc.constantFrom(...leafTypes).chain((t) => valueArb(t, depth + 1).map((v) => new DynamicVal(t, v)));
      case "list":
      case "set":
        return fc.array(valueArb(type.element, depth + 1), { maxLength: 3 });
      case "map":
        return fc.array(fc.tuple(names, valueArb(type.element, depth + 1)), { maxLength: 3 }).map((e) => ctyObject(e));
      case "tuple":
        return fc.tuple(...type.elements.map((t) => valueArb(t, depth + 1))) as fc.Arbitrary<CtyValue>;
      case "object": {
        const entries = Object.entries(type.attributes);
        return fc.tuple(...entries.map(([, t]) => valueArb(t, depth + 1))).map((vs) => ctyObject(entries.map(([k], i) => [k, vs[i]!])));
      }
    }
  })();
  return fc.oneof({ weight: 1, arbitrary: special }, { weight: 4, arbitrary: known });
}

describe("msgpack codec: properties", () => {
  it("round-trips any value of any type, with nulls and unknowns at every level", () => {
    fc.assert(
      fc.property(
        typeArb.chain((t) => fc.tuple(fc.constant(t), valueArb(t))),
        ([type, value]) => {
          const encoded = encodeMsgpack(type, value);
          const decoded = decodeMsgpack(type, encoded);
          expect(decoded).toEqual(value);
          expect(isWhollyKnown(decoded)).toBe(isWhollyKnown(value));
          // a second pass is byte-identical
          expect(hex(encodeMsgpack(type, decoded))).toBe(hex(encoded));
          // and an independent msgpack reader accepts the bytes as one well-formed value
          // (it refuses the key "__proto__" by design, so those cases are left to our reader)
          if (!hex(encoded).includes(Buffer.from("__proto__").toString("hex"))) expect(() => oracle(encoded)).not.toThrow();
        },
      ),
      { numRuns: 400 },
    );
  });

  it("round-trips type JSON", () => {
    fc.assert(
      fc.property(typeArb, (t) => {
        const dyn = new DynamicVal(t, null);
        const again = decodeMsgpack(ctyDynamic, encodeMsgpack(ctyDynamic, dyn)) as DynamicVal;
        expect(again.type).toEqual(t);
        expect(parseCtyType(JSON.parse(JSON.stringify(["list", ["object", {}]])))).toEqual(listOf(objectOf({})));
      }),
      { numRuns: 100 },
    );
  });

  it("round-trips a realistic resource object", () => {
    const v = ctyObject([
      ["name", "w1"],
      ["size", 9007199254740993n],
      ["enabled", UNKNOWN],
      [
        "tags",
        ctyObject([
          ["env", "prod"],
          ["team", UNKNOWN],
        ]),
      ],
      ["ports", [80, UNKNOWN, new CtyDecimal("0.1")]],
      ["zones", ["a", "b"]],
      ["pair", ["x", 1.25]],
      [
        "rules",
        [
          ctyObject([
            ["id", UNKNOWN],
            ["weight", null],
            ["nested", ctyObject([["deep", UNKNOWN]])],
          ]),
          UNKNOWN,
        ],
      ],
      ["extra", new DynamicVal(listOf(ctyString), ["q", UNKNOWN])],
    ]);
    expect(decodeMsgpack(thing, encodeMsgpack(thing, v))).toEqual(v);
  });
});

describe("msgpack strings", () => {
  it("reads and writes any string as UTF-8, short ASCII ones included, byte for byte like Buffer", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: "binary", maxLength: 40 }), fc.string({ unit: "grapheme-ascii", maxLength: 40 })),
        (s) => {
          const w = new MsgpackWriter();
          w.str(s);
          const bytes = w.finish();
          const utf8 = Buffer.from(s, "utf8");
          expect(Buffer.from(bytes.subarray(bytes.length - utf8.length))).toEqual(utf8);
          const tok = new MsgpackReader(bytes).next();
          expect(tok).toEqual({ t: "str", v: utf8.toString("utf8") });
        },
      ),
    );
  });

  it("decodes invalid UTF-8 in a short string with replacement characters, as before", () => {
    const tok = new MsgpackReader(Uint8Array.from([0xa3, 0x61, 0xff, 0x62])).next();
    expect(tok).toEqual({ t: "str", v: "a\ufffdb" });
  });
});
