// Rule D3 (codegen/README.md): which attributes plan a replacement, for every kind, against
// corpus/lib's independent reading of mutability (mutableFields, derived capabilities).
import { describe, expect, it } from "vitest";
import { mutableFields } from "../../../corpus/lib/index.js";
import { buildProviderModel } from "../../../codegen/parse/provider.js";
import { corpus, syntheticForm, walk } from "./helpers.js";

describe("replacement, every kind", () => {
  const { forms, model } = corpus();
  for (const r of model.resources) {
    const form = forms.find((f) => f.ref.schemaDigest === r.defaultRef.schemaDigest)!;
    it(`${r.typeName}: replaces exactly the immutable fields, or everything without update`, () => {
      const noUpdate = r.role === "revision" || !form.capabilities.includes("update");
      const mutable = new Set(mutableFields(form.definition));
      for (const a of r.attributes) {
        const expected = noUpdate || !mutable.has(a.wireName);
        expect({ field: a.wireName, requiresReplace: a.requiresReplace }).toEqual({ field: a.wireName, requiresReplace: expected });
        // Everything below a replacing attribute replaces too.
        if (a.requiresReplace && a.nested) for (const { a: c } of walk(a.nested.attributes)) expect(c.requiresReplace).toBe(true);
      }
    });
  }

  it("covers all three cases in the corpus", () => {
    const wv = model.resources.find((r) => r.kind === "WorkerVersion")!;
    expect(wv.attributes.every((a) => a.requiresReplace)).toBe(true); // revision role
    const qc = model.resources.find((r) => r.kind === "QueueConsumer")!;
    expect(qc.attributes.filter((a) => a.requiresReplace).map((a) => a.name)).toEqual(["queue", "worker"]); // immutableFields
    expect(qc.attributes.find((a) => a.name === "max_retries")!.requiresReplace).toBe(false);
  });
});

describe("immutability markers", () => {
  it("honours nested immutableFields pointers and x-takoform-immutable", () => {
    const form = syntheticForm({
      kind: "Widget",
      lifecycleCapabilities: ["create", "read", "update", "delete", "import", "observe"],
      immutableFields: ["/limits/cpu"],
      desiredSchema: {
        properties: {
          limits: { type: "object", additionalProperties: false, properties: { cpu: { type: "integer" }, memory: { type: "integer" } } },
          zone: { type: "string", "x-takoform-immutable": true },
          size: { type: "integer" },
        },
      },
    });
    const [r] = buildProviderModel([form], "0").resources;
    const flags = Object.fromEntries(walk(r!.attributes).map(({ a, path }) => [path, a.requiresReplace]));
    expect(flags).toEqual({ limits: false, "limits.cpu": true, "limits.memory": false, size: false, zone: true });
  });

  it("refuses an immutableFields pointer that names no field", () => {
    const form = syntheticForm({
      kind: "Widget",
      lifecycleCapabilities: ["create", "read", "update", "delete", "import", "observe"],
      immutableFields: ["/nope"],
      desiredSchema: { properties: { size: { type: "integer" } } },
    });
    expect(() => buildProviderModel([form], "0")).toThrow(/immutableFields name no desired field: \/nope/);
  });
});
