// The storage quota's ledger (host/runtime/storage-quota.ts) and its measurement of one tenant's
// stores on disk (storage-usage.ts): admissions within the quota pass, one that would go over is
// refused with the usage it met, open grants count until settled, deletes are credited only by a
// measurement (at most one per rescanAfterMs, and only when a write does not fit), and a write
// settled while a measurement runs is never lost from the count.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DatabaseFiles } from "../../../host/files/database-files.js";
import { storagePrefix } from "../../../host/runtime/names.js";
import { QueueStore } from "../../../host/runtime/queue-store.js";
import { StorageLedger } from "../../../host/runtime/storage-quota.js";
import { measureTenantStorage } from "../../../host/runtime/storage-usage.js";
import { storeIndexFile } from "../../../host/runtime/store-layout.js";

const LIMIT = 10_000;

function ledger(disk: { bytes: number }, rescanAfterMs = 0, clock = { now: 0 }) {
  const measured: string[] = [];
  const measure = async (tenant: string) => (measured.push(tenant), tenant === "t" ? disk.bytes : 0);
  return { ledger: new StorageLedger(measure, { bytesPerTenant: LIMIT, rescanAfterMs, grantTtlMs: 60_000 }, () => clock.now), measured };
}

const grantOf = (admission: Awaited<ReturnType<StorageLedger["admit"]>>) => {
  if (!admission.admitted) throw new Error(`refused at ${admission.used}`);
  return admission.grant;
};

describe("the storage ledger", () => {
  it("measures a tenant at its first write, admits what fits and refuses what would go over", async () => {
    const disk = { bytes: 4_000 };
    const { ledger: l, measured } = ledger(disk, 60_000);
    const grant = grantOf(await l.admit("t", 5_000));
    expect(measured).toEqual(["t"]);
    expect(await l.admit("t", 1_001)).toEqual({ admitted: false, used: 9_000, limit: LIMIT });
    expect((await l.admit("t", 1_000)).admitted).toBe(true);
    // another tenant's usage is its own
    expect((await l.admit("u", 9_000)).admitted).toBe(true);
    l.settle("t", grant, 0); // the write failed: its bytes come back
    expect(await l.used("t")).toBe(5_000);
  });

  it("credits deletes only when a write does not fit, at most once per rescanAfterMs", async () => {
    const disk = { bytes: 0 };
    const clock = { now: 0 };
    const { ledger: l, measured } = ledger(disk, 1_000, clock);
    l.settle("t", grantOf(await l.admit("t", 8_000)), 8_000);
    disk.bytes = 8_000;
    expect((await l.admit("t", 1_000)).admitted).toBe(true);
    expect(measured).toHaveLength(1);
    disk.bytes = 1_000; // the tenant deleted most of it
    expect((await l.admit("t", 5_000)).admitted, "measured too recently to credit the delete").toBe(false);
    expect(measured).toHaveLength(1);
    clock.now = 1_000;
    expect((await l.admit("t", 5_000)).admitted).toBe(true);
    expect(measured).toHaveLength(2);
    // the open grant of 1,000 still counts, beside the measured 1,000 and the new 5,000
    expect(await l.used("t")).toBe(7_000);
  });

  it("keeps a write settled while a measurement runs, and admissions racing it cannot both pass", async () => {
    const pending: ((bytes: number) => void)[] = [];
    const l = new StorageLedger(() => new Promise<number>((resolve) => pending.push(resolve)), { bytesPerTenant: LIMIT, rescanAfterMs: 0, grantTtlMs: 60_000 });
    const measuring = async (count: number) => {
      while (pending.length < count) await new Promise((resolve) => setImmediate(resolve));
    };
    const first = l.admit("t", 6_000);
    const second = l.admit("t", 6_000);
    await measuring(1);
    pending[0]!(0);
    // the loser does not fit beside the winner's open grant, and measures again before it says no
    await measuring(2);
    pending[1]!(0);
    const outcomes = await Promise.all([first, second]);
    expect(outcomes.filter((o) => o.admitted)).toHaveLength(1);
    const grant = grantOf(outcomes.find((o) => o.admitted)!);
    // A measurement runs (a write that does not fit asks for it) while the first write settles:
    // the disk it read may not show that write yet, and the count keeps it.
    const slow = l.admit("t", 5_000);
    await measuring(3);
    l.settle("t", grant, 6_000);
    pending[2]!(0);
    expect(await slow).toMatchObject({ admitted: false, used: 6_000 });
  });

  it("grants a writer's lease up to an eighth of what the tenant has left, and counts a lease never settled as stored", async () => {
    const disk = { bytes: 0 };
    const clock = { now: 0 };
    const { ledger: l, measured } = ledger(disk, 60_000, clock);
    expect(await l.admit("t", 1_000, 8_000)).toMatchObject({ admitted: true, bytes: 1_250 }); // an eighth of 10,000
    expect(await l.admit("t", 500, 100)).toMatchObject({ admitted: true, bytes: 500 });
    expect(await l.admit("t", 8_000)).toMatchObject({ admitted: true, bytes: 8_000 });
    expect((await l.admit("t", 251)).admitted).toBe(false);
    // The writers' instance was replaced: their leases lapse and count as stored, until measured.
    clock.now = 60_000;
    expect(await l.used("t")).toBe(9_750);
    clock.now = 120_000;
    expect((await l.admit("t", 500)).admitted, "measured again: the disk holds nothing").toBe(true);
    expect(measured).toHaveLength(2);
  });

  it("drops the open grants of removed stores and measures again at the next write that does not fit", async () => {
    const disk = { bytes: 6_000 };
    const { ledger: l, measured } = ledger(disk, 60_000);
    grantOf(await l.admit("t", 1_000, 1_000, "gone"));
    grantOf(await l.admit("t", 1_000, 1_000, "kept"));
    expect((await l.admit("t", 3_500)).admitted).toBe(false);
    disk.bytes = 1_000; // the removed store held 5,000 of the 6,000
    l.removed(new Set(["gone"]));
    expect(await l.used("t")).toBe(7_000); // measured 6,000 and the kept store's grant
    expect((await l.admit("t", 3_500)).admitted, "measured again at once, not after rescanAfterMs").toBe(true);
    expect(measured).toHaveLength(2);
    expect(await l.used("t")).toBe(5_500);
  });
});

describe("measuring a tenant's stores", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "takoform-storage-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("adds the blocks under the tenant's KV and bucket ids, its database files and its queue file's pages, and no one else's", async () => {
    const put = (store: string, id: string, name: string, bytes: number) => {
      mkdirSync(path.join(dir, "runtime", store, id, "blobs"), { recursive: true });
      writeFileSync(path.join(dir, "runtime", store, id, "blobs", name), Buffer.alloc(bytes));
    };
    put("kv", `${storagePrefix("t")}ns`, "a", 10_000);
    put("objects", `${storagePrefix("t")}b`, "b", 20_000);
    put("kv", `${storagePrefix("u")}ns`, "c", 500_000);
    put("kv", "miniflare-KVNamespaceObject", "d", 500_000);
    mkdirSync(path.join(dir, "runtime", "objects", "miniflare-R2BucketObject"), { recursive: true });
    // a database file of the tenant, where the migrations and edge.sql keep it
    const database = new DatabaseFiles(dir).pathOf("t", "db-uid");
    mkdirSync(path.dirname(database), { recursive: true });
    writeFileSync(database, Buffer.alloc(40_000));
    const queues = new QueueStore(dir);
    try {
      const before = await measureTenantStorage(dir, queues, "t");
      expect(before).toBeGreaterThanOrEqual(70_000);
      expect(before).toBeLessThan(80_000);
      await queues.send("t", "q", [{ body: { t: "text", v: "m".repeat(50_000) }, delaySeconds: 0 }], 60);
      expect((await measureTenantStorage(dir, queues, "t")) - before).toBeGreaterThanOrEqual(50_000);
      expect(await measureTenantStorage(dir, queues, "nobody")).toBe(0);
      // each store's index (keys, metadata, multipart uploads) with its WAL, not its shared memory; a store known to
      // the runtime that holds no value yet is measured through its index alone
      const withValues = await measureTenantStorage(dir, queues, "t");
      writeFileSync(storeIndexFile(dir, "kv", `${storagePrefix("t")}ns`), Buffer.alloc(30_000));
      writeFileSync(`${storeIndexFile(dir, "kv", `${storagePrefix("t")}ns`)}-wal`, Buffer.alloc(30_000));
      writeFileSync(`${storeIndexFile(dir, "kv", `${storagePrefix("t")}ns`)}-shm`, Buffer.alloc(30_000));
      writeFileSync(storeIndexFile(dir, "objects", `${storagePrefix("t")}empty`), Buffer.alloc(30_000));
      const known = [{ area: "objects" as const, id: `${storagePrefix("t")}empty` }];
      const indexes = (await measureTenantStorage(dir, queues, "t")) - withValues;
      expect(indexes).toBeGreaterThanOrEqual(60_000);
      expect(indexes).toBeLessThan(90_000);
      expect((await measureTenantStorage(dir, queues, "t", known)) - withValues - indexes).toBeGreaterThanOrEqual(30_000);
      expect(await measureTenantStorage(dir, queues, "nobody")).toBe(0);
    } finally {
      queues.close();
    }
  });
});
