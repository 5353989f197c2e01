// The sqlite store's kept rows (ADR 0285): a row read once is answered from memory until this
// process commits another version of it, so every read after a commit, a delete or a re-create
// sees the acknowledged version; a count taken while a batch is committed but not yet
// acknowledged counts it once; the cache is bounded, oldest first.

import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { resourceKey, tenantResourcesPrefix } from "../../../host/store/keys.js";
import { openStore } from "../../../host/store/open.js";
import { authenticatedScope } from "../../../host/store/scope.js";
import { ABSENT, rowCache } from "../../../host/store/sqlite-rows.js";
import { TenantLocks } from "../../../host/store/tenant-lock.js";

const tenant = authenticatedScope({ tenant: "tenant-a", principal: "alice" });
const key = (name: string) => resourceKey(tenant, { space: "s", apiVersion: "edge.forms.takoform.com/v1beta1", kind: "AtLeastOnceQueue", name });

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function openSqlite() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "takoform-rows-"));
  const store = await openStore(dir, "sqlite");
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanup.push(() => store.close());
  return { store, file: path.join(dir, "store.sqlite"), locks: new TenantLocks(() => store.settled()) };
}

describe("kept rows of the sqlite store", () => {
  it("answer every acknowledged version: after a read of an absent key, an update, a delete and a re-create", async () => {
    const { store } = await openSqlite();
    const k = key("q");
    expect(store.get(k)).toBeUndefined(); // kept as absent
    await store.transaction([{ op: "put", key: k, value: { n: 1 }, expectedVersion: null }]);
    expect(store.get(k)).toEqual({ key: k, value: { n: 1 }, version: 1 });
    expect(store.getText!(k)).toEqual({ text: '{"n":1}', version: 1 });
    await store.transaction([{ op: "put", key: k, value: { n: 2 }, expectedVersion: 1 }]);
    expect(store.get(k)?.value).toEqual({ n: 2 });
    await store.transaction([{ op: "delete", key: k, expectedVersion: 2 }]);
    expect(store.get(k)).toBeUndefined();
    await store.transaction([{ op: "put", key: k, value: { n: 3 }, expectedVersion: null }]);
    expect(store.get(k)).toEqual({ key: k, value: { n: 3 }, version: 1 });
    // A fence decided against a kept row still holds.
    await expect(store.transaction([{ op: "put", key: k, value: { n: 4 }, expectedVersion: null }])).rejects.toThrow(/version conflict/);
  });

  it("count a batch committed by the writer thread but not yet acknowledged once", async () => {
    const { store, file, locks } = await openSqlite();
    const k = key("counted");
    const other = new Database(file, { readonly: true });
    cleanup.push(() => void other.close());
    const seen = other.prepare("SELECT 1 FROM entries WHERE key = ?");
    let counted: number | undefined;
    await locks.run("tenant-a", async () => {
      expect(store.get(k)).toBeUndefined(); // kept as absent before the write
      await store.transaction([{ op: "put", key: k, value: { n: 1 }, expectedVersion: null }]);
      // The batch is with the writer thread. Hold this thread until it is on disk, so its
      // acknowledgement (a message to this thread) cannot have been handled yet.
      const until = Date.now() + 10_000;
      while (seen.get(k) === undefined && Date.now() < until);
      expect(seen.get(k)).toBeDefined();
      counted = store.count!(tenantResourcesPrefix(tenant));
    });
    expect(counted).toBe(1);
    expect(store.count!(tenantResourcesPrefix(tenant))).toBe(1);
  });
});

describe("the kept rows' bound", () => {
  it("keeps rows up to its budget in characters, dropping the oldest first", () => {
    const cache = rowCache(3 * (1 + 100 + 96));
    for (const name of ["a", "b", "c", "d"]) cache.set(name, { value: "x".repeat(100), version: 1 });
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("d")?.version).toBe(1);
    expect(cache.size).toBeLessThanOrEqual(cache.budget);
    cache.set("b", ABSENT); // replacing an entry frees its old size
    expect(cache.get("b")).toBe(ABSENT);
    expect(cache.get("c")).toBeDefined();
    cache.set("huge", { value: "y".repeat(1000), version: 1 }); // larger than the whole budget: not kept
    expect(cache.get("huge")).toBeUndefined();
    expect(cache.get("c")).toBeDefined();
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.get("c")).toBeUndefined();
  });
});
