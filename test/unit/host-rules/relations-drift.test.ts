import { describe, expect, it } from "vitest";
import { resolveRelations } from "../../../host/rules/relations/resolve-relations.js";
import { relationDrift, HOST_REASON_MAX } from "../../../host/rules/relations/relation-drift.js";
import { dependencyProtection } from "../../../host/rules/relations/dependency-protection.js";
import { MemoryView } from "./support/memory-view.js";
import { bindingContract, definition, refOf, relationsOf } from "./support/reference.js";
import { EDGE_GROUP } from "../../../corpus/lib/index.js";

const EDGE = EDGE_GROUP;
const ref = (kind: string, name: string) => ({ apiVersion: EDGE, kind, name });

function pinnedVersion() {
  const versionDef = definition("WorkerVersion");
  const view = new MemoryView().install(versionDef, definition("ModuleWorker"), definition("WorkerBundle"), definition("EdgeKVNamespace"));
  view.installBinding(bindingContract("module-worker.edge-kv"));
  const worker = view.add(definition("ModuleWorker"), "api");
  view.add(definition("WorkerBundle"), "bundle-1", { manifestDigest: "sha256:" + "b".repeat(64) });
  const kv = view.add(definition("EdgeKVNamespace"), "cache");
  const spec = {
    worker: ref("ModuleWorker", "api"),
    bundle: ref("WorkerBundle", "bundle-1"),
    handlers: ["fetch"],
    kvBindings: [{ name: "CACHE", resource: ref("EdgeKVNamespace", "cache") }],
  };
  const version = view.add(versionDef, "v1", spec);
  const apply = () => {
    const out = resolveRelations({ space: "default", spec, source: versionDef, relations: relationsOf(versionDef), view });
    if (!out.ok) throw new Error(out.message);
    view.pin(version, out.records);
  };
  apply();
  return { view, version, worker, kv, apply };
}

describe("relation drift rendering (relation-incarnation-change-detected)", () => {
  it("reports nothing while every pin resolves to its uid and exact ref", () => {
    const w = pinnedVersion();
    expect(relationDrift("default", w.version.relations, w.view)).toEqual({ drifted: false });
  });

  it("DependencyMissing when the target is gone; hostReason names pointer and both uids and refs", () => {
    const w = pinnedVersion();
    w.view.remove(w.kv.uid);
    const out = relationDrift("default", w.version.relations, w.view);
    expect(out.drifted).toBe(true);
    if (!out.drifted) return;
    expect(out.condition).toMatchObject({ type: "Ready", status: "False", reason: "DependencyMissing" });
    expect(out.condition.hostReason).toContain("/kvBindings/0/resource");
    expect(out.condition.hostReason).toContain(w.kv.uid);
    expect(out.condition.hostReason).toContain("->none");
    expect(out.condition.message).toContain(refOf(definition("EdgeKVNamespace")).schemaDigest);
  });

  it("ExternalChange when the name now holds another incarnation, and never re-binds", () => {
    const w = pinnedVersion();
    w.view.remove(w.kv.uid);
    const again = w.view.add(definition("EdgeKVNamespace"), "cache");
    const first = relationDrift("default", w.version.relations, w.view);
    const second = relationDrift("default", w.version.relations, w.view);
    expect(first).toEqual(second); // a read does not heal it
    if (!first.drifted) throw new Error("expected drift");
    expect(first.condition.reason).toBe("ExternalChange");
    expect(first.condition.hostReason).toContain(`${w.kv.uid}->${again.uid}`);
    expect(first.condition.hostReason!.length).toBeLessThanOrEqual(HOST_REASON_MAX);
    expect(w.version.relations.find((r) => r.pointer === "/kvBindings/0/resource")?.targetUid).toBe(w.kv.uid);
  });

  it("ExternalChange when the same incarnation is now recorded under another exact FormRef (decision 0022 rule 8)", () => {
    const w = pinnedVersion();
    w.worker.formRef = { ...w.worker.formRef, definitionVersion: "0.2.0", schemaDigest: "sha256:" + "c".repeat(64) };
    const out = relationDrift("default", w.version.relations, w.view);
    if (!out.drifted) throw new Error("expected drift");
    expect(out.condition.reason).toBe("ExternalChange");
    expect(out.condition.hostReason).toContain("/worker");
    expect(out.condition.hostReason).toContain(`ModuleWorker@0.1.0#${refOf(definition("ModuleWorker")).schemaDigest.slice(0, 19)}`);
    expect(out.condition.hostReason).toContain("ModuleWorker@0.2.0#sha256:cccc");
    expect(out.findings[0]?.currentUID).toBe(w.worker.uid);
  });

  it("recovers by re-applying (relation-reapply-repins): the re-resolved pins clear the condition", () => {
    const w = pinnedVersion();
    w.view.remove(w.kv.uid);
    const again = w.view.add(definition("EdgeKVNamespace"), "cache");
    expect(relationDrift("default", w.version.relations, w.view).drifted).toBe(true);
    w.apply();
    expect(relationDrift("default", w.version.relations, w.view)).toEqual({ drifted: false });
    expect(w.version.relations.find((r) => r.pointer === "/kvBindings/0/resource")?.targetUid).toBe(again.uid);
  });

  it("keeps hostReason within the wire bound for long uids", () => {
    const w = pinnedVersion();
    const long = "u".repeat(128);
    w.version.relations = w.version.relations.map((r) => ({ ...r, targetUid: long }));
    const out = relationDrift("default", w.version.relations, w.view);
    if (!out.drifted) throw new Error("expected drift");
    expect(out.condition.hostReason!.length).toBeLessThanOrEqual(HOST_REASON_MAX);
    expect(out.condition.hostReason!.length).toBeGreaterThan(0);
  });
});

describe("dependency protection (dependency-in-use-on-bound-target-delete, relation-target-deletion-blocked)", () => {
  it("refuses deleting a target any live relation pins, naming the holder", () => {
    const w = pinnedVersion();
    const out = dependencyProtection(w.kv.uid, w.view.holdersOf(w.kv.uid));
    expect(out).toMatchObject({ ok: false, code: "dependency_in_use" });
    if (!out.ok) expect(out.message).toContain('WorkerVersion "v1"');
  });

  it("admits the delete once the holder is gone", () => {
    const w = pinnedVersion();
    w.view.remove(w.version.uid);
    expect(dependencyProtection(w.kv.uid, w.view.holdersOf(w.kv.uid))).toEqual({ ok: true });
  });

  it("a self-reference does not block its own deletion", () => {
    const w = pinnedVersion();
    const self = w.view.add(definition("EdgeKVNamespace"), "selfish");
    self.relations = [
      {
        pointer: "/x",
        relation: "/x",
        targetApiVersion: EDGE,
        targetKind: "EdgeKVNamespace",
        targetName: "selfish",
        targetUid: self.uid,
        targetFormRef: self.formRef,
      },
    ];
    expect(dependencyProtection(self.uid, w.view.holdersOf(self.uid))).toEqual({ ok: true });
  });
});
