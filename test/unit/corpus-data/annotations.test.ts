// Decision 0022: every reference node of every desired schema carries exactly one target
// contract, chosen by the dependency; binding-list references require exactly their Binding
// Definition's targetInterface; every digest an annotation carries names OUR pinned document.
import { describe, expect, it } from "vitest";
import { canonicalDigest, deriveRelations, type BindingDefinition, type ExactFormRef, type InterfaceRef } from "../../../corpus/lib/index.js";
import { corpusBindings, corpusForms, corpusInterfaces } from "./corpus-files.js";
import { nodesWithAnnotation, referenceNodes } from "./reference-nodes.js";

const TARGET = "x-takoform-target-formrefs";
const INTERFACE = "x-takoform-required-interface";

/** The references whose relation reads or writes the target Form itself (decision 0022, 0033). */
const EXACT_FORM_RELATIONS: Record<string, string[]> = {
  WorkerVersion: ["/bundle", "/assets/bundle"],
  WorkerDeployment: ["/worker", "/versions/*/workerVersion"],
  SQLiteMigrationApplication: ["/database", "/migrationSet"],
};

const forms = corpusForms();
const interfaces = corpusInterfaces();
const bindings = corpusBindings();
const interfaceDigest = (name: string) => canonicalDigest(interfaces.find((i) => i.definition.name === name)!.definition);
const formDigest = (kind: string, version: string) =>
  canonicalDigest(forms.find((f) => f.definition.kind === kind && f.definition.definitionVersion === version)!.definition);
const bindingByName = (name: string): BindingDefinition => bindings.find((b) => b.definition.name === name)!.definition;

describe.each(forms.map((f) => [`${f.definition.kind}@${f.definition.definitionVersion}`, f] as const))("%s", (_, form) => {
  const refs = referenceNodes(form.definition.desiredSchema);

  it("every reference node carries exactly one of the two annotations", () => {
    for (const ref of refs) {
      const count = Number(TARGET in ref.node) + Number(INTERFACE in ref.node);
      expect(count, ref.pointer).toBe(1);
    }
  });

  it("annotations sit only on reference nodes", () => {
    const onRefs = refs.length;
    const annotated = nodesWithAnnotation(form.definition.desiredSchema, TARGET).length + nodesWithAnnotation(form.definition.desiredSchema, INTERFACE).length;
    expect(annotated).toBe(onRefs);
  });

  it("uses an exact Form ref exactly where the relation depends on the target Form (decision 0022)", () => {
    const exact = refs
      .filter((r) => TARGET in r.node)
      .map((r) => r.pointer)
      .sort();
    expect(exact).toEqual([...(EXACT_FORM_RELATIONS[form.definition.kind] ?? [])].sort());
  });

  it("every x-takoform-target-formrefs entry names a corpus definition of the referenced kind at its pinned digest", () => {
    for (const ref of refs.filter((r) => TARGET in r.node)) {
      const kind = (ref.node.properties as Record<string, { const: string }>).kind!.const;
      for (const target of ref.node[TARGET] as ExactFormRef[]) {
        expect(target.kind, ref.pointer).toBe(kind);
        expect(target.schemaDigest, ref.pointer).toBe(formDigest(target.kind, target.definitionVersion));
      }
    }
  });

  it("every x-takoform-required-interface names a corpus interface at its pinned digest", () => {
    for (const ref of refs.filter((r) => INTERFACE in r.node)) {
      const required = ref.node[INTERFACE] as InterfaceRef;
      expect(required.apiVersion).toBe("interfaces.takoform.com/v1alpha1");
      expect(required.schemaDigest, ref.pointer).toBe(interfaceDigest(required.name));
    }
  });

  it("each binding-list reference requires exactly its Binding Definition's targetInterface", () => {
    for (const ref of refs.filter((r) => r.binding !== undefined)) {
      const binding = bindingByName(ref.binding!);
      expect(ref.node[INTERFACE], ref.pointer).toEqual(binding.targetInterface);
      const kind = (ref.node.properties as Record<string, { const: string }>).kind!.const;
      expect(
        binding.allowedTargetForms?.map((f) => f.kind),
        ref.pointer,
      ).toContain(kind);
    }
  });

  it("each x-takoform-binding names a binding the definition accepts, and each accepted binding governs a list", () => {
    const lists = new Set(refs.filter((r) => r.binding !== undefined).map((r) => r.binding));
    const accepted = (form.definition.acceptedBindings ?? []).map((b) => b.name);
    expect(new Set(accepted)).toEqual(lists);
    for (const b of form.definition.acceptedBindings ?? []) {
      expect(b.schemaDigest).toBe(canonicalDigest(bindingByName(b.name)));
      expect(bindingByName(b.name).sourceRole).toBe(form.definition.role);
    }
  });

  it("providedInterfaces name corpus interfaces at their pinned digests", () => {
    for (const provided of form.definition.providedInterfaces ?? []) expect(provided.schemaDigest).toBe(interfaceDigest(provided.name));
  });

  it("corpus/lib derives the same relation pointers", () => {
    expect(
      deriveRelations(form.definition.desiredSchema)
        .map((r) => r.pointer)
        .sort(),
    ).toEqual(refs.map((r) => r.pointer).sort());
  });
});

describe("the family as a whole", () => {
  // Interface requirements: WorkerVersion /worker and its five binding lists; QueueConsumer /queue,
  // /worker and /deadLetterQueue; the /worker of WorkerCronTrigger, WorkerCustomDomain and WorkerEndpoint.
  it("splits its relations into twelve interface requirements and six exact-Form relations", () => {
    const all = forms.filter((f) => f.definition.definitionVersion === "0.1.0").flatMap((f) => referenceNodes(f.definition.desiredSchema));
    const exact = all.filter((r) => TARGET in r.node);
    expect(exact).toHaveLength(6);
    expect(all.length - exact.length).toBe(12);
  });

  it("every Binding Definition targets a corpus interface at its pinned digest", () => {
    for (const { definition } of bindings) expect(definition.targetInterface.schemaDigest).toBe(interfaceDigest(definition.targetInterface.name));
  });

  it("the reference detector finds a planted unannotated reference (the checks above can fail)", () => {
    const planted = {
      type: "object",
      properties: {
        x: {
          type: "object",
          required: ["apiVersion", "kind", "name"],
          properties: { apiVersion: { const: "a.b/v1" }, kind: { const: "K" }, name: { type: "string" } },
        },
      },
    };
    const found = referenceNodes(planted);
    expect(found.map((r) => r.pointer)).toEqual(["/x"]);
    expect(TARGET in found[0]!.node || INTERFACE in found[0]!.node).toBe(false);
  });
});
