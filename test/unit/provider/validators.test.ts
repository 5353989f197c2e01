import { describe, expect, it } from "vitest";
import { validateAttributes } from "../../../provider-bridge/model/validators.js";
import type { AttributeModel } from "../../../provider-bridge/model/types.js";
import { CtyDecimal, ctyObject, UNKNOWN, type CtyValue } from "../../../provider-bridge/wire/value.js";
import { fixture } from "./model-fixture.js";

const { model } = fixture();
const attrs = model.attributes;
const config = (values: Record<string, CtyValue>) => ctyObject(Object.entries(values));
const rule = (pattern: CtyValue, weight: CtyValue = null) => ctyObject([["pattern", pattern], ["weight", weight], ["id", null]]);

describe("model validators", () => {
  it("accepts valid and unknown values", () => {
    expect(validateAttributes(attrs, config({ size: 5, mode: "slow", ports: [80, 443], rules: [rule("/a", 100)], retention: ctyObject([["days", 1]]) }))).toEqual([]);
    expect(validateAttributes(attrs, config({ size: UNKNOWN, mode: UNKNOWN, ports: [80, UNKNOWN], rules: [rule(UNKNOWN)] }))).toEqual([]);
    expect(validateAttributes(attrs, config({}))).toEqual([]);
  });

  it("reports each failing rule with the attribute path", () => {
    const diags = validateAttributes(attrs, config({
      size: 0,
      mode: "medium",
      labels: ctyObject(Array.from({ length: 9 }, (_, i) => [`k${i}`, "v"] as [string, CtyValue])),
      ports: [80, 80],
      rules: [rule("/ok"), rule("", new CtyDecimal("100.5"))],
      retention: ctyObject([["days", 0]]),
    }));
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
    expect(byPath["Invalid value for size"]!.detail).toBe("size must be at least 1; got 0.");
    expect(byPath["Invalid value for size"]!.path).toEqual([{ attribute: "size" }]);
    expect(byPath["Invalid value for labels"]!.detail).toBe("labels must have at most 8 elements; got 9.");
    expect(byPath["Invalid value for ports"]!.detail).toContain("element 1 repeats element 0");
    // nested problems point at the top-level attribute (the line Terraform can show) and name the full path
    expect(byPath["Invalid value for rules[1].weight"]!.path).toEqual([{ attribute: "rules" }]);
    expect(byPath["Invalid value for rules[1].weight"]!.detail).toBe("rules[1].weight must be at most 100; got 100.5.");
    // an empty pattern fails both minLength and the pattern
    expect(diags.filter((d) => d.summary === "Invalid value for rules[1].pattern")).toHaveLength(2);
  });

  it("compares numeric enums by value and counts characters, not UTF-16 units", () => {
    const a: AttributeModel[] = [
      { name: "n", wireName: "n", description: "", type: "number", required: false, optional: true, computed: false, sensitive: false, requiresReplace: false, validators: [{ kind: "enum", values: [1, 2.5] }] },
      { name: "s", wireName: "s", description: "", type: "string", required: false, optional: true, computed: false, sensitive: false, requiresReplace: false, validators: [{ kind: "maxLength", value: 2 }] },
    ];
    expect(validateAttributes(a, config({ n: new CtyDecimal("2.50"), s: "😀😀" }))).toEqual([]);
    expect(validateAttributes(a, config({ n: 3, s: "abc" })).map((d) => d.summary)).toEqual(["Invalid value for n", "Invalid value for s"]);
  });
});
