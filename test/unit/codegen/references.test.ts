// Rules F1-F3 (codegen/README.md): references become strings holding the target's name.
import { describe, expect, it } from "vitest";
import { buildProviderModel } from "../../../codegen/parse/provider.js";
import { corpus, referenceNode, syntheticForm, walk } from "./helpers.js";

describe("references, every kind", () => {
  const { forms, model } = corpus();
  for (const r of model.resources) {
    const form = forms.find((f) => f.ref.schemaDigest === r.defaultRef.schemaDigest)!;
    it(`${r.typeName}: one string reference attribute per derived relation`, () => {
      const refs = walk(r.attributes).filter(({ a }) => a.reference !== undefined);
      expect(refs.map(({ pointer }) => pointer).sort()).toEqual(form.relations.map((rel) => rel.pointer).sort());
      for (const { a, pointer } of refs) {
        const rel = form.relations.find((x) => x.pointer === pointer)!;
        expect(a.type).toBe("string");
        expect(a.reference).toMatchObject({ apiVersion: rel.targetApiVersion, kind: rel.targetKind });
        expect(a.reference!.targetFormRefs).toEqual(rel.targetFormRefs);
        expect(a.reference!.requiredInterface).toEqual(rel.requiredInterface);
        expect(a.validators.map((v) => v.kind).sort()).toEqual(["maxLength", "minLength", "pattern"]);
        expect(a.description).toContain(`Holds the name of the referenced ${rel.targetKind}`);
        // The binding list around a binding reference records its exact Binding contract (F3).
        if (rel.binding !== undefined) {
          const list = r.attributes.find((x) => pointer.startsWith(`/${x.wireName}/`))!;
          expect(list.binding).toEqual(form.definition.acceptedBindings!.find((b) => b.name === rel.binding));
        }
      }
    });
  }

  it("records the Binding contract of every WorkerVersion binding list (F3)", () => {
    const wv = model.resources.find((r) => r.kind === "WorkerVersion")!;
    const bound = wv.attributes.filter((a) => a.binding !== undefined).map((a) => [a.name, a.binding!.name]);
    expect(bound).toContainEqual(["kv_bindings", "module-worker.edge-kv"]);
    expect(bound.length).toBeGreaterThanOrEqual(5);
  });

  it("covers references at the top, inside nested objects and inside sets", () => {
    const pointers = model.resources.flatMap((r) =>
      walk(r.attributes)
        .filter(({ a }) => a.reference)
        .map(({ pointer }) => `${r.kind}${pointer}`),
    );
    expect(pointers).toEqual(
      expect.arrayContaining([
        "WorkerVersion/worker",
        "WorkerVersion/assets/bundle",
        "WorkerDeployment/versions/*/workerVersion",
        "WorkerVersion/kvBindings/*/resource",
      ]),
    );
  });
});

describe("reference shapes", () => {
  it("maps an array of references to a list of names", () => {
    const form = syntheticForm({ kind: "Widget", desiredSchema: { properties: { peers: { type: "array", items: referenceNode("Gadget") } } } });
    const [r] = buildProviderModel([form], "0").resources;
    expect(r!.attributes[0]).toMatchObject({ type: ["list", "string"], reference: { kind: "Gadget" } });
    expect(r!.attributes[0]!.elementValidators?.map((v) => v.kind)).toEqual(["pattern", "minLength", "maxLength"]);
  });

  it("refuses a binding list naming a Binding the definition does not accept", () => {
    const form = syntheticForm({
      kind: "Widget",
      desiredSchema: {
        properties: {
          kv: {
            type: "array",
            "x-takoform-binding": "widget.kv",
            items: { type: "object", additionalProperties: false, required: ["resource"], properties: { resource: referenceNode("Gadget") } },
          },
        },
      },
    });
    expect(() => buildProviderModel([form], "0")).toThrow(/x-takoform-binding 'widget.kv' is not in acceptedBindings/);
  });
});
