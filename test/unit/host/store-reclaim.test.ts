// The reclaimer of deleted stores' data (host/runtime/store-reclaim.ts, ADR 0306) on a real data
// directory and a real queue store: it lists only what the layout names, removes exactly what no
// live record owns, lists before it reads the live records (an entry that appears during a pass is
// left to the next), purges a deleted queue's messages, and runs a pass only when a reconcile lost a
// store (and after the first).

import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storagePrefix, tenantDirectory } from "../../../host/runtime/names.js";
import { QueueStore } from "../../../host/runtime/queue-store.js";
import { storeBlobDir, storeIndexFile, type StoreData } from "../../../host/runtime/store-layout.js";
import { listStoredEntries, lostStore, ownerKeysOf, StoreReclaimer, unownedEntries } from "../../../host/runtime/store-reclaim.js";

let dir: string;
let queues: QueueStore;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "takoform-reclaim-"));
  queues = new QueueStore(dir);
});
afterEach(() => {
  queues.close();
  rmSync(dir, { recursive: true, force: true });
});

const kvId = (tenant: string, n: number) => `${storagePrefix(tenant)}${String(n).padStart(24, "0")}`;

function touch(file: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, "x");
  return file;
}

/** A KV namespace with one value and its index (with a WAL), as workerd leaves them. */
function kvStore(id: string): string[] {
  return [touch(path.join(storeBlobDir(dir, "kv", id), "blobs", "v1")), touch(storeIndexFile(dir, "kv", id)), touch(`${storeIndexFile(dir, "kv", id)}-wal`)];
}

function databaseFile(tenant: string, uid: string): string {
  return touch(path.join(dir, "sqlite", tenantDirectory(tenant), `${uid}.sqlite`));
}

function queued(tenant: string, queue: string): number {
  const file = path.join(dir, "runtime", "queues", `${tenantDirectory(tenant)}.sqlite`);
  if (!existsSync(file)) return -1;
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare("SELECT count(*) AS n FROM message WHERE queue = ?").get(queue) as { n: number }).n;
  } finally {
    db.close();
  }
}

const send = (tenant: string, queue: string) => queues.send(tenant, queue, [{ body: { t: "text", v: "m" }, delaySeconds: 0 }], 3600);

function reclaimer(live: () => StoreData[] | undefined, prepare: () => Promise<void> = async () => undefined) {
  const removed: string[] = [];
  const r = new StoreReclaimer({
    dataDir: dir,
    queues,
    delayMs: 10,
    prepare,
    liveNow: live,
    removed: (entries) => removed.push(...entries.map((entry) => entry.file)),
  });
  return { r, removed };
}

describe("reclaiming deleted stores", () => {
  it("lists only the entries the layout names", async () => {
    kvStore(kvId("t", 1));
    databaseFile("t", "db-1");
    touch(path.join(dir, "runtime", "kv", "not-a-store", "blobs", "v"));
    touch(path.join(dir, "runtime", "kv", "miniflare-KVNamespaceObject", "notes.txt"));
    touch(path.join(dir, "sqlite", tenantDirectory("t"), ".tmp-0123"));
    touch(path.join(dir, "sqlite", "not-a-tenant", "db-2.sqlite"));
    const owners = (await listStoredEntries(dir)).map((entry) => entry.owner).sort();
    const [values, index] = ownerKeysOf({ area: "kv", tenant: "t", id: kvId("t", 1) });
    // the index twice: its database and its WAL
    expect(owners).toEqual([values, index, index, `sqlite/${tenantDirectory("t")}/db-1`].sort());
  });

  it("removes what no live store owns and keeps the rest, another tenant's included", async () => {
    const kept = kvStore(kvId("t", 1));
    const gone = kvStore(kvId("t", 2));
    const other = kvStore(kvId("u", 2));
    const keptDb = databaseFile("t", "db-1");
    const goneDb = [
      databaseFile("t", "db-2"),
      touch(path.join(dir, "sqlite", tenantDirectory("t"), "db-2.sqlite-wal")),
      touch(path.join(dir, "sqlite", tenantDirectory("t"), "db-2.sqlite.lock")),
    ];
    await send("t", "q-kept");
    await send("t", "q-gone");
    await send("v", "q-only"); // a tenant whose only queue is deleted
    const live: StoreData[] = [
      { area: "kv", tenant: "t", id: kvId("t", 1) },
      { area: "kv", tenant: "u", id: kvId("u", 2) },
      { area: "sqlite", tenant: "t", uid: "db-1" },
      { area: "queue", tenant: "t", uid: "q-kept" },
    ];
    const { r, removed } = reclaimer(() => live);
    await r.pass();
    for (const file of [...kept, ...other, keptDb]) expect(existsSync(file), file).toBe(true);
    for (const file of [...gone, ...goneDb]) expect(existsSync(file), file).toBe(false);
    expect(removed).toContain(storeBlobDir(dir, "kv", kvId("t", 2)));
    expect(queued("t", "q-kept")).toBe(1);
    expect(queued("t", "q-gone")).toBe(0);
    expect(queued("v", "q-only"), "the file of a tenant without queues is removed").toBe(-1);
    // the queue store goes on for the tenant whose file it closed
    await send("v", "q-new");
    expect(queued("v", "q-new")).toBe(1);
    await r.close();
  });

  it("lists before it reads the live stores: what appears during a pass waits for the next", async () => {
    let late: string[] = [];
    const { r } = reclaimer(
      () => [],
      async () => {
        late = kvStore(kvId("t", 3));
      },
    );
    await r.pass();
    for (const file of late) expect(existsSync(file), file).toBe(true);
    await r.pass();
    for (const file of late) expect(existsSync(file), file).toBe(false);
    await r.close();
  });

  it("removes nothing while the live stores cannot be told", async () => {
    const files = kvStore(kvId("t", 4));
    const { r, removed } = reclaimer(() => undefined);
    await r.pass();
    for (const file of files) expect(existsSync(file), file).toBe(true);
    expect(removed).toEqual([]);
    await r.close();
  });

  it("passes once the first reconcile switched, and once one that lost a store switched, not after others", async () => {
    const a: StoreData = { area: "sqlite", tenant: "t", uid: "a" };
    const b: StoreData = { area: "queue", tenant: "t", uid: "b" };
    let passes = 0;
    const { r } = reclaimer(() => (passes++, [a, b]));
    const settle = () => new Promise((resolve) => setTimeout(resolve, 60));
    r.observe([a]);
    await settle();
    expect(passes, "not before the switch").toBe(0);
    r.switched();
    await settle();
    expect(passes).toBe(1);
    r.observe([a, b]);
    r.switched();
    await settle();
    expect(passes, "nothing was lost").toBe(1);
    r.observe([b]);
    r.switched();
    await settle();
    expect(passes).toBe(2);
    await r.close();
  });

  it("tells a lost store by its owner keys", async () => {
    const a: StoreData = { area: "sqlite", tenant: "t", uid: "a" };
    const b: StoreData = { area: "queue", tenant: "t", uid: "b" };
    expect(lostStore(undefined, new Set())).toBe(true);
    expect(lostStore(new Set(ownerKeysOf(a)), new Set([...ownerKeysOf(a), ...ownerKeysOf(b)]))).toBe(false);
    expect(lostStore(new Set([...ownerKeysOf(a), ...ownerKeysOf(b)]), new Set(ownerKeysOf(a)))).toBe(true);
    expect(unownedEntries([{ file: "f", owner: ownerKeysOf(a)[0]! }], new Set(ownerKeysOf(a)))).toEqual([]);
  });
});
