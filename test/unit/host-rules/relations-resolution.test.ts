import { describe, expect, it } from "vitest";
import { canonicalDigest, type FormDefinition, EDGE_GROUP } from "../../../corpus/lib/index.js";
import { resolveRelations } from "../../../host/rules/relations/resolve-relations.js";
import type { StoredTarget } from "../../../host/rules/relations/view.js";
import { MemoryView } from "./support/memory-view.js";
import { bindingContract, definition, interfaceDefinition, refOf, relationsOf, secondModuleWorkerDefinition } from "./support/reference.js";

const EDGE = EDGE_GROUP;
const ref = (kind: string, name: string) => ({ apiVersion: EDGE, kind, name });

function world() {
  const version = definition("WorkerVersion");
  const view = new MemoryView().install(
    version,
    definition("ModuleWorker"),
    definition("WorkerBundle"),
    definition("EdgeKVNamespace"),
    definition("WorkerDeployment"),
    secondModuleWorkerDefinition(),
  );
  for (const b of ["module-worker.edge-kv", "module-worker.object-bucket", "module-worker.sqlite", "module-worker.queue-producer", "module-worker.service"]) {
    view.installBinding(bindingContract(b));
  }
  const worker = view.add(definition("ModuleWorker"), "api");
  const bundle = view.add(definition("WorkerBundle"), "bundle-1", { manifestDigest: "sha256:" + "a".repeat(64) });
  const kv = view.add(definition("EdgeKVNamespace"), "cache");
  return { view, version, worker, bundle, kv };
}

const versionSpec = (extra: Record<string, unknown> = {}) => ({
  worker: ref("ModuleWorker", "api"),
  bundle: ref("WorkerBundle", "bundle-1"),
  handlers: ["fetch"],
  kvBindings: [{ name: "CACHE", resource: ref("EdgeKVNamespace", "cache") }],
  ...extra,
});

function resolveVersion(w: ReturnType<typeof world>, spec: Record<string, unknown>, source: FormDefinition = w.version) {
  return resolveRelations({ space: "default", spec, source, relations: relationsOf(source), view: w.view });
}

describe("relation resolution (relation-pin-records-target-form-ref)", () => {
  it("records pointer, derived relation, target identity, uid, exact ref and bindingRef", () => {
    const w = world();
    const out = resolveVersion(w, versionSpec());
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const byPointer = Object.fromEntries(out.records.map((r) => [r.pointer, r]));
    expect(Object.keys(byPointer).sort()).toEqual(["/bundle", "/kvBindings/0/resource", "/worker"]);
    expect(byPointer["/kvBindings/0/resource"]).toEqual({
      pointer: "/kvBindings/0/resource",
      relation: "/kvBindings/*/resource",
      targetApiVersion: EDGE,
      targetKind: "EdgeKVNamespace",
      targetName: "cache",
      targetUid: w.kv.uid,
      targetFormRef: refOf(definition("EdgeKVNamespace")),
      bindingRef: bindingContract("module-worker.edge-kv").ref,
    });
    expect(byPointer["/worker"]?.targetUid).toBe(w.worker.uid);
    expect(byPointer["/worker"]?.bindingRef).toBeUndefined();
    expect(byPointer["/bundle"]?.targetFormRef).toEqual(refOf(definition("WorkerBundle")));
  });

  it("refuses an absent target with resource_not_found naming the relation pointer (binding-target-missing-404-before-mutation)", () => {
    const w = world();
    const out = resolveVersion(w, versionSpec({ kvBindings: [{ name: "CACHE", resource: ref("EdgeKVNamespace", "missing") }] }));
    expect(out).toMatchObject({ ok: false, code: "resource_not_found", pointer: "/kvBindings/0/resource" });
    if (!out.ok) expect(out.message).toContain("/kvBindings/0/resource");
  });

  it("resolves only within the source's space: a reference carries no space", () => {
    const w = world();
    w.kv.space = "other";
    const out = resolveVersion(w, versionSpec());
    expect(out).toMatchObject({ ok: false, code: "resource_not_found", pointer: "/kvBindings/0/resource" });
  });

  it("refuses a target whose recorded group/kind differs from the reference when the host resolved by name alone", () => {
    const w = world();
    const byNameOnly = {
      resolve: (space: string, _a: string, _k: string, name: string) => w.view.resources.find((r) => r.space === space && r.name === name),
      definitionOf: w.view.definitionOf.bind(w.view),
      installedBinding: w.view.installedBinding.bind(w.view),
    };
    w.view.add(definition("EdgeKVNamespace"), "bundle-x");
    const out = resolveRelations({
      space: "default",
      spec: versionSpec({ bundle: ref("WorkerBundle", "bundle-x") }),
      source: w.version,
      relations: relationsOf(w.version),
      view: byNameOnly,
    });
    expect(out).toMatchObject({ ok: false, code: "invalid_argument", pointer: "/bundle" });
    if (!out.ok) expect(out.message).toMatch(/EdgeKVNamespace.*requires.*WorkerBundle/);
  });

  it("verifies x-takoform-target-formrefs against the recorded exact ref (relation-target-form-ref-verified)", () => {
    const w = world();
    const deployment = definition("WorkerDeployment");
    w.view.add(definition("WorkerVersion"), "v1", versionSpec());
    const second = w.view.add(secondModuleWorkerDefinition(), "api-v2");
    const spec = (worker: string) => ({ worker: ref("ModuleWorker", worker), versions: [{ workerVersion: ref("WorkerVersion", "v1"), weight: 10000 }] });
    const refused = resolveRelations({ space: "default", spec: spec("api-v2"), source: deployment, relations: relationsOf(deployment), view: w.view });
    expect(refused).toMatchObject({ ok: false, code: "invalid_argument", pointer: "/worker" });
    if (!refused.ok) {
      expect(refused.message).toContain("/worker");
      expect(refused.message).toContain("ModuleWorker@0.1.0");
      expect(refused.message).toContain(second.formRef.schemaDigest);
    }
    const accepted = resolveRelations({ space: "default", spec: spec("api"), source: deployment, relations: relationsOf(deployment), view: w.view });
    expect(accepted.ok).toBe(true);
  });

  it("verifies x-takoform-required-interface against providedInterfaces at the exact digest (relation-target-interface-verified)", () => {
    const w = world();
    w.view.add(secondModuleWorkerDefinition(), "api-v2");
    const refused = resolveVersion(w, versionSpec({ worker: ref("ModuleWorker", "api-v2") }));
    expect(refused).toMatchObject({ ok: false, code: "invalid_argument", pointer: "/worker" });
    if (!refused.ok) expect(refused.message).toContain(`worker.runtime@1.0.0 (${interfaceDefinition("worker.runtime").ref.schemaDigest})`);
    expect(resolveVersion(w, versionSpec()).ok).toBe(true);
  });

  it("refuses the required Interface at another digest", () => {
    const w = world();
    const moved = structuredClone(definition("ModuleWorker"));
    moved.definitionVersion = "0.3.0";
    moved.providedInterfaces = (moved.providedInterfaces ?? []).map((i) => ({ ...i, schemaDigest: "sha256:" + "0".repeat(64) }));
    w.view.install(moved);
    w.view.add(moved, "api-moved");
    const out = resolveVersion(w, versionSpec({ worker: ref("ModuleWorker", "api-moved") }));
    expect(out).toMatchObject({ ok: false, code: "invalid_argument", pointer: "/worker" });
  });
});

describe("binding verification, steps 1 to 5 in order (binding-contract-verified)", () => {
  /** A WorkerVersion Definition accepting a modified edge-kv contract at its real digest. */
  function withModifiedKvContract(w: ReturnType<typeof world>, edit: (c: Record<string, unknown>) => void): FormDefinition {
    const contract = structuredClone(bindingContract("module-worker.edge-kv"));
    contract.definition.version = "9.0.0";
    edit(contract.definition as unknown as Record<string, unknown>);
    contract.ref = { ...contract.ref, version: "9.0.0", schemaDigest: canonicalDigest(contract.definition) };
    w.view.installBinding(contract);
    const source = structuredClone(w.version);
    source.acceptedBindings = (source.acceptedBindings ?? []).map((b) => (b.name === "module-worker.edge-kv" ? contract.ref : b));
    return source;
  }

  it("1: the source Definition does not accept the annotated contract -> invalid_argument", () => {
    const w = world();
    const source = structuredClone(w.version);
    source.acceptedBindings = (source.acceptedBindings ?? []).filter((b) => b.name !== "module-worker.edge-kv");
    const out = resolveVersion(w, versionSpec(), source);
    expect(out).toMatchObject({ ok: false, code: "invalid_argument", pointer: "/kvBindings/0/resource" });
    if (!out.ok) expect(out.message).toContain("module-worker.edge-kv");
  });

  it("2: the contract is not installed, or installed at another digest -> unsupported_capability", () => {
    const w = world();
    const source = structuredClone(w.version);
    source.acceptedBindings = (source.acceptedBindings ?? []).map((b) =>
      b.name === "module-worker.edge-kv" ? { ...b, schemaDigest: "sha256:" + "1".repeat(64) } : b,
    );
    expect(resolveVersion(w, versionSpec(), source)).toMatchObject({ ok: false, code: "unsupported_capability" });
    const bare = new MemoryView().install(...["WorkerVersion", "ModuleWorker", "WorkerBundle", "EdgeKVNamespace"].map((k) => definition(k)));
    bare.resources.push(...w.view.resources);
    const out = resolveRelations({ space: "default", spec: versionSpec(), source: w.version, relations: relationsOf(w.version), view: bare });
    expect(out).toMatchObject({ ok: false, code: "unsupported_capability", pointer: "/kvBindings/0/resource" });
  });

  it("3: the source role differs from sourceRole -> invalid_argument, before rule 4", () => {
    const w = world();
    const source = withModifiedKvContract(w, (c) => {
      c["allowedTargetForms"] = [{ apiVersion: EDGE, kind: "ObjectBucket" }];
    });
    source.role = "identity";
    const out = resolveVersion(w, versionSpec(), source);
    expect(out).toMatchObject({ ok: false, code: "invalid_argument" });
    if (!out.ok) expect(out.message).toMatch(/role revision.*has role identity/);
  });

  it("4: the target's group/kind is not an allowedTargetForm -> invalid_argument", () => {
    const w = world();
    const source = withModifiedKvContract(w, (c) => {
      c["allowedTargetForms"] = [{ apiVersion: EDGE, kind: "ObjectBucket" }];
    });
    const out = resolveVersion(w, versionSpec(), source);
    expect(out).toMatchObject({ ok: false, code: "invalid_argument", pointer: "/kvBindings/0/resource" });
    if (!out.ok) expect(out.message).toMatch(/allows targets of .*ObjectBucket/);
  });

  it("5: the target does not provide the contract's targetInterface -> invalid_argument", () => {
    const w = world();
    const bare = structuredClone(definition("EdgeKVNamespace"));
    bare.definitionVersion = "0.9.0";
    delete bare.providedInterfaces;
    w.view.install(bare);
    w.view.add(bare, "cache-bare");
    const out = resolveVersion(w, versionSpec({ kvBindings: [{ name: "CACHE", resource: ref("EdgeKVNamespace", "cache-bare") }] }));
    expect(out).toMatchObject({ ok: false, code: "invalid_argument", pointer: "/kvBindings/0/resource" });
    if (!out.ok) expect(out.message).toMatch(/projects edge\.kv@1\.0\.0/);
  });

  it("an annotation that is not the contract's targetInterface cannot be verified -> unsupported_capability", () => {
    const w = world();
    const source = withModifiedKvContract(w, (c) => {
      c["targetInterface"] = { ...(c["targetInterface"] as object), version: "2.0.0" };
    });
    const kvDef = structuredClone(definition("EdgeKVNamespace"));
    kvDef.definitionVersion = "0.5.0";
    kvDef.providedInterfaces = [...(kvDef.providedInterfaces ?? []), { ...(kvDef.providedInterfaces ?? [])[0]!, version: "2.0.0" }];
    w.view.install(kvDef);
    w.view.add(kvDef, "cache-two");
    const out = resolveVersion(w, versionSpec({ kvBindings: [{ name: "CACHE", resource: ref("EdgeKVNamespace", "cache-two") }] }), source);
    expect(out).toMatchObject({ ok: false, code: "unsupported_capability", pointer: "/kvBindings/0/resource" });
    if (!out.ok) expect(out.message).toContain("cannot verify");
  });

  it("every binding list is verified, not only the first", () => {
    const w = world();
    const other = w.view.add(definition("ModuleWorker"), "backend") as StoredTarget;
    const out = resolveVersion(w, versionSpec({ serviceBindings: [{ name: "BACKEND", resource: ref("ModuleWorker", "backend") }] }));
    expect(out.ok).toBe(true);
    if (out.ok) {
      const rec = out.records.find((r) => r.pointer === "/serviceBindings/0/resource");
      expect(rec?.targetUid).toBe(other.uid);
      expect(rec?.bindingRef?.name).toBe("module-worker.service");
    }
  });
});
