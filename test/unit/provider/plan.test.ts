import { describe, expect, it } from "vitest";
import { defaultPlan } from "../../../provider-bridge/framework/plan.js";
import { formatPath } from "../../../provider-bridge/framework/path.js";
import type { PlanDraft } from "../../../provider-bridge/framework/resource.js";
import { modifyModelPlan } from "../../../provider-bridge/model/plan-rules.js";
import { refValue } from "../../../provider-bridge/state/recorded.js";
import { statusJson } from "../../../provider-bridge/state/status-json.js";
import type { ExactFormRef } from "../../../provider-bridge/model/types.js";
import type { ResourceModel } from "../../../provider-bridge/model/types.js";
import { compileSchema } from "../../../provider-bridge/schema/compiled.js";
import { ctyObject, Unknown, UNKNOWN, type CtyObject, type CtyValue } from "../../../provider-bridge/wire/value.js";
import { fixture } from "./model-fixture.js";

const { model, schema } = fixture();
const block = compileSchema(schema).block;

/** A full object of the fixture's type: every attribute null unless given. */
function obj(values: Record<string, CtyValue>): CtyObject {
  const o = ctyObject(Object.keys(block.type.attributes).map((k) => [k, null]));
  for (const [k, v] of Object.entries(values)) o[k] = v;
  return o;
}
const rule = (pattern: string, id: CtyValue = null, weight: CtyValue = null): CtyObject =>
  ctyObject([
    ["pattern", pattern],
    ["weight", weight],
    ["id", id],
  ]);

function plan(
  m: ResourceModel,
  prior: CtyObject | null,
  config: CtyObject,
  proposed?: CtyObject,
): { draft: PlanDraft; diags: ReturnType<typeof modifyModelPlan> } {
  const prop = proposed ?? config;
  const draft: PlanDraft = { planned: defaultPlan(block, prior, prop, config), requiresReplace: [], plannedPrivate: undefined };
  const diags = modifyModelPlan(m, block, { prior, proposed: prop, config, priorPrivate: undefined }, draft);
  return { draft, diags };
}

/** status_json as a read records it, under `ref`. */
function status(ref: ExactFormRef): string {
  return statusJson({
    formRef: refValue(ref),
    generation: "1",
    revision: "rev-1",
    conditions: [{ type: "Ready", status: "True", reason: "Available" }],
    relations: [],
  });
}

const stored = obj({
  name: "w",
  space: "default",
  mode: "fast",
  size: 3,
  rules: [rule("/a", "r-1")],
  uid: "u-1",
  status_json: status(model.supportedRefs[0]!),
  ready: true,
  outputs_json: "{}",
  url: "https://w",
});
// Terraform's proposal for an unchanged configuration: config plus prior computed values.
const sameConfig = obj({ name: "w", size: 3, rules: [rule("/a")] });

describe("default plan and model plan rules", () => {
  it("plans unknown for computed values on create, keeps configured ones, plans defaults and the default exact ref", () => {
    const config = obj({ name: "w", size: 9007199254740993n, rules: [rule("/a"), rule("/b", null, 2)], retention: ctyObject([["days", 7]]) });
    const { draft, diags } = plan(model, null, config);
    expect(diags).toEqual([]);
    const p = draft.planned;
    expect(p["name"]).toBe("w");
    expect(p["size"]).toBe(9007199254740993n);
    expect(p["mode"]).toBe("fast");
    // the apply creates under the default ref (createResource), which status_json records then
    for (const k of ["uid", "status_json", "ready", "outputs_json", "pending_operation_id", "url", "space"]) {
      expect(p[k], k).toBeInstanceOf(Unknown);
    }
    expect(p["rules"]).toEqual([rule("/a", UNKNOWN), rule("/b", UNKNOWN, 2)]);
    expect(p["retention"]).toEqual(ctyObject([["days", 7]]));
    expect(p["labels"]).toBeNull();
    expect(draft.requiresReplace).toEqual([]);
  });

  it("plans no change at all for an unchanged configuration", () => {
    const proposed = obj({ ...stored, mode: "fast" });
    const { draft, diags } = plan(model, stored, sameConfig, proposed);
    expect(diags).toEqual([]);
    expect(draft.planned).toEqual(stored);
    expect(draft.requiresReplace).toEqual([]);
  });

  it("plans the values the host changes as unknown on an in-place update", () => {
    const config = obj({ name: "w", size: 4, rules: [rule("/a"), rule("/new")] });
    const proposed = obj({ ...stored, size: 4, rules: [rule("/a", "r-1"), rule("/new")] });
    const { draft } = plan(model, stored, config, proposed);
    const p = draft.planned;
    expect(p["size"]).toBe(4);
    expect(p["uid"]).toBe("u-1");
    // the apply addresses the host under the ref the prior state records (dispatch tests)
    for (const k of ["status_json", "ready", "outputs_json", "url"]) expect(p[k], k).toBeInstanceOf(Unknown);
    // what an in-place update does not move keeps its state, so the plan does not print it (ADR 0240)
    for (const k of ["uid", "space", "pending_operation_id"]) expect(p[k], k).toEqual(stored[k]);
    // the existing rule keeps its id, the new one gets one at apply
    expect(p["rules"]).toEqual([rule("/a", "r-1"), rule("/new", UNKNOWN)]);
    expect(draft.requiresReplace).toEqual([]);
  });

  it("reports replacement for name, space and requiresReplace attributes when they change", () => {
    const config = obj({ name: "w2", size: 3, rules: [rule("/a")], ports: [80] });
    const proposed = obj({ ...stored, name: "w2", ports: [80] });
    const { draft } = plan(model, stored, config, proposed);
    expect(draft.requiresReplace.map(formatPath).sort()).toEqual(["name", "ports"]);
  });

  it("replaces on any desired change for revision-role Forms and Forms without update", () => {
    const config = obj({ name: "w", size: 4, rules: [rule("/a")] });
    const proposed = obj({ ...stored, size: 4 });
    const revision = { ...model, role: "revision" as const };
    expect(plan(revision, stored, config, proposed).draft.requiresReplace.map(formatPath)).toEqual(["size"]);
    const noUpdate = { ...model, capabilities: { ...model.capabilities, "1.0.0": ["create", "read", "delete", "import", "observe"] } };
    expect(plan(noUpdate, stored, config, proposed).draft.requiresReplace.map(formatPath)).toEqual(["size"]);
    // the ref recorded in state decides: 1.1.0 still updates in place
    const storedNew = obj({ ...stored, status_json: status(model.supportedRefs[1]!) });
    expect(plan(noUpdate, storedNew, config, obj({ ...storedNew, size: 4 })).draft.requiresReplace).toEqual([]);
  });

  it("fails closed on a recorded exact ref this provider does not support", () => {
    const foreign = obj({ ...stored, status_json: status({ ...model.defaultRef, definitionVersion: "9.9.9" }) });
    const { diags } = plan(model, foreign, sameConfig, obj({ ...foreign }));
    expect(diags).toHaveLength(1);
    expect(diags[0]!.severity).toBe("error");
    expect(diags[0]!.summary).toBe("Unsupported recorded Form contract");
    expect(diags[0]!.detail).toContain("9.9.9");
    expect(diags[0]!.path).toEqual([{ attribute: "status_json" }]);
  });

  it("keeps configured values that are still unknown", () => {
    const config = obj({ name: UNKNOWN, mode: UNKNOWN, rules: UNKNOWN });
    const { draft } = plan(model, null, config);
    expect(draft.planned["name"]).toBeInstanceOf(Unknown);
    expect(draft.planned["mode"]).toBeInstanceOf(Unknown);
    expect(draft.planned["rules"]).toBeInstanceOf(Unknown);
  });
});
