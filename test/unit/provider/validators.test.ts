import { describe, expect, it } from "vitest";
import { validateAttributes } from "../../../provider-bridge/model/validators.js";
import type { AttributeModel } from "../../../provider-bridge/model/types.js";
import { CtyDecimal, ctyObject, UNKNOWN, type CtyValue } from "../../../provider-bridge/wire/value.js";
import { fixture } from "./model-fixture.js";

const { model } = fixture();
const attrs = model.attributes;
const config = (values: Record<string, CtyValue>) => ctyObject(Object.entries(values));
const rule = (pattern: CtyValue, weight: CtyValue = null) =>
  ctyObject([
    ["pattern", pattern],
    ["weight", weight],
    ["id", null],
  ]);

describe("model validators", () => {
  it("accepts valid and unknown values", () => {
    expect(
      validateAttributes(attrs, config({ size: 5, mode: "slow", ports: [80, 443], rules: [rule("/a", 100)], retention: ctyObject([["days", 1]]) })),
    ).toEqual([]);
    expect(validateAttributes(attrs, config({ size: UNKNOWN, mode: UNKNOWN, ports: [80, UNKNOWN], rules: [rule(UNKNOWN)] }))).toEqual([]);
    expect(validateAttributes(attrs, config({}))).toEqual([]);
  });

  it("reports each failing rule with the attribute path", () => {
    const diags = validateAttributes(
      attrs,
      config({
        size: 0,
        mode: "medium",
        labels: ctyObject(Array.from({ length: 9 }, (_, i) => [`k${"abcdefghi"[i]}`, "v"] as [string, CtyValue])),
        ports: [80, 80],
        rules: [rule("/ok"), rule("", new CtyDecimal("100.5"))],
        retention: ctyObject([["days", 0]]),
      }),
    );
    const byPath = Object.fromEntries(diags.map((d) => [d.summary, d]));
    expect(Object.keys(byPath).sort()).toEqual([
      "Invalid value for labels",
      "Invalid value for mode",
      "Invalid value for ports",
      "Invalid value for retention.days",
      "Invalid value for rules[1].pattern",
      "Invalid value for rules[1].weight",
      "Invalid value for size",
    ]);
    expect(byPath["Invalid value for size"]!.detail).toBe("size must be >= 1; got 0.");
    expect(byPath["Invalid value for size"]!.path).toEqual([{ attribute: "size" }]);
    expect(byPath["Invalid value for labels"]!.detail).toBe("labels must NOT have more than 8 items; got an object.");
    expect(byPath["Invalid value for ports"]!.detail).toBe("ports must NOT have duplicate items; got a list of 2.");
    // nested problems point at the top-level attribute (the line Terraform can show) and name the full path
    expect(byPath["Invalid value for rules[1].weight"]!.path).toEqual([{ attribute: "rules" }]);
    expect(byPath["Invalid value for rules[1].weight"]!.detail).toBe("rules[1].weight must be <= 100; got 100.5.");
    // an empty pattern fails both minLength and the pattern
    expect(diags.filter((d) => d.summary === "Invalid value for rules[1].pattern")).toHaveLength(2);
  });

  it("compares numeric enums by value, counts characters, and checks integers, exclusive bounds and map sizes", () => {
    const base = { wireName: "x", description: "", required: false, optional: true, computed: false, sensitive: false, requiresReplace: false } as const;
    const a: AttributeModel[] = [
      { ...base, name: "n", type: "number", validators: [{ kind: "enum", values: [1, 2.5], message: "must be 1 or 2.5" }] },
      { ...base, name: "s", type: "string", validators: [{ kind: "maxLength", value: 2, message: "must NOT have more than 2 characters" }] },
      {
        ...base,
        name: "i",
        type: "number",
        validators: [
          { kind: "integer", message: "must be integer" },
          { kind: "exclusiveMinimum", value: 0, message: "must be > 0" },
        ],
      },
      { ...base, name: "m", type: ["map", "string"], validators: [{ kind: "minProperties", value: 1, message: "must NOT have fewer than 1 properties" }] },
    ];
    expect(validateAttributes(a, config({ n: new CtyDecimal("2.50"), s: "😀😀", i: 10n ** 30n, m: ctyObject([["k", "v"]]) }))).toEqual([]);
    const diags = validateAttributes(a, config({ n: 3, s: "abc", i: new CtyDecimal("1.5"), m: ctyObject() }));
    expect(diags.map((d) => d.detail)).toEqual([
      "n must be 1 or 2.5; got 3.",
      's must NOT have more than 2 characters; got "abc".',
      "i must be integer; got 1.5.",
      "m must NOT have fewer than 1 properties; got an object.",
    ]);
    expect(validateAttributes(a, config({ i: 0 })).map((d) => d.detail)).toEqual(["i must be > 0; got 0."]);
  });

  it("checks collection elements and map keys, and never echoes a sensitive value", () => {
    const diags = validateAttributes(
      attrs,
      config({
        labels: ctyObject([
          ["Bad", "x"],
          ["ok", "y".repeat(17)],
        ]),
        secret: "short",
      }),
    );
    expect(diags.map((d) => [d.summary, d.detail, d.path])).toEqual([
      ['Invalid value for labels["ok"]', 'labels["ok"] must NOT have more than 16 characters; got "yyyyyyyyyyyyyyyyy".', [{ attribute: "labels" }]],
      ['Invalid value for labels["Bad"]', 'member name "Bad" must match pattern "^[a-z]+$".', [{ attribute: "labels" }]],
      ["Invalid value for secret", "secret must NOT have fewer than 8 characters.", [{ attribute: "secret" }]],
    ]);
  });
});
