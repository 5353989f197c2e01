// The Worker aggregate and attachment rules wired into apply, import and delete
// (decisions 0016, 0020, 0024, 0026).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API, builtinCatalog, call, OTHER_TENANT, startTestHost, type TestHost } from "./harness.js";
import { apply, commitWorkerBundle, createWorkerAggregate, document, importResource, read, ref, refOf, remove, uniqueName } from "./client.js";
import { expectDocument, expectRefusal, expectResource } from "./expect-wire.js";

let host: TestHost;
beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => host.close());

const SPACE = "aggregate";
const catalog = () => builtinCatalog();
const kind = (k: string) => refOf(catalog(), k);
const TUNING = { maxBatchSize: 25, maxBatchTimeoutSeconds: 2, maxRetries: 5, retryDelaySeconds: 30, maxConcurrency: 8 };

async function queue(name: string, space = SPACE) {
  return expectResource(await apply(host.url, kind("AtLeastOnceQueue"), name, space, { messageRetentionSeconds: 60 }), 201);
}

function deploymentSpec(worker: string, entries: [string, number][]) {
  return { worker: ref("ModuleWorker", worker), versions: entries.map(([name, weight]) => ({ workerVersion: ref("WorkerVersion", name), weight })) };
}

describe("deployments", () => {
  it("one active deployment per worker; weights sum to 10000; versions belong to the worker and appear once", async () => {
    const a = await createWorkerAggregate(host.url, catalog(), SPACE, uniqueName("a"), [["fetch"], ["fetch"]]);
    const b = await createWorkerAggregate(host.url, catalog(), SPACE, uniqueName("b"), [["fetch"]]);
    const d = kind("WorkerDeployment");
    expectRefusal(await apply(host.url, d, uniqueName(), SPACE, deploymentSpec(a.worker, [[a.versions[0]!, 10000]])), "invalid_argument");
    const current = expectResource(await read(host.url, d, a.deployment, SPACE), 200);
    const g = current.metadata.generation;
    expectRefusal(
      await apply(
        host.url,
        d,
        a.deployment,
        SPACE,
        deploymentSpec(a.worker, [
          [a.versions[0]!, 6000],
          [a.versions[1]!, 3000],
        ]),
        { generation: g },
      ),
      "invalid_argument",
    );
    expectRefusal(
      await apply(
        host.url,
        d,
        a.deployment,
        SPACE,
        deploymentSpec(a.worker, [
          [a.versions[0]!, 5000],
          [b.versions[0]!, 5000],
        ]),
        { generation: g },
      ),
      "invalid_argument",
    );
    expectRefusal(
      await apply(
        host.url,
        d,
        a.deployment,
        SPACE,
        deploymentSpec(a.worker, [
          [a.versions[0]!, 4000],
          [a.versions[0]!, 6000],
        ]),
        { generation: g },
      ),
      "invalid_argument",
    );
    const shifted = expectResource(
      await apply(
        host.url,
        d,
        a.deployment,
        SPACE,
        deploymentSpec(a.worker, [
          [a.versions[0]!, 1000],
          [a.versions[1]!, 9000],
        ]),
        { generation: g },
      ),
      200,
    );
    expect(shifted.metadata.generation).toBe(String(Number(g) + 1));
  });
});

describe("attachments", () => {
  it("are gated on the active deployment exporting their handler, in both directions", async () => {
    const noDeployment = uniqueName();
    expectResource(await apply(host.url, kind("ModuleWorker"), noDeployment, SPACE, {}), 201);
    expectRefusal(await apply(host.url, kind("WorkerEndpoint"), uniqueName(), SPACE, { worker: ref("ModuleWorker", noDeployment) }), "unsupported_capability");
    const fetchOnly = await createWorkerAggregate(host.url, catalog(), SPACE, uniqueName("f"), [["fetch"]]);
    const cron = kind("WorkerCronTrigger");
    expectRefusal(
      await apply(host.url, cron, uniqueName(), SPACE, { worker: ref("ModuleWorker", fetchOnly.worker), cron: "*/5 * * * *" }),
      "unsupported_capability",
    );
    const endpoint = uniqueName();
    expectResource(await apply(host.url, kind("WorkerEndpoint"), endpoint, SPACE, { worker: ref("ModuleWorker", fetchOnly.worker) }), 201);
    // a second endpoint on the worker is refused
    expectRefusal(await apply(host.url, kind("WorkerEndpoint"), uniqueName(), SPACE, { worker: ref("ModuleWorker", fetchOnly.worker) }), "invalid_argument");
    // the deployment may not stop serving fetch, nor be deleted, while the endpoint lives
    const scheduledOnly = uniqueName();
    const scheduledBundle = uniqueName();
    expectResource(
      await apply(host.url, kind("WorkerBundle"), scheduledBundle, SPACE, { manifestDigest: await commitWorkerBundle(host.url, ["scheduled"]) }),
      201,
    );
    expectResource(
      await apply(host.url, kind("WorkerVersion"), scheduledOnly, SPACE, {
        worker: ref("ModuleWorker", fetchOnly.worker),
        bundle: ref("WorkerBundle", scheduledBundle),
        handlers: ["scheduled"],
      }),
      201,
    );
    expectRefusal(
      await apply(host.url, kind("WorkerDeployment"), fetchOnly.deployment, SPACE, deploymentSpec(fetchOnly.worker, [[scheduledOnly, 10000]]), {
        generation: "1",
      }),
      "unsupported_capability",
    );
    expectRefusal(await remove(host.url, kind("WorkerDeployment"), fetchOnly.deployment, SPACE, "1"), "dependency_in_use");
    expectRefusal(await remove(host.url, kind("ModuleWorker"), fetchOnly.worker, SPACE, "1"), "dependency_in_use");
    expect((await remove(host.url, kind("WorkerEndpoint"), endpoint, SPACE, "1")).status).toBe(204);
    expect((await remove(host.url, kind("WorkerDeployment"), fetchOnly.deployment, SPACE, "1")).status).toBe(204);
  });

  it("cron expressions are parsed on validate, prepare and apply", async () => {
    const agg = await createWorkerAggregate(host.url, catalog(), SPACE, uniqueName("c"), [["fetch", "scheduled"]]);
    const cron = kind("WorkerCronTrigger");
    for (const bad of ["0 24 * * *", "5-1 * * * *", "*/0 * * * *", "0 0 32 * *"]) {
      const body = document(cron, "t", SPACE, { worker: ref("ModuleWorker", agg.worker), cron: bad });
      expect(expectDocument(await call(host.url, "POST", `${API}/resources/validate`, { body }), 200, "validateResponse").valid, bad).toBe(false);
      expectRefusal(await apply(host.url, cron, uniqueName(), SPACE, body.spec), "invalid_argument");
    }
    for (const good of ["*/5 * * * *", "0 * * * *"]) {
      expectResource(await apply(host.url, cron, uniqueName(), SPACE, { worker: ref("ModuleWorker", agg.worker), cron: good }), 201);
    }
  });

  it("a queue has one consumer, and dead-letter destinations never close a cycle", async () => {
    const agg = await createWorkerAggregate(host.url, catalog(), SPACE, uniqueName("q"), [["fetch", "queue"]]);
    const [q1, q2, q3, q4] = [uniqueName(), uniqueName(), uniqueName(), uniqueName()];
    for (const q of [q1, q2, q3, q4]) await queue(q);
    const consumer = kind("QueueConsumer");
    const drain = (q: string, dlq?: string) => ({
      ...TUNING,
      queue: ref("AtLeastOnceQueue", q),
      worker: ref("ModuleWorker", agg.worker),
      ...(dlq === undefined ? {} : { deadLetterQueue: ref("AtLeastOnceQueue", dlq) }),
    });
    const first = uniqueName();
    expectResource(await apply(host.url, consumer, first, SPACE, drain(q1, q2)), 201);
    expectRefusal(await apply(host.url, consumer, uniqueName(), SPACE, drain(q1)), "invalid_argument");
    expectResource(await apply(host.url, consumer, uniqueName(), SPACE, drain(q2, q3)), 201);
    expectRefusal(await apply(host.url, consumer, uniqueName(), SPACE, drain(q3, q1)), "invalid_argument");
    expectResource(await apply(host.url, consumer, uniqueName(), SPACE, drain(q3, q4)), 201);
    expectRefusal(await apply(host.url, consumer, uniqueName(), SPACE, drain(q4, q4)), "invalid_argument");
    expect((await remove(host.url, consumer, first, SPACE, "1")).status).toBe(204);
    expectResource(await apply(host.url, consumer, uniqueName(), SPACE, drain(q1)), 201);
  });

  it("custom-domain hostnames are canonical, unique per tenant across spaces, and stop at the tenant", async () => {
    const agg = await createWorkerAggregate(host.url, catalog(), SPACE, uniqueName("h"), [["fetch"]]);
    const domain = kind("WorkerCustomDomain");
    const host1 = `${uniqueName("shop")}.example.test`;
    const created = expectResource(
      await apply(host.url, domain, uniqueName(), SPACE, { worker: ref("ModuleWorker", agg.worker), hostname: host1.toUpperCase() + "." }),
      201,
    );
    expect(created.spec.hostname).toBe(host1);
    const other = await createWorkerAggregate(host.url, catalog(), "elsewhere", uniqueName("e"), [["fetch"]]);
    const collision = await apply(host.url, domain, uniqueName(), "elsewhere", { worker: ref("ModuleWorker", other.worker), hostname: host1 });
    expectRefusal(collision, "invalid_argument");
    const foreign = await createWorkerAggregate(host.url, catalog(), SPACE, uniqueName("t"), [["fetch"]], OTHER_TENANT);
    expectResource(
      await apply(host.url, domain, uniqueName(), SPACE, { worker: ref("ModuleWorker", foreign.worker), hostname: host1 }, { token: OTHER_TENANT }),
      201,
    );
    const uLabel = document(domain, "u", SPACE, { worker: ref("ModuleWorker", agg.worker), hostname: "café.example.test" });
    expect(expectDocument(await call(host.url, "POST", `${API}/resources/validate`, { body: uLabel }), 200, "validateResponse").valid).toBe(false);
    expectRefusal(await apply(host.url, domain, uniqueName(), SPACE, uLabel.spec), "invalid_argument");
    // adoption is decided by the same claim
    expectRefusal(
      await importResource(host.url, domain, uniqueName(), SPACE, { worker: ref("ModuleWorker", agg.worker), hostname: host1 }, "native-" + uniqueName()),
      "invalid_argument",
    );
  });
});
