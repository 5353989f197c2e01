// The flat state of schema version 1 (ADR 0240): relations_json from the desired references
// (unknown while a reference is), and the upgrade of a version 0 state, which must equal the
// state a read of the same representation records, so the first plan after an upgrade is empty.
import { describe, expect, it } from "vitest";
import { providerModel } from "../../../generated/provider/model.js";
import { loadProviderModel } from "../../../provider-bridge/model/load.js";
import { compileSchema } from "../../../provider-bridge/schema/compiled.js";
import { parseRepresentation, stateFromRepresentation } from "../../../provider-bridge/lifecycle/representation.js";
import { stateFromSpec } from "../../../provider-bridge/lifecycle/spec-mapping.js";
import { parseRefText, recordedRef } from "../../../provider-bridge/state/recorded.js";
import { relationsOfState } from "../../../provider-bridge/state/relations.js";
import { upgradeV0 } from "../../../provider-bridge/state/upgrade-v0.js";
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

describe("state schema version 1", () => {
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

  it("writes form_ref as one string and reads it back; other text fails closed", () => {
    const ref = providerModel.resources.find((r) => r.kind === "WorkerVersion")!.defaultRef;
    const text = `${ref.apiVersion}/WorkerVersion@${ref.definitionVersion}#${ref.schemaDigest}`;
    expect(parseRefText(text)).toEqual(ref);
    expect(recordedRef(ctyObject([["form_ref", text]]))).toEqual(ref);
    expect(parseRefText("WorkerVersion 1.0.0")).toBeUndefined();
    expect(recordedRef(ctyObject([["form_ref", "garbage"]]))).toMatchObject({ kind: "", definitionVersion: "" });
    expect(recordedRef(ctyObject([["form_ref", null]]))).toBeUndefined();
  });

  it("upgrades a version 0 state to exactly the state a read of the same representation records", async () => {
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
    // What the provider of schema version 0 wrote for the same representation (Terraform's JSON of it).
    const v0 = {
      ...JSON.parse(JSON.stringify(read, (_k, v) => (typeof v === "bigint" ? Number(v) : v))),
      form_ref: { api_version: ref.apiVersion, kind: ref.kind, definition_version: ref.definitionVersion, schema_digest: ref.schemaDigest },
      conditions: conditions.map((c) => ({
        type: c.type,
        status: c.status,
        reason: c.reason,
        message: c.message,
        host_reason: c.hostReason ?? null,
        observed_generation: c.observedGeneration ?? null,
        last_transition_time: c.lastTransitionTime ?? null,
      })),
      relations: [
        { pointer: "/bundle", relation: "bundle", target_api_version: group, target_kind: "WorkerBundle", target_name: "b" },
        { pointer: "/kvBindings/0/resource", relation: "resource", target_api_version: group, target_kind: "EdgeKVNamespace", target_name: "cache" },
        { pointer: "/worker", relation: "worker", target_api_version: group, target_kind: "ModuleWorker", target_name: "api" },
      ],
    };
    for (const k of ["conditions_json", "relations_json", "ready_reason", "ready_message"]) delete v0[k];
    const upgraded = upgradeV0(block.type, new TextEncoder().encode(JSON.stringify(v0)));
    expect(upgraded).toEqual(read);
    expect(upgraded["ready"]).toBe(false);
    expect(upgraded["ready_reason"]).toBe("DependencyMissing");
    expect(JSON.parse(upgraded["conditions_json"] as string)[0]).toEqual({
      type: "Ready",
      status: "False",
      reason: "DependencyMissing",
      message: "relation /bundle: gone",
      host_reason: "/bundle uid a->none",
      observed_generation: "2",
    });
  });

  it("upgrades the state an interrupted create left (no status yet) with the status attributes null", async () => {
    const { block } = await resource("EdgeKVNamespace");
    const upgraded = upgradeV0(block.type, new TextEncoder().encode(JSON.stringify({ name: "kv", space: "s", pending_operation_id: "op-1" })));
    expect(upgraded).toMatchObject({
      name: "kv",
      pending_operation_id: "op-1",
      form_ref: null,
      conditions_json: null,
      relations_json: null,
      ready_reason: null,
    });
  });
});
