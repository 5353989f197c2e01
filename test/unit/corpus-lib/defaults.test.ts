import { describe, expect, it } from "vitest";
import { canonicalDigest, declaredDefaults, materializeDefaults, specDigest, type JsonSchema } from "../../../corpus/lib/index.js";
import { referenceDefinition, referenceFixture } from "./reference.js";
import { itWithReference } from "../../support/reference.js";

const S = "https://json-schema.org/draft/2020-12/schema";
const schema: JsonSchema = {
  $schema: S,
  type: "object",
  properties: {
    vars: { type: "object", default: { mode: "x" } },
    tags: { type: "array", default: [] },
    retries: { type: "integer", default: 0 },
    nested: { type: "object", properties: { inner: { type: "integer", default: 5 } } },
    name: { type: "string" },
  },
};

describe("materializeDefaults", () => {
  it("fills every absent top-level defaulted property and nothing else", () => {
    expect(materializeDefaults(schema, { name: "a" })).toEqual({ name: "a", vars: { mode: "x" }, tags: [], retries: 0 });
  });
  it("keeps a present property's written value, including null and values equal to the default", () => {
    expect(materializeDefaults(schema, { retries: 3, tags: null, vars: { mode: "x" } })).toEqual({ retries: 3, tags: null, vars: { mode: "x" } });
  });
  it("does not descend into nested defaults (top-level only)", () => {
    expect(materializeDefaults(schema, { nested: {} })).toMatchObject({ nested: {} });
  });
  it("never shares the schema's default value and never modifies the input", () => {
    const input = { name: "a" };
    const out = materializeDefaults(schema, input) as unknown as { vars: { mode: string } };
    out.vars.mode = "changed";
    expect(declaredDefaults(schema).vars).toEqual({ mode: "x" });
    expect(input).toEqual({ name: "a" });
    expect((materializeDefaults(schema, {}) as { vars: unknown }).vars).toEqual({ mode: "x" });
  });
  it('materializes a property named "__proto__" as an own member, not as the prototype', () => {
    const odd = JSON.parse('{"type":"object","properties":{"__proto__":{"default":{"polluted":true}},"plain":{"default":1}}}') as JsonSchema;
    const out = materializeDefaults(odd, {}) as Record<string, unknown>;
    expect(Object.keys(out).sort()).toEqual(["__proto__", "plain"]);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(declaredDefaults(odd)).sort()).toEqual(["__proto__", "plain"]);
  });
  it("reads a schema's defaults once and answers each call with fresh copies", () => {
    const first = materializeDefaults(schema, {}) as { tags: unknown[] };
    first.tags.push("mutated");
    expect((materializeDefaults(schema, {}) as { tags: unknown[] }).tags).toEqual([]);
  });
  it("returns a non-object spec unchanged for validation to report", () => {
    expect(materializeDefaults(schema, null)).toBe(null);
    expect(materializeDefaults(schema, [1])).toEqual([1]);
  });
  itWithReference("materializes the reference WorkerVersion's seven declared defaults", () => {
    const wv = referenceDefinition("worker-version");
    const minimal = { bundle: 1, handlers: ["fetch"], worker: 2 };
    expect(Object.keys(materializeDefaults(wv.desiredSchema, minimal)).sort()).toEqual(
      [
        "bucketBindings",
        "bundle",
        "handlers",
        "kvBindings",
        "queueProducerBindings",
        "requiredSensitiveVars",
        "serviceBindings",
        "sqliteBindings",
        "vars",
        "worker",
      ].sort(),
    );
    const queue = referenceDefinition("at-least-once-queue");
    expect(materializeDefaults(queue.desiredSchema, { messageRetentionSeconds: 60 })).toEqual({ messageRetentionSeconds: 60, deliveryDelaySeconds: 0 });
  });
});

describe("specDigest", () => {
  itWithReference("omitting a defaulted property and writing its default are one desired state", () => {
    const queue = referenceDefinition("at-least-once-queue");
    expect(specDigest({ messageRetentionSeconds: 60 }, queue.desiredSchema)).toBe(
      specDigest({ messageRetentionSeconds: 60, deliveryDelaySeconds: 0 }, queue.desiredSchema),
    );
    expect(specDigest({ messageRetentionSeconds: 60, deliveryDelaySeconds: 0 })).toBe(
      canonicalDigest({ deliveryDelaySeconds: 0, messageRetentionSeconds: 60 }),
    );
  });
  itWithReference("a different value is a different desired state", () => {
    const queue = referenceDefinition("at-least-once-queue");
    expect(specDigest({ messageRetentionSeconds: 60, deliveryDelaySeconds: 1 }, queue.desiredSchema)).not.toBe(
      specDigest({ messageRetentionSeconds: 60 }, queue.desiredSchema),
    );
    const fixture = referenceFixture("at-least-once-queue", "fixtures/desired.json");
    expect(specDigest(fixture, queue.desiredSchema)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});
