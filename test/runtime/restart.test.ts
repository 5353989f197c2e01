// KV, SQLite and queue data survive a host restart: values written before the stop are read after
// it, and messages accepted while no consumer existed are delivered by the restarted host.

import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { consume, deployApp } from "./app-setup.js";
import { eventually, startRuntimeHost, viaGateway } from "./support.js";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "takoform-runtime-restart-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it("keeps KV, SQLite rows and accepted queue messages across a restart", async () => {
  const SPACE = "restart";
  let host = await startRuntimeHost(dataDir);
  const { hostname } = await deployApp(host.url, SPACE);
  await host.host.runtime!.reconcile();
  let get = (p: string, options?: { method?: string; body?: string }) => viaGateway(host.gatewayPort, hostname, p, options);
  expect((await get("/kv/put?key=greeting&value=kept")).body).toBe("stored");
  expect((await get("/sql/insert?name=before-restart")).status).toBe(200);
  for (const name of ["queued-1", "queued-2"]) expect((await get("/send", { method: "POST", body: JSON.stringify({ name }) })).body).toBe("sent");
  await host.close();

  host = await startRuntimeHost(dataDir);
  try {
    get = (p, options) => viaGateway(host.gatewayPort, hostname, p, options);
    await eventually(
      () => get("/kv?key=greeting"),
      (r) => r.status === 200,
      "the restarted host serves from the store",
    );
    expect((await get("/kv?key=greeting")).body).toBe("kept");
    expect(JSON.parse((await get("/sql/list")).body).rows.map((r: { name: string }) => r.name)).toEqual(["before-restart"]);
    await consume(host.url, SPACE, "orders");
    const names = await eventually(
      async () => JSON.parse((await get("/sql/list")).body).rows.map((r: { name: string }) => r.name) as string[],
      (rows) => rows.length === 3,
      "the messages accepted before the restart are delivered",
    );
    expect(names.sort()).toEqual(["before-restart", "queued-1", "queued-2"]);
  } finally {
    await host.close();
  }
});
