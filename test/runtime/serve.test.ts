// The host runs what it deploys: requests through the gateway reach the deployed code in workerd,
// env carries exactly the declared names, a deployment splits traffic by weight, KV is per tenant,
// and a version workerd refuses never replaces what serves.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OTHER_TENANT, PRIMARY } from "../unit/host/harness.js";
import { apply, read, ref } from "../unit/host/client.js";
import { createVersion, deploy, deployWorker, eventually, kind, must, startRuntimeHost, viaGateway, type RuntimeHost } from "./support.js";

let host: RuntimeHost;
beforeAll(async () => {
  host = await startRuntimeHost();
});
afterAll(async () => host.close());

const SPACE = "runtime";
const ENV_DUMP = `export default { async fetch(request, env) { return Response.json({ keys: Object.keys(env).sort(), greeting: env.GREETING, nested: env.NESTED, version: env.LABEL }); } };`;

describe("fetch through the gateway", () => {
  it("answers from the deployed code with exactly the declared env names; unknown hosts are 404", async () => {
    await must(apply(host.url, kind("EdgeKVNamespace"), "envkv", SPACE, {}), "kv");
    await must(apply(host.url, kind("AtLeastOnceQueue"), "envq", SPACE, { messageRetentionSeconds: 60 }), "queue");
    const { hostname } = await deployWorker(host.url, SPACE, "envdump", {
      source: ENV_DUMP,
      vars: { GREETING: "hello", NESTED: { a: [1, 2] }, LABEL: "one" },
      extra: {
        kvBindings: [{ name: "CACHE", resource: ref("EdgeKVNamespace", "envkv") }],
        queueProducerBindings: [{ name: "EVENTS", resource: ref("AtLeastOnceQueue", "envq") }],
      },
    });
    expect(hostname).toMatch(/\.localhost$/);
    const reply = await eventually(
      () => viaGateway(host.gatewayPort, hostname),
      (r) => r.status === 200,
      "the endpoint serves",
    );
    expect(JSON.parse(reply.body)).toEqual({
      keys: ["CACHE", "EVENTS", "GREETING", "LABEL", "NESTED"],
      greeting: "hello",
      nested: { a: [1, 2] },
      version: "one",
    });
    expect((await viaGateway(host.gatewayPort, "nothing-here.endpoints.takoform.localhost")).status).toBe(404);
  });

  it("splits a deployment across versions by weight, within the stated tolerance", async () => {
    // A deployment of one version runs no router: the version answers on the hostname (ADR 0297).
    const runsRouter = () => {
      const plan = host.host.runtime!.serving()!.plan;
      const target = [...plan.targets.values()].find((t) => t.worker.name === "split")!;
      return plan.workers.some((options) => options.name === target.router);
    };
    const { hostname, version: first } = await deployWorker(host.url, SPACE, "split", { source: ENV_DUMP, vars: { LABEL: "a" } });
    await eventually(
      () => viaGateway(host.gatewayPort, hostname),
      (r) => r.status === 200,
      "first version serves",
    );
    expect(runsRouter(), "one version: no router").toBe(false);
    const second = await createVersion(host.url, SPACE, "split", { source: ENV_DUMP, vars: { LABEL: "b" } });
    await deploy(host.url, SPACE, "split", [
      [first, 2500],
      [second, 7500],
    ]);
    await eventually(
      () => viaGateway(host.gatewayPort, hostname),
      (r) => r.body.includes('"version":"b"'),
      "second version serves",
    );
    expect(runsRouter(), "two versions: the router splits").toBe(true);
    const counts = { a: 0, b: 0 };
    const N = 200;
    for (let i = 0; i < N; i++) {
      const body = JSON.parse((await viaGateway(host.gatewayPort, hostname)).body) as { version: "a" | "b" };
      counts[body.version]++;
    }
    // Tolerance: 5% of N either way (the split is a low-discrepancy sequence, not random draws).
    expect(Math.abs(counts.a - N * 0.25)).toBeLessThanOrEqual(N * 0.05);
    expect(counts.a + counts.b).toBe(N);
    // Rollback is a re-weighting: only the first version answers afterwards.
    await deploy(host.url, SPACE, "split", [[first, 10000]]);
    await host.host.runtime!.reconcile();
    for (let i = 0; i < 20; i++) expect((await viaGateway(host.gatewayPort, hostname)).body).toContain('"version":"a"');
    expect(runsRouter(), "back to one version: no router").toBe(false);
  });
});

const COUNTER = `export default { async fetch(request, env) {
  const n = Number((await env.VISITS.get("count")) ?? "0") + 1;
  await env.VISITS.put("count", String(n));
  return new Response(String(n));
} };`;

describe("edge.kv per tenant", () => {
  it("two tenants with the same names never see each other's data", async () => {
    for (const token of [PRIMARY, OTHER_TENANT]) await must(apply(host.url, kind("EdgeKVNamespace"), "visits", SPACE, {}, { token }), "kv");
    const spec = { source: COUNTER, extra: { kvBindings: [{ name: "VISITS", resource: ref("EdgeKVNamespace", "visits") }] } };
    const a = await deployWorker(host.url, SPACE, "counter", spec, PRIMARY);
    const b = await deployWorker(host.url, SPACE, "counter", spec, OTHER_TENANT);
    expect(a.hostname).not.toBe(b.hostname);
    await eventually(
      () => viaGateway(host.gatewayPort, b.hostname),
      (r) => r.status === 200,
      "tenant b serves",
    );
    await eventually(
      () => viaGateway(host.gatewayPort, a.hostname),
      (r) => r.status === 200,
      "tenant a serves",
    );
    for (let i = 0; i < 3; i++) await viaGateway(host.gatewayPort, a.hostname);
    expect((await viaGateway(host.gatewayPort, a.hostname)).body).toBe("5");
    expect((await viaGateway(host.gatewayPort, b.hostname)).body).toBe("2");
  });
});

const OBJECTS = `export default { async fetch(request, env) {
  const url = new URL(request.url);
  if (request.method === "PUT") { await env.FILES.put(url.pathname.slice(1), await request.text()); return new Response("stored"); }
  const object = await env.FILES.get(url.pathname.slice(1));
  return object === null ? new Response("absent", { status: 404 }) : new Response(await object.text());
} };`;

describe("edge.objects per tenant, custom domains", () => {
  it("a bucket of one tenant is never reached by another tenant's worker of the same names", async () => {
    for (const token of [PRIMARY, OTHER_TENANT]) await must(apply(host.url, kind("ObjectBucket"), "files", SPACE, {}, { token }), "bucket");
    const spec = { source: OBJECTS, extra: { bucketBindings: [{ name: "FILES", resource: ref("ObjectBucket", "files") }] } };
    const a = await deployWorker(host.url, SPACE, "files", spec, PRIMARY);
    const b = await deployWorker(host.url, SPACE, "files", spec, OTHER_TENANT);
    await host.host.runtime!.reconcile();
    expect((await viaGateway(host.gatewayPort, a.hostname, "/report.txt", { method: "PUT", body: "tenant a's report" })).body).toBe("stored");
    expect((await viaGateway(host.gatewayPort, a.hostname, "/report.txt")).body).toBe("tenant a's report");
    expect((await viaGateway(host.gatewayPort, b.hostname, "/report.txt")).status).toBe(404);
  });

  it("a WorkerCustomDomain hostname is routed to its worker like an endpoint", async () => {
    await must(
      apply(host.url, kind("WorkerCustomDomain"), "files-domain", SPACE, { worker: ref("ModuleWorker", "files"), hostname: "Files.Example.TEST." }),
      "custom domain",
    );
    await host.host.runtime!.reconcile();
    expect((await viaGateway(host.gatewayPort, "files.example.test", "/report.txt")).body).toBe("tenant a's report");
  });
});

describe("a version workerd refuses", () => {
  it("never serves: the previous runtime keeps answering and the failure names the version", async () => {
    const { hostname, version: good } = await deployWorker(host.url, SPACE, "fragile", { source: ENV_DUMP, vars: { LABEL: "good" } });
    await eventually(
      () => viaGateway(host.gatewayPort, hostname),
      (r) => r.status === 200,
      "good version serves",
    );
    const bad = await createVersion(host.url, SPACE, "fragile", { source: `${ENV_DUMP}\nundefinedFunctionAtLoad();` });
    await deploy(host.url, SPACE, "fragile", [[bad, 10000]]);
    await host.host.runtime!.reconcile();
    const report = host.host.runtime!.lastReport()!;
    expect(report.problems.map((p) => `${p.record.name}: ${p.message}`)).toContain(
      `${bad}: workerd refused to load version ${bad}; the previous deployment keeps serving`,
    );
    expect((await viaGateway(host.gatewayPort, hostname)).body).toContain('"version":"good"');
    const readyOf = async () =>
      (await read(host.url, kind("WorkerVersion"), bad, SPACE)).json.status.conditions.find((c: { type: string }) => c.type === "Ready");
    const failed = await eventually(readyOf, (c) => c.status === "False", "the refused version reads Ready=False");
    expect(failed).toMatchObject({ status: "False", reason: "Failed", hostReason: "RuntimeRejected" });
    expect(failed.message).toContain("workerd refused to load version");
    await deploy(host.url, SPACE, "fragile", [[good, 10000]]);
    await host.host.runtime!.reconcile();
    expect(host.host.runtime!.lastReport()!.problems).toEqual([]);
    await eventually(readyOf, (c) => c.status === "True", "the version no longer deployed is Ready again");
  });
});
