// The provider's lifecycle pieces that need no host: wire spec <-> state
// mapping (references as {apiVersion, kind, name}), representation -> state
// (conditions, ready, relations, typed outputs), deterministic idempotency
// keys, import ids, host pointers -> attribute paths, and drift warnings.
import { describe, expect, it } from "vitest";
import { providerModel } from "../../../generated/provider/model.js";
import { loadProviderModel } from "../../../provider-bridge/model/load.js";
import { compileSchema } from "../../../provider-bridge/schema/compiled.js";
import { parseImportId } from "../../../provider-bridge/lifecycle/adopt.js";
import { driftOf, driftWarnings } from "../../../provider-bridge/lifecycle/drift.js";
import { pathForPointer } from "../../../provider-bridge/lifecycle/host-diagnostics.js";
import { idempotencyKey } from "../../../provider-bridge/lifecycle/idempotency.js";
import { attemptOf, retireAttempt, withAttempt } from "../../../provider-bridge/framework/attempt.js";
import { parseRepresentation, RepresentationError, stateFromRepresentation } from "../../../provider-bridge/lifecycle/representation.js";
import { specFromState, stateFromSpec, toPlain } from "../../../provider-bridge/lifecycle/spec-mapping.js";
import { ctyObject, UNKNOWN, type CtyObject } from "../../../provider-bridge/wire/value.js";
import { recordedGeneration, recordedRef } from "../../../provider-bridge/state/recorded.js";
import { statusJson } from "../../../provider-bridge/state/status-json.js";

async function resource(kind: string) {
  const loaded = await loadProviderModel({});
  const r = loaded.resources.find((x) => x.model.kind === kind)!;
  return { model: r.model, block: compileSchema(r.schema).block };
}

function rep(kind: string, spec: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const ref = providerModel.resources.find((r) => r.kind === kind)!.defaultRef;
  return {
    resource: {
      apiVersion: ref.apiVersion,
      kind,
      form: { formRef: ref },
      metadata: { name: "n1", space: "s1", uid: "u-1", generation: "2", revision: "5" },
      spec,
      status: {
        observedGeneration: "2",
        conditions: [{ type: "Ready", status: "True", reason: "Available", message: "ok", lastTransitionTime: "2026-01-01T00:00:00Z" }],
        ...extra,
      },
    },
  };
}

describe("provider lifecycle mapping", () => {
  it("maps references and nested sets to the wire and back", async () => {
    const { model, block } = await resource("WorkerVersion");
    const spec = {
      worker: { apiVersion: "edge.forms.takoform.com/v1beta1", kind: "ModuleWorker", name: "api" },
      bundle: { apiVersion: "edge.forms.takoform.com/v1beta1", kind: "WorkerBundle", name: "b" },
      handlers: ["fetch"],
      kvBindings: [{ name: "CACHE", resource: { apiVersion: "edge.forms.takoform.com/v1beta1", kind: "EdgeKVNamespace", name: "cache" } }],
    };
    const state = stateFromSpec(model.attributes, block, spec);
    expect(state["worker"]).toBe("api");
    expect(toPlain(state["kv_bindings"]!)).toEqual([{ name: "CACHE", resource: "cache" }]);
    expect(state["assets"]).toBeNull();
    expect(specFromState(model.attributes, state)).toEqual(spec);
  });

  it("reads a representation into state: ready and its reason, the whole condition list and the relations as JSON, typed outputs", async () => {
    const { model, block } = await resource("WorkerEndpoint");
    const worker = { apiVersion: "edge.forms.takoform.com/v1beta1", kind: "ModuleWorker", name: "api" };
    const outputs = { hostname: "api.example.test", url: "https://api.example.test/" };
    const state = stateFromRepresentation(model, block, parseRepresentation(rep("WorkerEndpoint", { worker }, { outputs })));
    expect(state["uid"]).toBe("u-1");
    expect(state["ready"]).toBe(true);
    expect(state["hostname"]).toBe("api.example.test");
    expect(JSON.parse(state["outputs_json"] as string)).toEqual(outputs);
    const text = state["status_json"] as string;
    expect(text.startsWith(" {")).toBe(true); // one line in a plan (ADR 0240)
    const status = JSON.parse(text) as Record<string, unknown>;
    expect(status["generation"]).toBe("2");
    expect(status["revision"]).toBe("5");
    expect(status["relations"]).toEqual([
      { pointer: "/worker", relation: "worker", target_api_version: worker.apiVersion, target_kind: "ModuleWorker", target_name: "api" },
    ]);
    expect(status["ready_reason"]).toBe("Available");
    expect((status["conditions"] as unknown[])[0]).toMatchObject({ type: "Ready", status: "True", reason: "Available" });
    expect(status["form_ref"]).toBe(`${model.defaultRef.apiVersion}/WorkerEndpoint@${model.defaultRef.definitionVersion}#${model.defaultRef.schemaDigest}`);
    expect(recordedRef(state)).toEqual(model.defaultRef);
    expect(recordedGeneration(state)).toBe("2");
  });

  it("fails naming a missing or mistyped declared output, and allows null only for an unfinished mutation", async () => {
    const { model, block } = await resource("WorkerEndpoint");
    const worker = { apiVersion: "edge.forms.takoform.com/v1beta1", kind: "ModuleWorker", name: "api" };
    const missing = parseRepresentation(rep("WorkerEndpoint", { worker }, { outputs: { url: "https://x/" } }));
    expect(() => stateFromRepresentation(model, block, missing)).toThrow(/hostname/);
    expect(() => stateFromRepresentation(model, block, missing)).toThrow(RepresentationError);
    expect(stateFromRepresentation(model, block, missing, true)["hostname"]).toBeNull();
    const mistyped = parseRepresentation(rep("WorkerEndpoint", { worker }, { outputs: { hostname: ["a"], url: "https://x/" } }));
    expect(() => stateFromRepresentation(model, block, mistyped)).toThrow(/hostname.*wrong type/);
  });

  it("derives the same Idempotency-Key for the same request of one attempt and another for any change", () => {
    const attempt = { attempt: "a-1" };
    const a = idempotencyKey("PUT", "resources/g/v/K/n", { "if-none-match": "*" }, '{"spec":{}}', attempt);
    expect(idempotencyKey("PUT", "resources/g/v/K/n", { "if-none-match": "*" }, '{"spec":{}}', attempt)).toBe(a);
    expect(a).toMatch(/^tf-[0-9a-f]{64}$/);
    expect(idempotencyKey("PUT", "resources/g/v/K/n", { "takoform-expected-generation": "1" }, '{"spec":{}}', attempt)).not.toBe(a);
    expect(idempotencyKey("PUT", "resources/g/v/K/n", { "if-none-match": "*" }, '{"spec":{"a":1}}', attempt)).not.toBe(a);
  });

  it("gives a later attempt of the same request a new Idempotency-Key (a refusal is not replayed to it)", () => {
    const first = idempotencyKey("PUT", "resources/g/v/K/n", { "if-none-match": "*" }, '{"spec":{}}', { attempt: "a-1" });
    expect(idempotencyKey("PUT", "resources/g/v/K/n", { "if-none-match": "*" }, '{"spec":{}}', { attempt: "a-2" })).not.toBe(first);
    // Without a planned attempt, one process keeps one key per request (its own retries replay).
    const own = idempotencyKey("PUT", "resources/g/v/K/n", { "if-none-match": "*" }, '{"spec":{}}');
    expect(idempotencyKey("PUT", "resources/g/v/K/n", { "if-none-match": "*" }, '{"spec":{}}')).toBe(own);
    expect(own).not.toBe(first);
  });

  it("opens an attempt per planned change, keeps an open one, and retires it when the attempt ends", () => {
    const planned = withAttempt(undefined);
    expect(attemptOf(planned)).toMatch(/^[0-9a-f-]{36}$/);
    expect(attemptOf(withAttempt(undefined))).not.toBe(attemptOf(planned));
    // An attempt left open (pending, interrupted) is resumed by the next plan.
    expect(attemptOf(withAttempt({ ...planned, adoptNativeId: "x" }))).toBe(attemptOf(planned));
    expect(retireAttempt({ ...planned, adoptNativeId: "x" })).toEqual({ adoptNativeId: "x" });
    expect(attemptOf(withAttempt(retireAttempt(planned)))).not.toBe(attemptOf(planned));
  });

  it("binds a delete's Idempotency-Key to the incarnation it removes", () => {
    // A host replays a delete's 204 forever; two incarnations of one name at generation 1 must
    // not share a key, or the second would be answered with the first one's deletion.
    const first = idempotencyKey("DELETE", "resources/g/v/K/n?space=s", { "takoform-expected-generation": "1" }, undefined, {
      attempt: "a-1",
      incarnation: "uid-1",
    });
    expect(
      idempotencyKey("DELETE", "resources/g/v/K/n?space=s", { "takoform-expected-generation": "1" }, undefined, { attempt: "a-1", incarnation: "uid-1" }),
    ).toBe(first);
    expect(
      idempotencyKey("DELETE", "resources/g/v/K/n?space=s", { "takoform-expected-generation": "1" }, undefined, { attempt: "a-1", incarnation: "uid-2" }),
    ).not.toBe(first);
  });

  it("parses import ids NAME and SPACE/NAME, each optionally with #NATIVE_ID", () => {
    expect(parseImportId("cache", "dev")).toEqual({ space: "dev", name: "cache" });
    expect(parseImportId("prod/cache", "dev")).toEqual({ space: "prod", name: "cache" });
    expect(parseImportId("prod/", "dev")).toBeUndefined();
    expect(parseImportId("cache#kv-123", "dev")).toEqual({ space: "dev", name: "cache", nativeId: "kv-123" });
    // The space ends at the first "/", the native id starts at the first "#" after the name and may hold both.
    expect(parseImportId("pr#od/cache#arn:x/y#z", "dev")).toEqual({ space: "pr#od", name: "cache", nativeId: "arn:x/y#z" });
    expect(parseImportId("prod/cache#", "dev")).toBeUndefined();
    expect(parseImportId("#only-native", "dev")).toBeUndefined();
  });

  it("places host pointers at the attribute they name", async () => {
    const { model } = await resource("WorkerCronTrigger");
    expect(pathForPointer(model.attributes, "/spec/cron")).toEqual([{ attribute: "cron" }]);
    expect(pathForPointer(model.attributes, "/cron")).toEqual([{ attribute: "cron" }]);
    expect(pathForPointer(model.attributes, "/spec/unknownMember")).toBeUndefined();
  });

  it("turns relation drift into a warning naming the relation and the remedy", () => {
    const condition = {
      type: "Ready",
      status: "False",
      reason: "DependencyMissing",
      message: "relation /worker: target no longer exists",
      host_reason: "/worker uid a->none ref x->none",
    };
    const state = ctyObject([["status_json", statusJson({ formRef: "r", conditions: [condition] })]]);
    const findings = driftOf(state);
    expect(findings).toHaveLength(1);
    const [w] = driftWarnings('takoform_worker_endpoint "s/e"', findings, true);
    expect(w!.severity).toBe("warning");
    expect(w!.summary).toContain("relation /worker");
    expect(w!.detail).toContain("Re-create the missing target");
    expect(driftOf(ctyObject([["status_json", statusJson({ formRef: "r", conditions: [] })]]))).toEqual([]);
    expect(driftOf(ctyObject([["status_json", null]]))).toEqual([]);
    expect(driftOf(ctyObject([["status_json", UNKNOWN]]))).toEqual([]);
  });
});
