import { describe, expect, it } from "vitest";
import { ctyBool, ctyDynamic, ctyNumber, ctyString, listOf, mapOf, objectOf, setOf } from "../../../provider-bridge/wire/cty-type.js";
import { decodeDynamicValue } from "../../../provider-bridge/wire/dynamic-value.js";
import { parseJsonLossless, JsonNumber } from "../../../provider-bridge/wire/json-text.js";
import { decodeJsonValue, valueFromPlain } from "../../../provider-bridge/wire/json-value.js";
import { decodeMsgpack, encodeMsgpack } from "../../../provider-bridge/wire/msgpack.js";
import { CtyDecimal, ctyObject, DynamicVal } from "../../../provider-bridge/wire/value.js";

const state = objectOf({
  name: ctyString,
  size: ctyNumber,
  ratio: ctyNumber,
  ready: ctyBool,
  zones: setOf(ctyString),
  rules: listOf(objectOf({ id: ctyString, weight: ctyNumber })),
  labels: mapOf(ctyString),
  extra: ctyDynamic,
  added_later: ctyString,
});

// As Terraform writes a resource's attributes in the state file (pretty-printed).
const raw = `{
  "name": "w1",
  "size": 12345678901234567890,
  "ratio": 0.30000000000000004,
  "ready": true,
  "zones": ["a", "b"],
  "rules": [{"id": "r1", "weight": 9007199254740993}],
  "labels": {"env": "prod", "__proto__": "odd"},
  "extra": {"value": {"any": ["thing", 1]}, "type": ["object", {"any": ["tuple", ["string", "number"]]}]},
  "removed_attribute": "dropped"
}`;

describe("JSON state decoding (UpgradeResourceState)", () => {
  it("keeps big integers and decimals exact", () => {
    const v = decodeJsonValue(state, raw) as Record<string, unknown>;
    expect(v["size"]).toBe(12345678901234567890n);
    expect(v["ratio"]).toEqual(new CtyDecimal("0.30000000000000004"));
    expect((v["rules"] as Record<string, unknown>[])[0]!["weight"]).toBe(9007199254740993n);
  });

  it("fills attributes missing from old state with null and drops removed ones", () => {
    const v = decodeJsonValue(state, raw) as Record<string, unknown>;
    expect(v["added_later"]).toBeNull();
    expect("removed_attribute" in v).toBe(false);
    expect(Object.keys(v).sort()).toEqual(Object.keys(state.attributes).sort());
  });

  it("reads dynamic values from {value, type} and writes them as msgpack [type, value]", () => {
    const v = decodeJsonValue(state, raw) as Record<string, unknown>;
    const dyn = v["extra"] as DynamicVal;
    expect(dyn).toBeInstanceOf(DynamicVal);
    expect(dyn.value).toEqual(ctyObject([["any", ["thing", 1]]]));
    const back = decodeMsgpack(state, encodeMsgpack(state, v as never));
    expect(back).toEqual(v);
    expect((back as Record<string, Record<string, unknown>>)["labels"]!["__proto__"]).toBe("odd");
  });

  it("is what DynamicValue.json decodes to, and an empty DynamicValue is null", () => {
    const empty = new Uint8Array(0);
    expect(decodeDynamicValue(state, { msgpack: empty, json: Buffer.from(raw) })).toEqual(decodeJsonValue(state, raw));
    expect(decodeDynamicValue(state, { msgpack: empty, json: empty })).toBeNull();
    expect(decodeDynamicValue(state, undefined)).toBeNull();
  });

  it("refuses values of the wrong shape, naming the path", () => {
    expect(() => decodeJsonValue(state, '{"rules": [{"weight": "heavy"}]}')).toThrow(/rules\[0\]\.weight/);
    expect(() => decodeJsonValue(state, '{"zones": "a"}')).toThrow(/zones: JSON string is not a valid set/);
  });
});

describe("lossless JSON text", () => {
  it("parses numbers as text and rejects malformed input", () => {
    const n = parseJsonLossless('{"a": [1e400, -0.5, "\\u00e9\\n"]}') as Record<string, unknown[]>;
    expect(n["a"]![0]).toEqual(new JsonNumber("1e400"));
    expect(n["a"]![2]).toBe("é\n");
    for (const bad of ["{", "[1,]", '{"a" 1}', "01", "1 2", '"\\x"', "nul"]) expect(() => parseJsonLossless(bad), bad).toThrow();
  });
});

describe("plain data to values", () => {
  it("converts model defaults by type without losing JS numbers", () => {
    const t = objectOf({ mode: ctyString, weight: ctyNumber, big: ctyNumber, tags: listOf(ctyString) });
    expect(valueFromPlain(t, { mode: "fast", weight: 0.5, big: 2n ** 64n, tags: ["a"] })).toEqual(
      ctyObject([
        ["mode", "fast"],
        ["weight", 0.5],
        ["big", 2n ** 64n],
        ["tags", ["a"]],
      ]),
    );
  });
});
