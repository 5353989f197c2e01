import { describe, expect, it } from "vitest";
import { compileSchema, formatSchemaErrors, validateAgainst, type JsonSchema } from "../../../corpus/lib/index.js";
import { referenceDefinition, referenceFixture, referenceFormDirs } from "./reference.js";
import { describeWithReference } from "../../support/reference.js";

const S = "https://json-schema.org/draft/2020-12/schema";

describeWithReference("compileSchema against the reference Form Packages' own fixtures", () => {
  it.each(referenceFormDirs())("%s: canonical fixtures validate, every desired-stage negative fixture fails", (dir) => {
    const definition = referenceDefinition(dir);
    for (const fixture of definition.conformanceFixtures ?? []) {
      expect(validateAgainst(definition.desiredSchema, referenceFixture(dir, fixture.desiredPath)), fixture.name).toEqual([]);
    }
    const negatives = (definition.negativeConformanceFixtures ?? []).filter((f) => f.stage === "desired");
    expect(negatives.length).toBeGreaterThan(0);
    for (const negative of negatives) {
      expect(validateAgainst(definition.desiredSchema, referenceFixture(dir, negative.inputPath)).length, negative.name).toBeGreaterThan(0);
    }
  });
});

describe("compileSchema", () => {
  const schema: JsonSchema = {
    $schema: S,
    type: "object",
    additionalProperties: false,
    required: ["name"],
    properties: {
      name: { type: "string", pattern: "^[a-z]+$", "x-takoform-field": "ignored annotation" },
      mode: { enum: ["a", "b"] },
      at: { type: "string", format: "date-time" },
      "a/b": { type: "integer" },
    },
  };
  it("formats errors as 'pointer: message'", () => {
    expect(validateAgainst(schema, { extra: 1, mode: "c", at: "yesterday", "a/b": "x" })).toEqual([
      "/name: is required",
      "/extra: is not allowed (no such property)",
      '/mode: must be equal to one of the allowed values: "a", "b"',
      '/at: must match format "date-time"',
      "/a~1b: must be integer",
    ]);
    expect(validateAgainst(schema, "nope")).toEqual(["(root): must be object"]);
    expect(validateAgainst(schema, { name: "ok", at: "2026-01-01T00:00:00Z" })).toEqual([]);
    expect(formatSchemaErrors(null)).toEqual([]);
  });
  it("caches validators by canonical digest, across equal schema objects", () => {
    const a = compileSchema(structuredClone(schema));
    const b = compileSchema(JSON.parse(JSON.stringify(schema)));
    expect(a).toBe(b);
    expect(compileSchema({ ...schema, required: [] })).not.toBe(a);
  });
  it("compiles two different schemas that declare one $id", () => {
    const one = compileSchema({ $schema: S, $id: "https://example.com/x.json", type: "string" });
    const two = compileSchema({ $schema: S, $id: "https://example.com/x.json", type: "integer" });
    expect(one("s")).toBe(true);
    expect(two("s")).toBe(false);
    expect(two(3)).toBe(true);
  });
  it("throws on a schema that is itself invalid", () => {
    expect(() => compileSchema({ $schema: S, type: "no-such-type" })).toThrow();
  });
});
