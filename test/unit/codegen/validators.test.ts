// Rule V1 (codegen/README.md): every validator carries the host's message for the same failure.
// Each case builds a value that breaks exactly one keyword and asks the host's validator
// (corpus/lib validateAgainst, Ajv 2020-12) what it says.
import { describe, expect, it } from "vitest";
import { validateAgainst } from "../../../corpus/lib/index.js";
import { INTEGER_VALIDATOR, validatorsFor } from "../../../codegen/model/validators.js";
import type { Validator } from "../../../codegen/model/types.js";
import { corpus, walk } from "./helpers.js";

const SCHEMA = "https://json-schema.org/draft/2020-12/schema";

const CASES: { node: Record<string, unknown>; bad: unknown }[] = [
  { node: { type: "string", enum: ["a", "b"] }, bad: "c" },
  { node: { type: "string", const: "a" }, bad: "b" },
  { node: { type: "string", pattern: "^[a-z]+$" }, bad: "A" },
  { node: { type: "string", minLength: 2 }, bad: "a" },
  { node: { type: "string", maxLength: 63 }, bad: "x".repeat(64) },
  { node: { type: "array", minItems: 1 }, bad: [] },
  { node: { type: "array", maxItems: 2 }, bad: [1, 2, 3] },
  { node: { type: "object", minProperties: 1 }, bad: {} },
  { node: { type: "object", maxProperties: 1 }, bad: { a: 1, b: 2 } },
  { node: { type: "number", minimum: 60 }, bad: 59 },
  { node: { type: "number", maximum: 1209600 }, bad: 1209601 },
  { node: { type: "number", exclusiveMinimum: 0 }, bad: 0 },
  { node: { type: "number", exclusiveMaximum: 1.5 }, bad: 1.5 },
];

function hostMessage(node: Record<string, unknown>, value: unknown): string {
  const errors = validateAgainst({ $schema: SCHEMA, ...node }, value);
  expect(errors).toHaveLength(1);
  return errors[0]!.replace(/^[^:]*: /, "");
}

describe("validator messages equal the host's", () => {
  it.each(CASES)("$node", ({ node, bad }) => {
    const [v] = validatorsFor(node);
    expect(v).toBeDefined();
    expect(v!.message).toBe(hostMessage(node, bad));
  });

  it("integer", () => {
    expect(INTEGER_VALIDATOR.message).toBe(hostMessage({ type: "integer" }, 1.5));
  });

  it("uniqueItems (on lists), with the two indexes as placeholders", () => {
    const [v] = validatorsFor({ type: "array", uniqueItems: true }, { uniqueItems: true });
    const message = hostMessage({ type: "array", uniqueItems: true }, ["x", "y", "x"]);
    expect(v!.message.replace("{j}", "0").replace("{i}", "2")).toBe(message);
  });
});

describe("validators in the generated model", () => {
  const { model } = corpus();
  const all: Validator[] = model.resources.flatMap((r) =>
    walk([...r.attributes, ...r.outputs]).flatMap(({ a }) => [...a.validators, ...(a.elementValidators ?? []), ...(a.keyValidators ?? [])]),
  );
  it("come from the corpus's enums, patterns and bounds", () => {
    expect(new Set(all.map((v) => v.kind))).toEqual(
      new Set(["enum", "pattern", "minLength", "maxLength", "minItems", "maxItems", "maxProperties", "minimum", "maximum", "integer"]),
    );
  });
  it("each say what the host says for a value breaking them", () => {
    for (const v of all) {
      if (v.kind === "enum") expect(v.message).toBe(hostMessage({ enum: v.values }, "\u0000not-a-member"));
      else if (v.kind === "pattern") expect(v.message).toBe(hostMessage({ type: "string", pattern: v.pattern }, "\u0000"));
      else if (v.kind === "integer") expect(v.message).toBe(hostMessage({ type: "integer" }, 0.5));
      else if (v.kind === "minLength") expect(v.message).toBe(hostMessage({ type: "string", minLength: v.value }, "x".repeat(v.value - 1)));
      else if (v.kind === "maxLength") expect(v.message).toBe(hostMessage({ type: "string", maxLength: v.value }, "x".repeat(v.value + 1)));
      else if (v.kind === "minItems") expect(v.message).toBe(hostMessage({ type: "array", minItems: v.value }, []));
      else if (v.kind === "maxItems")
        expect(v.message).toBe(
          hostMessage(
            { type: "array", maxItems: v.value },
            Array.from({ length: v.value + 1 }, (_, i) => i),
          ),
        );
      else if (v.kind === "maxProperties")
        expect(v.message).toBe(
          hostMessage({ type: "object", maxProperties: v.value }, Object.fromEntries(Array.from({ length: v.value + 1 }, (_, i) => [`k${i}`, i]))),
        );
      else if (v.kind === "minimum") expect(v.message).toBe(hostMessage({ type: "number", minimum: v.value }, v.value - 1));
      else if (v.kind === "maximum") expect(v.message).toBe(hostMessage({ type: "number", maximum: v.value }, v.value + 1));
      else throw new Error(`unexpected validator kind ${v.kind}`);
    }
  });
});
