// The bindings a deployed worker sees, each against the real runtime: edge.sql over the migrated
// database file with the interface's errors, queue send -> consumer batches -> dead-letter queue,
// cron at the schedule's times (a clock the test moves), a service binding to another worker's
// deployment, and static assets served before the code with the SPA fallback.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apply, ref } from "../unit/host/client.js";
import { consume, deployApp } from "./app-setup.js";
import { PEER_WORKER } from "./app-worker.js";
import { commitFiles, deployWorker, eventually, kind, must, startRuntimeHost, viaGateway, type RuntimeHost } from "./support.js";

let host: RuntimeHost;
let app: string;
const SPACE = "bindings";
const get = (path: string, options?: { method?: string; body?: string }) => viaGateway(host.gatewayPort, app, path, options);
const json = async (path: string) => JSON.parse((await get(path)).body);

beforeAll(async () => {
  host = await startRuntimeHost();
  app = (await deployApp(host.url, SPACE)).hostname;
  await host.host.runtime!.reconcile();
});
afterAll(async () => host.close());

describe("edge.sql", () => {
  it("executes and queries the database the migration application migrated", async () => {
    expect(await json("/sql/insert?name=first")).toEqual({ rows: [], rowsWritten: 1 });
    expect(await json("/sql/list")).toEqual({ rows: [{ id: 1, name: "first" }], rowsWritten: 0 });
  });

  it("answers the interface's errors: schema changes and transaction control are sql_error, big numbers numeric_out_of_range", async () => {
    for (const sql of [
      "CREATE TABLE t (x)",
      "DROP TABLE items",
      "BEGIN",
      "COMMIT",
      "SELECT 1; SELECT 2",
      "SELECT * FROM nowhere",
      "DELETE FROM takoform_migration_ledger",
    ]) {
      expect((await json(`/sql/fail?sql=${encodeURIComponent(sql)}`)).code, sql).toBe("sql_error");
    }
    expect((await json("/sql/big-param")).code).toBe("numeric_out_of_range");
    expect((await json("/sql/big-result")).code).toBe("numeric_out_of_range");
    expect((await json("/sql/tx")).code).toBe("sql_error");
    expect((await json("/sql/list")).rows.map((r: { name: string }) => r.name)).not.toContain("tx-1");
  });
});

describe("queues", () => {
  it("delivers sent messages to the consumer; a message failing past maxRetries reaches the dead-letter queue", async () => {
    await consume(host.url, SPACE, "orders", { deadLetterQueue: ref("AtLeastOnceQueue", "orders-dead") });
    await consume(host.url, SPACE, "orders-dead");
    await host.host.runtime!.reconcile();
    expect((await get("/send", { method: "POST", body: JSON.stringify({ name: "queued-order" }) })).body).toBe("sent");
    expect((await get("/send", { method: "POST", body: JSON.stringify({ id: "m1", fail: true }) })).body).toBe("sent");
    await eventually(
      () => json("/sql/list"),
      (r) => r.rows.some((row: { name: string }) => row.name === "queued-order"),
      "the consumer wrote the order",
    );
    const dead = await eventually(
      () => get("/kv?key=dead:m1"),
      (r) => r.body !== "",
      "the failing message reached the dead-letter queue",
    );
    expect(JSON.parse(dead.body)).toEqual({ attempts: 1 });
    expect((await get("/kv?key=tries:m1")).body).toBe("2"); // first delivery + maxRetries (1)
  });
});

describe("cron", () => {
  it("invokes scheduled with scheduledTime and cron at the schedule's times", async () => {
    await must(apply(host.url, kind("WorkerCronTrigger"), "every-five", SPACE, { worker: ref("ModuleWorker", "app"), cron: "*/5 * * * *" }), "cron");
    await host.host.runtime!.reconcile();
    expect((await get("/kv?key=cron")).body).toBe("");
    host.advance(5 * 60_000);
    await host.host.runtime!.cron.tick();
    const fired = JSON.parse((await get("/kv?key=cron")).body) as { cron: string; scheduledTime: number };
    expect(fired.cron).toBe("*/5 * * * *");
    expect(fired.scheduledTime % (5 * 60_000)).toBe(0);
    expect(fired.scheduledTime).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
  });
});

describe("service bindings", () => {
  it("env.PEER.fetch reaches the target worker's deployment, streaming the body", async () => {
    await deployWorker(host.url, SPACE, "peer", { source: PEER_WORKER });
    const caller = await deployWorker(host.url, SPACE, "caller", {
      source: `export default { fetch(request, env) { return env.PEER.fetch("http://peer/echo", { method: "POST", body: request.body }); } };`,
      extra: { serviceBindings: [{ name: "PEER", resource: ref("ModuleWorker", "peer") }] },
    });
    await host.host.runtime!.reconcile();
    const reply = await viaGateway(host.gatewayPort, caller.hostname, "/", { method: "POST", body: "x".repeat(1 << 20) });
    expect(reply.body).toBe(`peer read ${1 << 20} bytes`);
    expect(reply.headers["x-peer"]).toBe("yes");
  });
});

describe("static assets", () => {
  it("are served before the code, with the single-page-application fallback", async () => {
    const digest = await commitFiles(host.url, "StaticAssetBundle", [
      ["index.html", "<h1>spa</h1>", "text/html"],
      ["app.js", "console.log(1)", "text/javascript"],
    ]);
    await must(apply(host.url, kind("StaticAssetBundle"), "site", SPACE, { manifestDigest: digest }), "assets");
    const site = await deployWorker(host.url, SPACE, "site", {
      source: `export default { fetch(request) { return new Response("code " + request.method + " " + new URL(request.url).pathname); } };`,
      extra: { assets: { bundle: ref("StaticAssetBundle", "site"), runWorkerFirst: false, notFoundHandling: "single_page_application" } },
    });
    await host.host.runtime!.reconcile();
    const at = (path: string, method = "GET") => viaGateway(host.gatewayPort, site.hostname, path, { method });
    expect((await at("/app.js")).body).toBe("console.log(1)");
    expect((await at("/app.js")).headers["content-type"]).toBe("text/javascript");
    expect((await at("/")).body).toBe("<h1>spa</h1>");
    expect((await at("/orders/42")).body).toBe("<h1>spa</h1>");
    expect((await at("/a%2Fb")).body).toBe("code GET /a%2Fb"); // an encoded "/" is invalid: never falls back
    expect((await at("/api/orders", "POST")).body).toBe("code POST /api/orders");
  });
});
