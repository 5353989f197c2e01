// Rule D2 (codegen/README.md): a declared top-level default is optional + computed with the
// default planned; checked for every kind against corpus/lib's own reading of the defaults.
import { describe, expect, it } from "vitest";
import { declaredDefaults, materializeDefaults } from "../../../corpus/lib/index.js";
import { buildProviderModel } from "../../../codegen/parse/provider.js";
import { corpus, syntheticForm, walk } from "./helpers.js";

describe("declared defaults, every kind", () => {
  const { forms, model } = corpus();
  for (const r of model.resources) {
    const form = forms.find((f) => f.ref.schemaDigest === r.defaultRef.schemaDigest)!;
    it(`${r.typeName}: plans exactly the defaults corpus/lib materializes`, () => {
      const expected = declaredDefaults(form.definition.desiredSchema);
      const planned = Object.fromEntries(r.attributes.filter((a) => a.default !== undefined).map((a) => [a.wireName, a.default]));
      expect(planned).toEqual(expected);
      // Omitting every defaulted attribute and sending the planned values is one desired state.
      expect(materializeDefaults(form.definition.desiredSchema, {})).toEqual(planned);
      for (const a of r.attributes) {
        const defaulted = a.default !== undefined;
        // An artifact-backed Form's manifest digest may be computed from source_dir (ADR 0102).
        const fromSource = r.artifact !== undefined && a.wireName === "manifestDigest";
        expect({ name: a.name, optional: a.optional, computed: a.computed }).toEqual({
          name: a.name,
          optional: defaulted || fromSource || !((form.definition.desiredSchema.required as string[] | undefined) ?? []).includes(a.wireName),
          computed: defaulted || fromSource,
        });
      }
    });
  }

  it("covers the corpus's defaulted fields", () => {
    const defaulted = model.resources.flatMap((r) => r.attributes.filter((a) => a.default !== undefined).map((a) => `${r.kind}.${a.wireName}`));
    expect(defaulted).toContain("WorkerVersion.vars");
    expect(defaulted).toContain("WorkerVersion.kvBindings");
    expect(defaulted).toContain("AtLeastOnceQueue.deliveryDelaySeconds");
  });
});

describe("nested defaults", () => {
  it("are not planned: the host materializes top-level defaults only", () => {
    const form = syntheticForm({
      kind: "Widget",
      desiredSchema: {
        properties: {
          limits: { type: "object", additionalProperties: false, properties: { cpu: { type: "integer", default: 1 } } },
          mode: { type: "string", default: "fast" },
        },
        required: ["mode"],
      },
    });
    const [r] = buildProviderModel([form], "0").resources;
    const byPath = Object.fromEntries(walk(r!.attributes).map(({ a, path }) => [path, a]));
    expect(byPath["mode"]).toMatchObject({ required: false, optional: true, computed: true, default: "fast" });
    expect(byPath["limits.cpu"]).toMatchObject({ optional: true, computed: false });
    expect(byPath["limits.cpu"]!.default).toBeUndefined();
  });
});
