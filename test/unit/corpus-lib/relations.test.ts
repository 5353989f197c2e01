import { describe, expect, it } from "vitest";
import { deriveRelations, RelationDerivationError, type JsonSchema, EDGE_GROUP } from "../../../corpus/lib/index.js";
import { referenceDefinition } from "./reference.js";
import { describeWithReference } from "../../support/reference.js";

const EDGE = EDGE_GROUP;
const S = "https://json-schema.org/draft/2020-12/schema";
const IFACE = { apiVersion: "interfaces.takoform.com/v1alpha1", name: "worker.runtime", version: "1.0.0", schemaDigest: "sha256:" + "a".repeat(64) };
const FORMREF = { apiVersion: EDGE, kind: "ModuleWorker", definitionVersion: "0.1.0", schemaDigest: "sha256:" + "b".repeat(64) };

function ref(kind: string, annotations: Record<string, unknown> = { "x-takoform-required-interface": IFACE }): Record<string, unknown> {
  return {
    type: "object",
    additionalProperties: false,
    required: ["apiVersion", "kind", "name"],
    properties: { apiVersion: { type: "string", const: EDGE }, kind: { type: "string", const: kind }, name: { type: "string" } },
    ...annotations,
  };
}
const schema = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}): JsonSchema => ({ $schema: S, type: "object", properties, ...extra });
const pointers = (s: JsonSchema) => deriveRelations(s).map((r) => r.pointer);

describeWithReference("deriveRelations over the reference definitions", () => {
  it("WorkerVersion: bundle, assets bundle, worker and every binding list's resource", () => {
    const relations = deriveRelations(referenceDefinition("worker-version").desiredSchema);
    expect(relations.map((r) => r.pointer).sort()).toEqual([
      "/assets/bundle",
      "/bucketBindings/*/resource",
      "/bundle",
      "/kvBindings/*/resource",
      "/queueProducerBindings/*/resource",
      "/serviceBindings/*/resource",
      "/sqliteBindings/*/resource",
      "/worker",
    ]);
    const kv = relations.find((r) => r.pointer === "/kvBindings/*/resource");
    expect(kv).toMatchObject({ relation: "resource", targetApiVersion: EDGE, targetKind: "EdgeKVNamespace", binding: "module-worker.edge-kv" });
    expect(kv?.requiredInterface?.name).toBe("edge.kv");
    expect(kv?.targetFormRefs).toBeUndefined();
    const bundle = relations.find((r) => r.pointer === "/bundle");
    expect(bundle?.targetFormRefs?.map((f) => f.kind)).toEqual(["WorkerBundle"]);
    expect(bundle?.binding).toBeUndefined();
    expect(relations.find((r) => r.pointer === "/worker")?.requiredInterface?.name).toBe("worker.runtime");
  });
  it("WorkerDeployment: /worker and /versions/*/workerVersion, both pinned to exact FormRefs", () => {
    const relations = deriveRelations(referenceDefinition("worker-deployment").desiredSchema);
    expect(relations.map((r) => [r.pointer, r.relation, r.targetKind]).sort()).toEqual([
      ["/versions/*/workerVersion", "workerVersion", "WorkerVersion"],
      ["/worker", "worker", "ModuleWorker"],
    ]);
    expect(relations.every((r) => r.targetFormRefs?.length === 1 && r.requiredInterface === undefined)).toBe(true);
  });
  it("QueueConsumer: queue, dead-letter queue and worker, by Interface", () => {
    const relations = deriveRelations(referenceDefinition("queue-consumer").desiredSchema);
    expect(relations.map((r) => [r.pointer, r.targetKind, r.requiredInterface?.name]).sort()).toEqual([
      ["/deadLetterQueue", "AtLeastOnceQueue", "edge.queue"],
      ["/queue", "AtLeastOnceQueue", "edge.queue"],
      ["/worker", "ModuleWorker", "worker.runtime"],
    ]);
  });
  it("SQLiteMigrationApplication: database and migrationSet", () => {
    const relations = deriveRelations(referenceDefinition("sqlite-migration-application").desiredSchema);
    expect(relations.map((r) => [r.pointer, r.targetKind]).sort()).toEqual([
      ["/database", "SQLiteDatabase"],
      ["/migrationSet", "SQLiteMigrationSet"],
    ]);
  });
  it("identity Forms with no field have no relation", () => {
    expect(deriveRelations(referenceDefinition("module-worker").desiredSchema)).toEqual([]);
  });
});

describe("deriveRelations shape rules", () => {
  it("a reference in a list inside a map, reached through $ref, with its binding name", () => {
    const s = schema(
      { groups: { type: "object", additionalProperties: { $ref: "#/$defs/group" } } },
      {
        $defs: {
          group: {
            type: "array",
            "x-takoform-binding": "module-worker.service",
            items: { type: "object", properties: { target: { $ref: "#/$defs/workerRef" } } },
          },
          workerRef: ref("ModuleWorker"),
        },
      },
    );
    expect(deriveRelations(s)).toEqual([
      {
        pointer: "/groups/*/*/target",
        relation: "target",
        targetApiVersion: EDGE,
        targetKind: "ModuleWorker",
        requiredInterface: IFACE,
        binding: "module-worker.service",
      },
    ]);
  });
  it("an annotation written beside a $ref applies to the referenced shape", () => {
    const plain = ref("ModuleWorker", {});
    const s = schema({ worker: { $ref: "#/$defs/workerRef", "x-takoform-target-formrefs": [FORMREF] } }, { $defs: { workerRef: plain } });
    expect(deriveRelations(s)[0]?.targetFormRefs).toEqual([FORMREF]);
  });
  it("refuses a reference carrying both or neither annotation, naming the pointer", () => {
    const both = schema({
      list: { type: "array", items: ref("ModuleWorker", { "x-takoform-required-interface": IFACE, "x-takoform-target-formrefs": [FORMREF] }) },
    });
    expect(() => deriveRelations(both)).toThrow(RelationDerivationError);
    expect(() => deriveRelations(both)).toThrow(/^\/list\/\*: a reference must carry exactly one of .* \(found both\)/);
    const neither = schema({ worker: ref("ModuleWorker", {}) });
    expect(() => deriveRelations(neither)).toThrow(/^\/worker: .*\(found neither\)/);
  });
  it("refuses an annotation on a node that is not a reference, and a FormRef naming another kind", () => {
    expect(() => deriveRelations(schema({ x: { type: "string", "x-takoform-required-interface": IFACE } }))).toThrow(/^\/x: .*not a reference/);
    const wrongKind = schema({ worker: ref("WorkerBundle", { "x-takoform-target-formrefs": [FORMREF] }) });
    expect(() => deriveRelations(wrongKind)).toThrow(/names edge.forms.takoform.com\/v1beta1 ModuleWorker, but the reference is to .* WorkerBundle/);
    expect(() => deriveRelations(schema({ w: ref("ModuleWorker", { "x-takoform-target-formrefs": [] }) }))).toThrow(/non-empty list/);
  });
  it("objects that are open, lack a const, or carry extra members are not references", () => {
    const open = { ...ref("ModuleWorker", {}), additionalProperties: true };
    const enumKind = ref("ModuleWorker", {});
    (enumKind.properties as Record<string, unknown>).kind = { enum: ["ModuleWorker", "WorkerBundle"] };
    const extra = ref("ModuleWorker", {});
    (extra.properties as Record<string, unknown>).space = { type: "string" };
    const fourRequired = { ...ref("ModuleWorker", {}), required: ["apiVersion", "kind", "name", "uid"] };
    expect(pointers(schema({ a: open, b: enumKind, c: extra, d: fourRequired }))).toEqual([]);
  });
  it("terminates on a recursive schema and refuses a $ref that does not resolve", () => {
    const recursive = schema(
      { tree: { $ref: "#/$defs/node" } },
      { $defs: { node: { type: "object", properties: { children: { type: "array", items: { $ref: "#/$defs/node" } }, owner: ref("ModuleWorker") } } } },
    );
    expect(pointers(recursive)).toEqual(["/tree/owner"]);
    expect(() => deriveRelations(schema({ x: { $ref: "#/$defs/missing" } }))).toThrow(/^\/x: \$ref #\/\$defs\/missing does not resolve/);
    expect(() => deriveRelations(schema({ x: { $ref: "https://example.com/s.json" } }))).toThrow(/non-local/);
  });
  it("follows allOf/anyOf/oneOf at the same pointer and prefixItems by index", () => {
    const s = schema({
      pair: { type: "array", prefixItems: [ref("ModuleWorker"), { type: "string" }] },
      alt: { oneOf: [ref("ModuleWorker"), { type: "null" }] },
    });
    expect(pointers(s)).toEqual(["/pair/0", "/alt"]);
  });
});
