// Dispatch on the exact FormRef over the two definition versions of
// ModuleWorker the provider supports (0.1.0 and 0.2.0): a new resource plans
// the default ref, an existing one is planned, addressed (request body and
// exact query) and read under the ref recorded in its state and never moved
// to the other; a ref the provider does not support fails closed at status_json;
// import tries the newest supported ref first.
import { describe, expect, it } from "vitest";
import { providerModel } from "../../../generated/provider/model.js";
import { defaultPlan } from "../../../provider-bridge/framework/plan.js";
import type { PlanDraft } from "../../../provider-bridge/framework/resource.js";
import { addressOf, requestBody } from "../../../provider-bridge/lifecycle/context.js";
import { exactQuery } from "../../../provider-bridge/lifecycle/host-api.js";
import { dispatchRef, modifyModelPlan } from "../../../provider-bridge/model/plan-rules.js";
import { recordedRef, refValue } from "../../../provider-bridge/state/recorded.js";
import { loadProviderModel } from "../../../provider-bridge/model/load.js";
import { compileSchema } from "../../../provider-bridge/schema/compiled.js";
import { ctyObject, Unknown, type CtyObject, type CtyValue } from "../../../provider-bridge/wire/value.js";
import { statusJson } from "../../../provider-bridge/state/status-json.js";

const model = providerModel.resources.find((r) => r.kind === "ModuleWorker")!;
const v010 = model.supportedRefs.find((r) => r.definitionVersion === "0.1.0")!;
const v020 = model.supportedRefs.find((r) => r.definitionVersion === "0.2.0")!;

async function block() {
  const loaded = await loadProviderModel({});
  return compileSchema(loaded.resources.find((r) => r.model.kind === "ModuleWorker")!.schema).block;
}

function stored(b: Awaited<ReturnType<typeof block>>, ref: typeof v010, values: Record<string, CtyValue> = {}): CtyObject {
  const o = ctyObject(Object.keys(b.type.attributes).map((k) => [k, null]));
  Object.assign(
    o,
    {
      name: "api",
      space: "s",
      uid: "u-1",
      status_json: statusJson({ formRef: refValue(ref), generation: "1", revision: "1", conditions: [], relations: [] }),
      ready: true,
      outputs_json: "{}",
    },
    values,
  );
  return o;
}

describe("dispatch over ModuleWorker 0.1.0 and 0.2.0", () => {
  it("has both definition versions, distinct digests, and the default for new resources", () => {
    expect(model.supportedRefs.map((r) => r.definitionVersion)).toEqual(["0.1.0", "0.2.0"]);
    expect(v010.schemaDigest).not.toBe(v020.schemaDigest);
    expect(dispatchRef(model, null)).toEqual({ ref: model.defaultRef });
  });

  it("plans a new resource under the default ref and an existing one under its recorded ref", async () => {
    const b = await block();
    const config = ctyObject(Object.keys(b.type.attributes).map((k) => [k, null]));
    config["name"] = "api";
    const fresh: PlanDraft = { planned: defaultPlan(b, null, config, config), requiresReplace: [], plannedPrivate: undefined };
    expect(modifyModelPlan(model, b, { prior: null, proposed: config, config, priorPrivate: undefined }, fresh)).toEqual([]);
    // nothing is recorded before the create: the apply creates under the default ref, and the
    // state it returns records it
    expect(fresh.planned["status_json"]).toBeInstanceOf(Unknown);
    expect(recordedRef(fresh.planned)).toBeUndefined();
    for (const ref of [v010, v020]) {
      const prior = stored(b, ref);
      // Terraform's proposal for an unchanged configuration: the config plus the prior computed values.
      const proposed = { ...prior };
      const draft: PlanDraft = { planned: defaultPlan(b, prior, proposed, config), requiresReplace: [], plannedPrivate: undefined };
      expect(modifyModelPlan(model, b, { prior, proposed, config, priorPrivate: undefined }, draft)).toEqual([]);
      expect(draft.requiresReplace).toEqual([]);
      expect(recordedRef(draft.planned)).toEqual(ref);
      expect(dispatchRef(model, prior)).toEqual({ ref });
    }
  });

  it("addresses the host under the recorded ref: request body and exact query", async () => {
    const b = await block();
    const prior = stored(b, v020);
    const dispatch = dispatchRef(model, prior);
    if (!("ref" in dispatch)) throw new Error("dispatch failed");
    const a = addressOf(dispatch.ref, prior, undefined);
    const lc = { model, block: b };
    expect((requestBody(lc, a, prior)["form"] as { formRef: unknown }).formRef).toEqual(v020);
    expect(new URLSearchParams(exactQuery(a)).get("definitionVersion")).toBe("0.2.0");
    expect(new URLSearchParams(exactQuery(a)).get("schemaDigest")).toBe(v020.schemaDigest);
  });

  it("fails closed at status_json on a ref the provider does not support, even one differing only in digest", async () => {
    const b = await block();
    for (const bad of [
      { ...v020, definitionVersion: "0.3.0" },
      { ...v010, schemaDigest: v020.schemaDigest },
    ]) {
      const prior = stored(b, bad);
      const result = dispatchRef(model, prior);
      expect("error" in result && result.error.path).toEqual([{ attribute: "status_json" }]);
      const draft: PlanDraft = { planned: defaultPlan(b, prior, prior, prior), requiresReplace: [], plannedPrivate: undefined };
      const diags = modifyModelPlan(model, b, { prior, proposed: prior, config: prior, priorPrivate: undefined }, draft);
      expect(diags.map((d) => d.summary)).toEqual(["Unsupported recorded Form contract"]);
    }
  });
});
