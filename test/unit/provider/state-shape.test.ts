// The state of schema version 2 (ADR 0286): status_json with the relations of the desired
// references, the recorded ref and generation read from it, and the upgrades of version 0 (ADR
// 0240's nested lists) and version 1 (its flat attributes), which must equal the state a read of
// the same representation records, so the first plan after an upgrade is empty.
import { describe, expect, it } from "vitest";
import { providerModel } from "../../../generated/provider/model.js";
import { loadProviderModel } from "../../../provider-bridge/model/load.js";
import { compileSchema } from "../../../provider-bridge/schema/compiled.js";
import { parseRepresentation, stateFromRepresentation } from "../../../provider-bridge/lifecycle/representation.js";
import { stateFromSpec } from "../../../provider-bridge/lifecycle/spec-mapping.js";
import { parseRefText, recordedGeneration, recordedRef, refValue } from "../../../provider-bridge/state/recorded.js";
import { relationsOfState } from "../../../provider-bridge/state/relations.js";
import { statusJson } from "../../../provider-bridge/state/status-json.js";
import { upgradeState } from "../../../provider-bridge/state/upgrade.js";
import { pendingState } from "../../../provider-bridge/lifecycle/applied-state.js";
import { ctyObject, UNKNOWN } from "../../../provider-bridge/wire/value.js";

const group = "edge.forms.takoform.com/v1beta1";

async function resource(kind: string) {
  const loaded = await loadProviderModel({});
  const r = loaded.resources.find((x) => x.model.kind === kind)!;
  return { model: r.model, block: compileSchema(r.schema).block };
}

const versionSpec = {
  worker: { apiVersion: group, kind: "ModuleWorker", name: "api" },
  bundle: { apiVersion: group, kind: "WorkerBundle", name: "b" },
  handlers: ["fetch"],
  kvBindings: [{ name: "CACHE", resource: { apiVersion: group, kind: "EdgeKVNamespace", name: "cache" } }],
};

describe("state schema version 2", () => {
  it("lists the references of the desired attributes, nested ones with their pointer, and none while one is unknown", async () => {
    const { model, block } = await resource("WorkerVersion");
    const state = stateFromSpec(model.attributes, block, versionSpec);
    // in the schema's attribute order, as version 0 listed them
    expect(relationsOfState(model.attributes, state)).toEqual([
      { pointer: "/bundle", relation: "bundle", apiVersion: group, kind: "WorkerBundle", name: "b" },
      { pointer: "/kvBindings/0/resource", relation: "resource", apiVersion: group, kind: "EdgeKVNamespace", name: "cache" },
      { pointer: "/worker", relation: "worker", apiVersion: group, kind: "ModuleWorker", name: "api" },
    ]);
    expect(relationsOfState(model.attributes, { ...state, worker: UNKNOWN })).toBeUndefined();
    expect(relationsOfState(model.attributes, { ...state, kv_bindings: UNKNOWN })).toBeUndefined();
    // an unknown attribute that holds no reference does not hide the relations
    expect(relationsOfState(model.attributes, { ...state, handlers: UNKNOWN })).toHaveLength(3);
  });

  it("writes form_ref as one string in status_json and reads it and the generation back; other text fails closed", () => {
    const ref = providerModel.resources.find((r) => r.kind === "WorkerVersion")!.defaultRef;
    const text = `${ref.apiVersion}/WorkerVersion@${ref.definitionVersion}#${ref.schemaDigest}`;
    expect(parseRefText(text)).toEqual(ref);
    const state = ctyObject([["status_json", statusJson({ formRef: text, generation: "7" })]]);
    expect(recordedRef(state)).toEqual(ref);
    expect(recordedGeneration(state)).toBe("7");
    expect(parseRefText("WorkerVersion 1.0.0")).toBeUndefined();
    expect(recordedRef(ctyObject([["status_json", statusJson({ formRef: "garbage" })]]))).toMatchObject({ kind: "", definitionVersion: "" });
    expect(recordedRef(ctyObject([["status_json", null]]))).toBeUndefined();
    expect(recordedRef(ctyObject([["status_json", UNKNOWN]]))).toBeUndefined();
    // text that holds no readable form_ref fails closed too, never falls back to the default ref
    for (const text of ["not json", " {}", ' {"form_ref":7}', " []"])
      expect(recordedRef(ctyObject([["status_json", text]])), text).toMatchObject({ kind: "", definitionVersion: "" });
    expect(recordedGeneration(ctyObject([["status_json", statusJson({ formRef: text })]]))).toBeUndefined();
  });

  it("upgrades version 0 and version 1 states to exactly the state a read of the same representation records", async () => {
    const { model, block } = await resource("WorkerVersion");
    const ref = model.defaultRef;
    const conditions = [
      {
        type: "Ready",
        status: "False",
        reason: "DependencyMissing",
        message: "relation /bundle: gone",
        hostReason: "/bundle uid a->none",
        observedGeneration: "2",
      },
      { type: "Extra", status: "True", reason: "Fine", message: "ok", lastTransitionTime: "2026-01-01T00:00:00Z" },
    ];
    const read = stateFromRepresentation(
      model,
      block,
      parseRepresentation({
        resource: {
          form: { formRef: ref },
          metadata: { name: "v1", space: "s1", uid: "u-1", generation: "2", revision: "5" },
          spec: versionSpec,
          status: { conditions },
        },
      }),
    );
    const status = JSON.parse(read["status_json"] as string) as Record<string, unknown>;
    expect(status).toMatchObject({
      form_ref: refValue(ref),
      generation: "2",
      revision: "5",
      ready_reason: "DependencyMissing",
      ready_message: "relation /bundle: gone",
    });
    expect((status["conditions"] as unknown[])[0]).toEqual({
      type: "Ready",
      status: "False",
      reason: "DependencyMissing",
      message: "relation /bundle: gone",
      host_reason: "/bundle uid a->none",
      observed_generation: "2",
    });
    const relations = [
      { pointer: "/bundle", relation: "bundle", target_api_version: group, target_kind: "WorkerBundle", target_name: "b" },
      { pointer: "/kvBindings/0/resource", relation: "resource", target_api_version: group, target_kind: "EdgeKVNamespace", target_name: "cache" },
      { pointer: "/worker", relation: "worker", target_api_version: group, target_kind: "ModuleWorker", target_name: "api" },
    ];
    expect(status["relations"]).toEqual(relations);
    const desired = JSON.parse(JSON.stringify(read, (_k, v) => (typeof v === "bigint" ? Number(v) : v))) as Record<string, unknown>;
    delete desired["status_json"];
    const snake = conditions.map((c) => ({
      type: c.type,
      status: c.status,
      reason: c.reason,
      message: c.message,
      host_reason: c.hostReason ?? null,
      observed_generation: c.observedGeneration ?? null,
      last_transition_time: c.lastTransitionTime ?? null,
    }));
    // What the providers of schema versions 0 and 1 wrote for the same representation (Terraform's JSON of it).
    const v0 = {
      ...desired,
      generation: "2",
      revision: "5",
      form_ref: { api_version: ref.apiVersion, kind: ref.kind, definition_version: ref.definitionVersion, schema_digest: ref.schemaDigest },
      conditions: snake,
      relations,
    };
    const v1 = {
      ...desired,
      generation: "2",
      revision: "5",
      form_ref: refValue(ref),
      ready_reason: "DependencyMissing",
      ready_message: "relation /bundle: gone",
      conditions_json: " " + JSON.stringify(snake.map((c) => Object.fromEntries(Object.entries(c).filter(([, v]) => v !== null)))),
      relations_json: JSON.stringify(relations),
    };
    const encode = (o: unknown) => new TextEncoder().encode(JSON.stringify(o));
    expect(upgradeState(0, block.type, encode(v0))).toEqual(read);
    expect(upgradeState(1, block.type, encode(v1))).toEqual(read);
    expect(() => upgradeState(1, block.type, encode({ ...v1, conditions_json: "{" }))).toThrow(/conditions_json of schema version 1 is not a JSON list/);
  });

  it("upgrades the state an interrupted create left (no status yet) to what a pending create records now", async () => {
    const { model, block } = await resource("EdgeKVNamespace");
    const encode = (o: unknown) => new TextEncoder().encode(JSON.stringify(o));
    // Version 0 planned no ref for a new resource; the next refresh completes it.
    expect(upgradeState(0, block.type, encode({ name: "kv", space: "s", pending_operation_id: "op-1" }))).toMatchObject({
      name: "kv",
      pending_operation_id: "op-1",
      status_json: null,
    });
    // Version 1 planned the ref, the relations and nothing else.
    const v1 = upgradeState(
      1,
      block.type,
      encode({ name: "kv", space: "s", pending_operation_id: "op-1", form_ref: refValue(model.defaultRef), relations_json: "[]" }),
    );
    const pending = pendingState(ctyObject([["name", "kv"]]), { ref: model.defaultRef, space: "s", name: "kv" }, "op-1");
    expect(recordedRef(v1)).toEqual(model.defaultRef);
    expect(recordedRef(pending)).toEqual(model.defaultRef);
    expect(v1["pending_operation_id"]).toBe("op-1");
  });
});
