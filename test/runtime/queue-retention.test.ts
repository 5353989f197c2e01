// A queue keeps an undelivered message for its messageRetentionSeconds and then discards it (the
// AtLeastOnceQueue Form; queue-store.ts, ADR 0302): a message sent before its queue had a
// consumer, and older than the retention when the consumer arrives, is never delivered, and the
// sweep removes it from the tenant's queue file; a message within the retention is delivered.

import { readdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, it } from "vitest";
import { consume, deployApp } from "./app-setup.js";
import { eventually, startRuntimeHost, viaGateway, type RuntimeHost } from "./support.js";

let host: RuntimeHost;
let app: string;
const SPACE = "retention";
const get = (at: string, options?: { method?: string; body?: string }) => viaGateway(host.gatewayPort, app, at, options);
const names = async () => (JSON.parse((await get("/sql/list")).body) as { rows: { name: string }[] }).rows.map((row) => row.name);

beforeAll(async () => {
  host = await startRuntimeHost();
  app = (await deployApp(host.url, SPACE)).hostname; // the queue "orders" keeps messages 3,600 s
  await host.host.runtime!.reconcile();
}, 60_000);
afterAll(async () => host.close());

/** The stored messages whose body holds `text`, read from the tenants' queue files. */
function stored(text: string): number {
  const dir = path.join(host.dataDir, "runtime", "queues");
  let count = 0;
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".sqlite"))) {
    const db = new Database(path.join(dir, file), { readonly: true });
    count += (db.prepare("SELECT count(*) AS n FROM message WHERE instr(body, ?) > 0").get(text) as { n: number }).n;
    db.close();
  }
  return count;
}

it("never delivers a message older than its queue's retention, and sweeps it away", async () => {
  expect((await get("/send", { method: "POST", body: JSON.stringify({ name: "expired-order" }) })).body).toBe("sent");
  expect(stored("expired-order")).toBe(1);
  // Just short of the retention: the delivery timer (every 50 ms) sweeps at this time and finds nothing.
  host.advance(3_599_000);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(stored("expired-order")).toBe(1);
  // Past it, with the next sweep a minute away: what keeps the message from delivery is its expiry.
  host.advance(2_000);
  expect((await get("/send", { method: "POST", body: JSON.stringify({ name: "kept-order" }) })).body).toBe("sent");
  // Both would be leased in one batch (maxBatchSize 10) if the first were still deliverable.
  await consume(host.url, SPACE, "orders");
  await eventually(names, (list) => list.includes("kept-order"), "the message within the retention delivered");
  expect(await names()).not.toContain("expired-order");
  expect(stored("kept-order"), "acknowledged, so deleted").toBe(0);
  // The sweep, a minute later, deletes it from the tenant's queue file.
  host.advance(60_000);
  await eventually(
    async () => stored("expired-order"),
    (n) => n === 0,
    "the expired message swept from the queue file",
  );
});
