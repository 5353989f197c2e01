// Rules D4, O1-O3 (codegen/README.md): name, space, outputs and identity attributes, per kind,
// as they appear in the emitted schema.json.
import { describe, expect, it } from "vitest";
import { emitProviderSchema } from "../../../codegen/emit/provider-schema/emit.js";
import { corpus, walk } from "./helpers.js";

type Attr = { type?: unknown; nested_type?: unknown; description?: string; required?: boolean; optional?: boolean; computed?: boolean; sensitive?: boolean };

const { forms, model } = corpus();
const doc = JSON.parse(emitProviderSchema(model)) as {
  provider_schemas: Record<string, { resource_schemas: Record<string, { block: { description: string; attributes: Record<string, Attr> } }> }>;
};
const schemas = doc.provider_schemas["registry.terraform.io/takoform/takoform"]!.resource_schemas;

describe("identity attributes, every kind (D4, O2)", () => {
  for (const r of model.resources) {
    it(`${r.typeName}`, () => {
      const attrs = schemas[r.typeName]!.block.attributes;
      expect(attrs.name).toMatchObject({ type: "string", required: true });
      expect(attrs.space).toMatchObject({ type: "string", optional: true, computed: true });
      const computed = (name: string, type: unknown) => expect(attrs[name], name).toEqual(expect.objectContaining({ type, computed: true }));
      // Schema version 2 (ADR 0286): the identity, ready, and the rest of the status in one JSON text.
      const flat = ["uid", "status_json", "outputs_json", "pending_operation_id"];
      for (const n of flat) computed(n, "string");
      computed("ready", "bool");
      for (const gone of [
        "conditions",
        "relations",
        "form_ref",
        "generation",
        "revision",
        "ready_reason",
        "ready_message",
        "conditions_json",
        "relations_json",
      ])
        expect(attrs).not.toHaveProperty(gone);
      for (const n of ["ready", ...flat]) {
        expect(attrs[n]!.required ?? false).toBe(false);
        expect(attrs[n]!.optional ?? false).toBe(false);
      }
      // A Form whose desired fields are all optional or defaulted needs nothing but name.
      const required = Object.entries(attrs)
        .filter(([, a]) => a.required)
        .map(([n]) => n);
      const form = forms.find((f) => f.ref.schemaDigest === r.defaultRef.schemaDigest)!;
      const requiredWire = (form.definition.desiredSchema.required as string[] | undefined) ?? [];
      const defaulted = new Set(Object.keys(form.defaults));
      // An artifact-backed Form's manifest digest may be computed from source_dir (ADR 0102).
      const fromSource = (a: { wireName: string }): boolean => r.artifact !== undefined && a.wireName === "manifestDigest";
      expect(required.sort()).toEqual(
        ["name", ...r.attributes.filter((a) => requiredWire.includes(a.wireName) && !defaulted.has(a.wireName) && !fromSource(a)).map((a) => a.name)].sort(),
      );
    });
  }
  it("includes kinds that need nothing but name", () => {
    const onlyName = model.resources.filter((r) => Object.entries(schemas[r.typeName]!.block.attributes).every(([n, a]) => n === "name" || !a.required));
    expect(onlyName.map((r) => r.kind)).toEqual(expect.arrayContaining(["ModuleWorker", "EdgeKVNamespace", "ObjectBucket", "SQLiteDatabase"]));
  });
});

describe("outputs, every kind (O1)", () => {
  for (const r of model.resources) {
    const form = forms.find((f) => f.ref.schemaDigest === r.defaultRef.schemaDigest)!;
    it(`${r.typeName}: a typed computed attribute per declared output`, () => {
      const declared = Object.keys((form.definition.outputSchema?.properties as object | undefined) ?? {}).sort();
      expect(r.outputs.map((o) => o.wireName).sort()).toEqual(declared);
      const attrs = schemas[r.typeName]!.block.attributes;
      for (const o of r.outputs) {
        expect(attrs[o.name]).toMatchObject({ computed: true });
        expect(attrs[o.name]!.required ?? attrs[o.name]!.optional ?? false).toBe(false);
      }
    });
  }
  it("types WorkerEndpoint's hostname and url as strings", () => {
    const attrs = schemas["takoform_worker_endpoint"]!.block.attributes;
    expect(attrs.hostname).toMatchObject({ type: "string", computed: true });
    expect(attrs.url).toMatchObject({ type: "string", computed: true });
  });
});

describe("descriptions (O3)", () => {
  it("carry the definition's and every property's description", () => {
    for (const r of model.resources) {
      const form = forms.find((f) => f.ref.schemaDigest === r.defaultRef.schemaDigest)!;
      expect(schemas[r.typeName]!.block.description).toBe(form.definition.description ?? "");
      for (const { a } of walk([...r.attributes, ...r.outputs])) expect(a.description.length, `${r.kind} ${a.name}`).toBeGreaterThan(0);
    }
    const wv = schemas["takoform_worker_version"]!.block.attributes;
    const props = forms.find((f) => f.ref.kind === "WorkerVersion")!.definition.desiredSchema.properties as Record<string, { description: string }>;
    expect(wv.handlers!.description).toBe(props.handlers!.description);
  });
});
