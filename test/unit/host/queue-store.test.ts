// The queue store's sends (queue-store.ts, ADR 0302): sends of a tenant that arrive together share
// one commit, each resolving with its ids once that commit holds it; a commit that fails rejects
// every send in it and stores nothing, and another tenant's sends of the same turn are committed;
// a message that expired while a host that died had it in flight is deleted when the file opens.

import Database from "better-sqlite3";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { tenantDirectory } from "../../../host/runtime/names.js";
import { QueueStore } from "../../../host/runtime/queue-store.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const fresh = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "takoform-queue-store-"));
  dirs.push(dir);
  return { dir, store: new QueueStore(dir) };
};
const text = (v: string) => ({ body: { t: "text" as const, v }, delaySeconds: 0 });

it("resolves each of many concurrent sends with ids that are all stored", async () => {
  const { store } = fresh();
  const sent = await Promise.all(Array.from({ length: 100 }, (_, i) => store.send("t", "q", [text(`m${i}`), text(`n${i}`)], 3600)));
  expect(sent.every((ids) => ids.length === 2)).toBe(true);
  const leased = store.lease("t", "q", 1000);
  expect(leased.map((m) => m.id).sort()).toEqual(sent.flat().sort());
  expect(new Set(leased.map((m) => m.body.v)).size).toBe(200);
  store.close();
});

it("rejects every send of a commit that fails, storing none, and commits another tenant's", async () => {
  const { dir, store } = fresh();
  mkdirSync(path.join(dir, "runtime", "queues", `${tenantDirectory("broken")}.sqlite`)); // its file cannot be opened
  const results = await Promise.allSettled([
    store.send("broken", "q", [text("a")], 3600),
    store.send("broken", "q", [text("b")], 3600),
    store.send("fine", "q", [text("c")], 3600),
  ]);
  expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "fulfilled"]);
  expect(store.lease("fine", "q", 10).map((m) => m.body.v)).toEqual(["c"]);
  store.close();
});

it("commits what waits when it is closed", async () => {
  const { dir, store } = fresh();
  const pending = store.send("t", "q", [text("last")], 3600);
  store.close();
  // committed by the close itself, before any later turn of the event loop
  const reopened = new QueueStore(dir);
  expect(reopened.lease("t", "q", 10).map((m) => m.body.v)).toEqual(["last"]);
  await expect(pending).resolves.toHaveLength(1);
  reopened.close();
});

it("deletes at open an expired message a host that died had in flight", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "takoform-queue-store-"));
  dirs.push(dir);
  const clock = { now: 1_000_000 };
  const dead = new QueueStore(dir, () => clock.now);
  await dead.send("t", "q", [text("in flight")], 60);
  expect(dead.lease("t", "q", 10)).toHaveLength(1);
  dead.close(); // the lease is never settled: the host died
  clock.now += 61_000;
  const next = new QueueStore(dir, () => clock.now);
  const file = new Database(path.join(dir, "runtime", "queues", `${tenantDirectory("t")}.sqlite`), { readonly: true });
  next.backlog("t", "q"); // opens the file
  expect(file.prepare("SELECT count(*) AS n FROM message").get()).toEqual({ n: 0 });
  file.close();
  next.close();
});
