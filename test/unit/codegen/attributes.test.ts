// Rules T1-T6 and D1 (codegen/README.md): JSON Schema types -> Terraform types and flags.
import { describe, expect, it } from "vitest";
import { buildProviderModel } from "../../../codegen/parse/provider.js";
import type { AttributeModel } from "../../../codegen/model/types.js";
import { corpus, resource, syntheticForm } from "./helpers.js";

function attributesOf(properties: Record<string, unknown>, required: string[] = []): Record<string, AttributeModel> {
  const form = syntheticForm({ kind: "Widget", desiredSchema: { properties, required } });
  const [r] = buildProviderModel([form], "0").resources;
  return Object.fromEntries(r!.attributes.map((a) => [a.wireName, a]));
}

describe("primitive types (T1) and required/optional (D1)", () => {
  const a = attributesOf(
    {
      label: { type: "string", maxLength: 8 },
      size: { type: "integer", minimum: 1 },
      ratio: { type: "number" },
      enabled: { type: "boolean" },
      nullableLabel: { type: ["string", "null"] },
    },
    ["label", "size"],
  );
  it("maps string, integer, number and boolean", () => {
    expect([a.label!.type, a.size!.type, a.ratio!.type, a.enabled!.type, a.nullableLabel!.type]).toEqual(["string", "number", "number", "bool", "string"]);
  });
  it("adds an integer validator before the bounds of an integer", () => {
    expect(a.size!.validators.map((v) => v.kind)).toEqual(["integer", "minimum"]);
  });
  it("makes required members required and the rest optional, none computed", () => {
    expect([a.label!.required, a.label!.optional, a.label!.computed]).toEqual([true, false, false]);
    expect([a.ratio!.required, a.ratio!.optional, a.ratio!.computed]).toEqual([false, true, false]);
  });
});

describe("objects, arrays and maps (T2-T5)", () => {
  const a = attributesOf({
    limits: {
      type: "object",
      additionalProperties: false,
      required: ["cpu"],
      properties: { cpu: { type: "integer" }, memoryMb: { type: "integer" } },
    },
    tags: { type: "array", items: { type: "string", pattern: "^[a-z]+$" } },
    zones: { type: "array", uniqueItems: true, maxItems: 3, items: { type: "string" } },
    routes: { type: "array", items: { type: "object", additionalProperties: false, properties: { path: { type: "string" } } } },
    labels: { type: "object", propertyNames: { pattern: "^[a-z]+$" }, additionalProperties: { type: "string", maxLength: 10 } },
    ports: {
      type: "object",
      additionalProperties: { type: "object", additionalProperties: false, properties: { number: { type: "integer" } } },
    },
    settings: { type: "object", maxProperties: 4, additionalProperties: { type: ["string", "number", "boolean", "null", "object", "array"] } },
    anything: { type: "object" },
  });

  it("maps a closed object to a single nested attribute (T2)", () => {
    expect(a.limits!.nested?.nesting).toBe("single");
    expect(a.limits!.nested?.attributes.map((c) => [c.name, c.required])).toEqual([
      ["cpu", true],
      ["memory_mb", false],
    ]);
    expect(a.limits!.type).toEqual(["object", { cpu: "number", memory_mb: "number" }]);
  });

  it("maps arrays to lists, uniqueItems arrays to sets, arrays of objects to nested lists (T3)", () => {
    expect(a.tags!.type).toEqual(["list", "string"]);
    expect(a.tags!.elementValidators?.map((v) => v.kind)).toEqual(["pattern"]);
    expect(a.zones!.type).toEqual(["set", "string"]);
    expect(a.zones!.validators.map((v) => v.kind)).toEqual(["maxItems"]);
    expect(a.routes!.nested?.nesting).toBe("list");
    expect(a.routes!.type).toEqual(["list", ["object", { path: "string" }]]);
  });

  it("maps additionalProperties of one type to maps (T4)", () => {
    expect(a.labels!.type).toEqual(["map", "string"]);
    expect(a.labels!.elementValidators?.map((v) => v.kind)).toEqual(["maxLength"]);
    expect(a.labels!.keyValidators?.map((v) => v.kind)).toEqual(["pattern"]);
    expect(a.ports!.nested?.nesting).toBe("map");
  });

  it("maps free-form JSON values and open objects to dynamic (T5)", () => {
    expect(a.settings!.type).toBe("dynamic");
    expect(a.settings!.validators.map((v) => v.kind)).toEqual(["maxProperties"]);
    expect(a.anything!.type).toBe("dynamic");
  });
});

describe("constructs without a mapping (T6)", () => {
  it.each(["oneOf", "anyOf", "allOf", "patternProperties"])("refuses %s, naming the pointer", (keyword) => {
    const node = { type: "object", [keyword]: keyword === "patternProperties" ? { "^x": { type: "string" } } : [{ type: "string" }] };
    expect(() => attributesOf({ odd: node })).toThrow(new RegExp(`/odd: keyword '${keyword}'`));
  });

  it("follows local $refs", () => {
    const form = syntheticForm({
      kind: "Widget",
      desiredSchema: { $defs: { label: { type: "string", maxLength: 3 } }, properties: { label: { $ref: "#/$defs/label" } } },
    });
    const [r] = buildProviderModel([form], "0").resources;
    expect(r!.attributes[0]!.validators).toEqual([{ kind: "maxLength", value: 3, message: "must NOT have more than 3 characters" }]);
  });
});

describe("the corpus's own shapes", () => {
  const { model } = corpus();
  const wv = Object.fromEntries(resource(model, "WorkerVersion").attributes.map((a) => [a.name, a]));
  it("gives WorkerVersion the expected Terraform types", () => {
    expect(wv.handlers!.type).toEqual(["set", "string"]);
    expect(wv.handlers!.elementValidators?.[0]).toMatchObject({ kind: "enum", values: ["fetch", "scheduled", "queue"] });
    expect(wv.vars!.type).toBe("dynamic");
    expect(wv.assets!.nested?.nesting).toBe("single");
    expect(wv.kv_bindings!.nested?.nesting).toBe("set");
    expect(wv.kv_bindings!.nested?.attributes.map((c) => c.name)).toEqual(["name", "resource"]);
  });
  it("gives WorkerDeployment versions as a set of {weight, worker_version}", () => {
    const versions = resource(model, "WorkerDeployment").attributes.find((a) => a.name === "versions")!;
    expect(versions.type).toEqual(["set", ["object", { weight: "number", worker_version: "string" }]]);
    expect(versions.validators.map((v) => v.kind)).toEqual(["minItems", "maxItems"]);
  });
});
