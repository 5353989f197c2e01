import { describe, expect, it } from "vitest";
import { deploymentServing, workerDependents } from "../../../host/rules/worker-aggregate/aggregate.js";
import { deploymentsOf, oneActiveDeployment } from "../../../host/rules/worker-aggregate/one-active-deployment.js";
import { deploymentIntegrity } from "../../../host/rules/worker-aggregate/deployment-integrity.js";
import { attachmentGate } from "../../../host/rules/worker-aggregate/attachment-gate.js";
import { reverseValidation } from "../../../host/rules/worker-aggregate/reverse-validation.js";
import { deploymentDeletion } from "../../../host/rules/worker-aggregate/deployment-deletion.js";
import { workerReadiness } from "../../../host/rules/worker-aggregate/worker-readiness.js";
import { inboundServiceBindingsServed } from "../../../host/rules/worker-aggregate/inbound-service-binding.js";
import { Aggregates, record } from "./support/aggregate.js";

const entries = (...pairs: [ReturnType<Aggregates["version"]>, number][]) =>
  pairs.map(([version, weight], i) => ({ pointer: `/versions/${i}/workerVersion`, weight, version }));

describe("one active deployment per worker uid (deployment-single-active-per-worker)", () => {
  it("refuses a second deployment of one worker uid, naming the first", () => {
    const a = new Aggregates();
    const w = a.worker("api");
    const v = a.version(w, "v1", ["fetch"]);
    a.deployment(w, "prod", [[v, 10000]]);
    const existing = deploymentsOf(w.uid, a.view.holdersOf(w.uid));
    expect(existing.map((d) => d.name)).toEqual(["prod"]);
    const out = oneActiveDeployment({ worker: w, self: { name: "canary" }, existing });
    expect(out).toMatchObject({ ok: false, code: "invalid_argument", pointer: "/worker" });
    if (!out.ok) expect(out.message).toContain('"prod"');
  });

  it("re-applying the worker's own deployment is not a second one; another worker is free", () => {
    const a = new Aggregates();
    const w = a.worker("api");
    const v = a.version(w, "v1", ["fetch"]);
    const first = a.deployment(w, "prod", [[v, 10000]]);
    expect(oneActiveDeployment({ worker: w, self: { uid: first.uid, name: "prod" }, existing: [first] }).ok).toBe(true);
    expect(oneActiveDeployment({ worker: a.worker("other"), self: { name: "prod2" }, existing: [] }).ok).toBe(true);
  });
});

describe("deployment integrity", () => {
  it("deployment-version-ownership: a version pinned to another worker uid is refused", () => {
    const a = new Aggregates();
    const w = a.worker("api");
    const foreign = a.version(a.worker("other"), "theirs", ["fetch"]);
    const out = deploymentIntegrity(w, entries([foreign, 10000]));
    expect(out).toMatchObject({ ok: false, code: "invalid_argument", pointer: "/versions/0/workerVersion" });
    if (!out.ok) expect(out.message).toContain(w.uid);
  });

  it("ownership is by uid: a same-named re-created worker does not own the old versions", () => {
    const a = new Aggregates();
    const old = a.worker("api");
    const v = a.version(old, "v1", ["fetch"]);
    a.view.remove(old.uid);
    const again = a.worker("api");
    expect(deploymentIntegrity(again, entries([v, 10000])).ok).toBe(false);
  });

  it("deployment-version-duplicate-rejected: one version uid split across two weights", () => {
    const a = new Aggregates();
    const w = a.worker("api");
    const v = a.version(w, "v1", ["fetch"]);
    const out = deploymentIntegrity(w, entries([v, 5000], [v, 5000]));
    expect(out).toMatchObject({ ok: false, code: "invalid_argument", pointer: "/versions/1/workerVersion" });
  });

  it("deployment-weight-sum-enforced: weights must sum to exactly 10000", () => {
    const a = new Aggregates();
    const w = a.worker("api");
    const v1 = a.version(w, "v1", ["fetch"]);
    const v2 = a.version(w, "v2", ["fetch"]);
    expect(deploymentIntegrity(w, entries([v1, 5000], [v2, 4999]))).toMatchObject({ ok: false, code: "invalid_argument", pointer: "/versions" });
    expect(deploymentIntegrity(w, entries([v1, 5000], [v2, 5001]))).toMatchObject({ ok: false, code: "invalid_argument" });
    expect(deploymentIntegrity(w, entries([v1, 9000], [v2, 1000]))).toEqual({ ok: true });
  });

  it("a version that is not Ready, or is being deleted, is refused", () => {
    const a = new Aggregates();
    const w = a.worker("api");
    const pending = a.version(w, "pending", ["fetch"], { status: { conditions: [{ type: "Ready", status: "False", reason: "ExternalChange" }] } });
    const going = a.version(w, "going", ["fetch"], { deleting: true });
    expect(deploymentIntegrity(w, entries([pending, 10000]))).toMatchObject({ ok: false, code: "invalid_argument" });
    const out = deploymentIntegrity(w, entries([going, 10000]));
    expect(out).toMatchObject({ ok: false, code: "invalid_argument" });
    if (!out.ok) expect(out.message).toMatch(/being deleted/);
  });
});

describe("attachment gate, both directions (handler-gated-attachments, attachment-requires-active-deployment)", () => {
  it.each([
    ["WorkerCustomDomain", "fetch"],
    ["WorkerEndpoint", "fetch"],
    ["WorkerCronTrigger", "scheduled"],
    ["QueueConsumer", "queue"],
  ])("%s needs every weighted version to export %s", (kind, handler) => {
    const a = new Aggregates();
    const w = a.worker("api");
    const other = ["fetch", "scheduled", "queue"].filter((h) => h !== handler);
    const withIt = a.version(w, "with", [handler]);
    const without = a.version(w, "without", other);
    const mixed = deploymentServing(
      a.deployment(w, "d", [
        [withIt, 5000],
        [without, 5000],
      ]),
      (u) => a.view.byUid(u),
    );
    const refused = attachmentGate({ attachmentKind: kind, worker: w, deployment: mixed });
    expect(refused).toMatchObject({ ok: false, code: "unsupported_capability", pointer: "/worker" });
    if (!refused.ok) expect(refused.message).toContain('"without"');
    const good = deploymentServing(a.deployment(w, "d2", [[withIt, 10000]]), (u) => a.view.byUid(u));
    expect(attachmentGate({ attachmentKind: kind, worker: w, deployment: good })).toEqual({ ok: true });
  });

  it("an absent deployment is unsupported_capability even when a stored version exports the handler", () => {
    const a = new Aggregates();
    const w = a.worker("api");
    a.version(w, "v1", ["fetch", "scheduled", "queue"]);
    const out = attachmentGate({ attachmentKind: "WorkerCronTrigger", worker: w, deployment: undefined });
    expect(out).toMatchObject({ ok: false, code: "unsupported_capability" });
    if (!out.ok) expect(out.message).toMatch(/no active deployment/);
  });
});

describe("reverse validation and deletion", () => {
  function aggregate() {
    const a = new Aggregates();
    const w = a.worker("api");
    const full = a.version(w, "full", ["fetch", "scheduled", "queue"]);
    const fetchOnly = a.version(w, "fetch-only", ["fetch"]);
    const dep = a.deployment(w, "prod", [[full, 10000]]);
    return { a, w, full, fetchOnly, dep };
  }

  it("deployment-change-preserves-dependents: re-weighting onto a version without a dependent's handler is refused", () => {
    const { a, w, fetchOnly, full } = aggregate();
    a.attachment("WorkerCronTrigger", w, "nightly");
    const deps = workerDependents(w.uid, a.view.holdersOf(w.uid));
    expect(deps.map((d) => [d.kind, d.handler])).toEqual([["WorkerCronTrigger", "scheduled"]]);
    const proposed = { uid: "d", name: "prod", versions: [{ uid: fetchOnly.uid, name: "fetch-only", weight: 10000, handlers: ["fetch"] }] };
    const out = reverseValidation(w, proposed, deps);
    expect(out).toMatchObject({ ok: false, code: "unsupported_capability" });
    if (!out.ok) expect(out.message).toContain('WorkerCronTrigger "nightly"');
    const keep = { ...proposed, versions: [{ uid: full.uid, name: "full", weight: 10000, handlers: ["fetch", "scheduled", "queue"] }] };
    expect(reverseValidation(w, keep, deps)).toEqual({ ok: true });
  });

  it("an inbound service binding is a fetch dependent; the worker's own versions and deployment are not dependents", () => {
    const { a, w } = aggregate();
    const caller = a.version(a.worker("frontend"), "fe-v1", ["fetch"]);
    a.inboundServiceBinding(caller, w);
    const deps = workerDependents(w.uid, a.view.holdersOf(w.uid));
    expect(deps).toHaveLength(1);
    expect(deps[0]).toMatchObject({ via: "inbound-service-binding", handler: "fetch", name: "fe-v1" });
    const noFetch = { uid: "d", name: "prod", versions: [{ uid: "x", name: "cron-only", weight: 10000, handlers: ["scheduled"] }] };
    expect(reverseValidation(w, noFetch, deps)).toMatchObject({ ok: false, code: "unsupported_capability" });
  });

  it("deployment-delete-blocked-by-dependent and -by-inbound-binding; admitted once none lives", () => {
    const { a, w, dep } = aggregate();
    expect(deploymentDeletion(dep, w, workerDependents(w.uid, a.view.holdersOf(w.uid)))).toEqual({ ok: true });
    const domain = a.attachment("WorkerCustomDomain", w, "www");
    expect(deploymentDeletion(dep, w, workerDependents(w.uid, a.view.holdersOf(w.uid)))).toMatchObject({ ok: false, code: "dependency_in_use" });
    a.view.remove(domain.uid);
    const caller = a.version(a.worker("frontend"), "fe-v1", ["fetch"]);
    a.inboundServiceBinding(caller, w);
    const out = deploymentDeletion(dep, w, workerDependents(w.uid, a.view.holdersOf(w.uid)));
    expect(out).toMatchObject({ ok: false, code: "dependency_in_use" });
    if (!out.ok) expect(out.message).toContain("service binding /serviceBindings/0/resource");
  });
});

describe("worker readiness and inbound service bindings", () => {
  it("Provisioning without a deployment, UnsupportedCapability without fetch, Available with fetch everywhere", () => {
    const a = new Aggregates();
    const w = a.worker("api");
    expect(workerReadiness(w, undefined)).toMatchObject({ status: "False", reason: "Provisioning" });
    expect(workerReadiness(w, undefined).hostReason).toContain("api");
    const cron = a.version(w, "cron", ["scheduled"]);
    const web = a.version(w, "web", ["fetch"]);
    const serving = (d: ReturnType<Aggregates["deployment"]>) => deploymentServing(d, (u) => a.view.byUid(u));
    const noFetch = workerReadiness(w, serving(a.deployment(w, "d1", [[cron, 10000]])));
    expect(noFetch).toMatchObject({ status: "False", reason: "UnsupportedCapability" });
    expect(noFetch.hostReason).toMatch(/api.*cron/);
    expect(
      workerReadiness(
        w,
        serving(
          a.deployment(w, "d2", [
            [web, 5000],
            [cron, 5000],
          ]),
        ),
      ),
    ).toMatchObject({ reason: "UnsupportedCapability" });
    expect(workerReadiness(w, serving(a.deployment(w, "d3", [[web, 10000]])))).toEqual({ type: "Ready", status: "True", reason: "Available" });
  });

  it("a module-worker.service binding to a worker that is not Available is refused at bind time", () => {
    const a = new Aggregates();
    const target = a.worker("backend");
    const records = [record("/serviceBindings/0/resource", "/serviceBindings/*/resource", target, "module-worker.service")];
    const out = inboundServiceBindingsServed(records, () => workerReadiness(target, undefined));
    expect(out).toMatchObject({ ok: false, code: "unsupported_capability", pointer: "/serviceBindings/0/resource" });
    const web = a.version(target, "web", ["fetch"]);
    const d = deploymentServing(a.deployment(target, "d", [[web, 10000]]), (u) => a.view.byUid(u));
    expect(inboundServiceBindingsServed(records, () => workerReadiness(target, d))).toEqual({ ok: true });
  });

  it("non-service bindings are not gated on readiness", () => {
    const a = new Aggregates();
    const target = a.worker("backend");
    const records = [record("/worker", "/worker", target)];
    expect(inboundServiceBindingsServed(records, () => workerReadiness(target, undefined))).toEqual({ ok: true });
  });
});
