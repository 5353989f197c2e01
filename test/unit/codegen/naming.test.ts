// Rules N1, N2, R1 (codegen/README.md): names of types and attributes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { camelCase, kindKebab, snakeCase, typeNameForKind } from "../../../codegen/model/naming.js";
import { buildProviderModel } from "../../../codegen/parse/provider.js";
import { corpus, referenceFormsDir, referenceNode, syntheticForm, walk } from "./helpers.js";
import { itWithReference } from "../../support/reference.js";

/** Every member name declared under `properties` anywhere in a schema (including $defs). */
function propertyNames(node: unknown, out: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => propertyNames(n, out));
  else if (typeof node === "object" && node !== null) {
    for (const [k, v] of Object.entries(node)) {
      if (k === "properties" && typeof v === "object" && v !== null) Object.keys(v).forEach((n) => out.add(n));
      propertyNames(v, out);
    }
  }
  return out;
}

describe("wire member <-> Terraform attribute name (N1)", () => {
  const { forms, model } = corpus();
  const members = new Set<string>();
  for (const f of forms) {
    propertyNames(f.definition.desiredSchema, members);
    propertyNames(f.definition.outputSchema, members);
  }

  it("finds the corpus's properties", () => {
    expect(members.size).toBeGreaterThan(25);
    expect(members).toContain("queueProducerBindings");
  });

  it.each([...members].sort())("round-trips %s exactly", (member) => {
    const snake = snakeCase(member);
    expect(snake).toMatch(/^[a-z][a-z0-9_]*$/);
    expect(camelCase(snake)).toBe(member);
  });

  it("gives every model attribute the name whose inverse is its wire member", () => {
    const all = model.resources.flatMap((r) => walk([...r.attributes, ...r.outputs]));
    expect(all.length).toBeGreaterThan(40);
    for (const { a } of all) expect(camelCase(a.name)).toBe(a.wireName);
    expect(all.find(({ a }) => a.wireName === "maxBatchTimeoutSeconds")?.a.name).toBe("max_batch_timeout_seconds");
  });

  it("refuses a member whose mapping would not round-trip", () => {
    const form = syntheticForm({ kind: "Widget", desiredSchema: { properties: { URLPath: { type: "string" } } } });
    expect(() => buildProviderModel([form], "0")).toThrow(/URLPath.*url_path.*urlPath/);
  });
});

describe("Form kind -> resource type name (R1)", () => {
  itWithReference("spells each reference candidate kind with the words of its package directory", () => {
    // The reference's own kebab spelling of each kind ("sqlite-migration-set", "edge-kv-namespace").
    const set = JSON.parse(readFileSync(path.join(referenceFormsDir, "candidate-set.json"), "utf8")) as {
      forms: { kind: string; path: string }[];
    };
    expect(set.forms.length).toBeGreaterThan(10);
    for (const f of set.forms) expect(typeNameForKind(f.kind)).toBe("takoform_" + path.basename(f.path).replaceAll("-", "_"));
  });

  it("names each corpus package directory by the same words", () => {
    const { forms } = corpus();
    for (const f of forms) expect(path.basename(path.dirname(f.dir))).toBe(kindKebab(f.ref.kind));
    expect(typeNameForKind("SQLiteMigrationApplication")).toBe("takoform_sqlite_migration_application");
    expect(typeNameForKind("EdgeKVNamespace")).toBe("takoform_edge_kv_namespace");
  });
});

describe("root name collisions (N2)", () => {
  it("prefixes reserved desired names with spec_ and colliding outputs with output_, keeping wireName", () => {
    const form = syntheticForm({
      kind: "Widget",
      desiredSchema: {
        properties: { name: { type: "string" }, count: { type: "integer" }, worker: referenceNode("Gadget") },
        required: ["worker"],
      },
      outputSchema: {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        type: "object",
        additionalProperties: false,
        required: ["worker", "uid"],
        properties: { worker: { type: "string" }, uid: { type: "string" } },
      },
    });
    const [r] = buildProviderModel([form], "0").resources;
    expect(r!.attributes.map((a) => [a.name, a.wireName])).toEqual([
      ["spec_count", "count"],
      ["spec_name", "name"],
      ["worker", "worker"],
    ]);
    expect(r!.outputs.map((a) => [a.name, a.wireName])).toEqual([
      ["output_uid", "uid"],
      ["output_worker", "worker"],
    ]);
  });

  it("refuses a collision the prefixes cannot resolve", () => {
    const form = syntheticForm({ kind: "Widget", desiredSchema: { properties: { name: { type: "string" }, specName: { type: "string" } } } });
    expect(() => buildProviderModel([form], "0")).toThrow(/collides with attribute 'spec_name'/);
  });
});
