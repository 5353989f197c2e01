// Cross-resource relations wired into the lifecycle (decisions 0015, 0016, 0022, 0028).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtinCatalog, OTHER_TENANT, startTestHost, type TestHost } from "./harness.js";
import { apply, commitWorkerBundle, createWorkerAggregate, observe, read, ref, refOf, remove, uniqueName } from "./client.js";
import { expectRefusal, expectResource } from "./expect-wire.js";

let host: TestHost;
beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => host.close());

const SPACE = "relations";
const CONSUMER_TUNING = { maxBatchSize: 25, maxBatchTimeoutSeconds: 2, maxRetries: 5, retryDelaySeconds: 30, maxConcurrency: 8 };
const catalog = () => builtinCatalog();
const kind = (k: string, v = "0.1.0") => refOf(catalog(), k, v);

async function worker(name: string, token?: string) {
  return expectResource(await apply(host.url, kind("ModuleWorker"), name, SPACE, {}, token === undefined ? {} : { token }), 201);
}

function versionSpec(workerName: string, bundleName: string, handlers = ["fetch"]) {
  return { worker: ref("ModuleWorker", workerName), bundle: ref("WorkerBundle", bundleName), handlers };
}

describe("resolution and pinning", () => {
  it("a missing target is resource_not_found naming the pointer, before any mutation", async () => {
    const name = uniqueName();
    const reply = await apply(host.url, kind("WorkerVersion"), name, SPACE, versionSpec(uniqueName(), uniqueName()));
    const error = expectRefusal(reply, "resource_not_found");
    expect(error.message).toContain("/worker");
    expectRefusal(await read(host.url, kind("WorkerVersion"), name, SPACE), "resource_not_found");
  });

  it("resolves only inside the caller's tenant", async () => {
    const w = uniqueName();
    await worker(w, OTHER_TENANT);
    const b = uniqueName();
    expectResource(
      await apply(
        host.url,
        kind("WorkerBundle"),
        b,
        SPACE,
        { manifestDigest: await commitWorkerBundle(host.url, ["fetch"], OTHER_TENANT) },
        { token: OTHER_TENANT },
      ),
      201,
    );
    expectRefusal(await apply(host.url, kind("WorkerVersion"), uniqueName(), SPACE, versionSpec(w, b)), "resource_not_found");
  });

  it("verifies the annotated target contract: a ModuleWorker of a definition without worker.runtime is refused", async () => {
    const w = uniqueName();
    expectResource(await apply(host.url, kind("ModuleWorker", "0.2.0"), w, SPACE, {}), 201);
    const b = uniqueName();
    expectResource(await apply(host.url, kind("WorkerBundle"), b, SPACE, { manifestDigest: await commitWorkerBundle(host.url, ["fetch"]) }), 201);
    const error = expectRefusal(await apply(host.url, kind("WorkerVersion"), uniqueName(), SPACE, versionSpec(w, b)), "invalid_argument");
    expect(error.message).toContain("/worker");
  });

  it("a referenced target cannot be deleted; an out-of-band deletion is reported as drift, not re-bound", async () => {
    const w = uniqueName();
    await worker(w);
    const b = uniqueName();
    const manifestDigest = await commitWorkerBundle(host.url, ["fetch"]);
    expectResource(await apply(host.url, kind("WorkerBundle"), b, SPACE, { manifestDigest }), 201);
    const v = uniqueName();
    const version = expectResource(await apply(host.url, kind("WorkerVersion"), v, SPACE, versionSpec(w, b)), 201);
    expect(version.status.conditions[0]).toMatchObject({ status: "True", reason: "Available" });
    expectRefusal(await remove(host.url, kind("WorkerBundle"), b, SPACE, "1"), "dependency_in_use");
    // the bundle disappears out of band: the version reports DependencyMissing, revision moved, generation not
    expect((await remove(host.url, kind("WorkerBundle"), b, SPACE, "1", { headers: { "takoform-conformance-probe": "external-change" } })).status).toBe(204);
    const missing = expectResource(await read(host.url, kind("WorkerVersion"), v, SPACE), 200);
    expect(missing.status.conditions[0]).toMatchObject({ status: "False", reason: "DependencyMissing" });
    expect(missing.status.conditions[0].hostReason).toContain("/bundle");
    expect(missing.metadata).toMatchObject({ generation: "1", revision: "2" });
    // a new incarnation under the same name is a different target: ExternalChange, still not re-bound
    expectResource(await apply(host.url, kind("WorkerBundle"), b, SPACE, { manifestDigest }), 201);
    const changed = expectResource(await read(host.url, kind("WorkerVersion"), v, SPACE), 200);
    expect(changed.status.conditions[0]).toMatchObject({ status: "False", reason: "ExternalChange" });
    expect(changed.metadata.revision).toBe("3");
    const reread = expectResource(await read(host.url, kind("WorkerVersion"), v, SPACE), 200);
    expect(reread.status.conditions[0].reason).toBe("ExternalChange");
    // a revision-role Form has no re-pinning apply; the deletable version can be replaced
    expectRefusal(await apply(host.url, kind("WorkerVersion"), v, SPACE, versionSpec(w, b), { generation: "1" }), "invalid_argument");
    expect((await remove(host.url, kind("WorkerVersion"), v, SPACE, "1")).status).toBe(204);
  });

  it("an accepted spec-identical apply re-pins: revision moves once, generation never, then nothing moves", async () => {
    const queue = kind("AtLeastOnceQueue");
    const q = uniqueName();
    expectResource(await apply(host.url, queue, q, SPACE, { messageRetentionSeconds: 60 }), 201);
    const agg = await createWorkerAggregate(host.url, catalog(), SPACE, uniqueName("c"), [["fetch", "queue"]]);
    const consumerKind = kind("QueueConsumer");
    const c = uniqueName();
    const spec = { ...CONSUMER_TUNING, queue: ref("AtLeastOnceQueue", q), worker: ref("ModuleWorker", agg.worker) };
    const created = expectResource(await apply(host.url, consumerKind, c, SPACE, spec), 201);
    expect(created.status.conditions[0].status).toBe("True");
    // the queue vanishes and comes back as another incarnation
    await remove(host.url, queue, q, SPACE, "1", { headers: { "takoform-conformance-probe": "external-change" } });
    expectResource(await apply(host.url, queue, q, SPACE, { messageRetentionSeconds: 60 }), 201);
    const drifted = expectResource(await read(host.url, consumerKind, c, SPACE), 200);
    expect(drifted.status.conditions[0].reason).toBe("ExternalChange");
    const repinned = expectResource(await apply(host.url, consumerKind, c, SPACE, drifted.spec, { generation: drifted.metadata.generation }), 200);
    expect(repinned.metadata.generation).toBe(drifted.metadata.generation);
    expect(Number(repinned.metadata.revision)).toBe(Number(drifted.metadata.revision) + 1);
    expect(repinned.status.conditions[0]).toMatchObject({ status: "True", reason: "Available" });
    const again = expectResource(await apply(host.url, consumerKind, c, SPACE, drifted.spec, { generation: drifted.metadata.generation }), 200);
    expect(again.metadata.revision).toBe(repinned.metadata.revision);
  });
});

describe("worker readiness renders from the deployment", () => {
  it("creating and deleting a deployment moves the worker's revision, never its generation", async () => {
    const prefix = uniqueName("r");
    const agg = await createWorkerAggregate(host.url, catalog(), SPACE, prefix, [["fetch"]]);
    const ready = expectResource(await read(host.url, kind("ModuleWorker"), agg.worker, SPACE), 200);
    expect(ready.status.conditions[0]).toMatchObject({ status: "True", reason: "Available" });
    expect(ready.metadata).toMatchObject({ generation: "1", revision: "2" });
    expect((await remove(host.url, kind("WorkerDeployment"), agg.deployment, SPACE, "1")).status).toBe(204);
    const provisioning = expectResource(await read(host.url, kind("ModuleWorker"), agg.worker, SPACE), 200);
    expect(provisioning.status.conditions[0]).toMatchObject({ status: "False", reason: "Provisioning" });
    expect(provisioning.metadata).toMatchObject({ generation: "1", revision: "3" });
    // the worker's teardown: no If-Match needed although its revision moved
    for (const v of agg.versions) expect((await remove(host.url, kind("WorkerVersion"), v, SPACE, "1")).status).toBe(204);
    expect((await remove(host.url, kind("WorkerBundle"), agg.bundle, SPACE, "1")).status).toBe(204);
    expect((await remove(host.url, kind("ModuleWorker"), agg.worker, SPACE, "1")).status).toBe(204);
  });

  it("observe renders the same state", async () => {
    const w = uniqueName();
    await worker(w);
    const seen = await observe(host.url, kind("ModuleWorker"), w, SPACE, "1");
    expect(seen.json.resource.status.conditions[0].reason).toBe("Provisioning");
  });
});
