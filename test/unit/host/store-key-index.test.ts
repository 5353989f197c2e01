// The sqlite store's key index (ADR 0288): read from the file in the background from the first read
// inside a mutation scope on, then moved by the store's own commits, so a read of a key the store never wrote and a list of a prefix with no key
// are answered without SQLite. Proven from both sides: what the file held when the store opened is
// found, every commit (create, delete, re-create, a batch of many) is seen at once, and a row
// written into the file behind the store's back after the index was read is not (nothing but the
// host's own writer writes its file, ADR 0284; a store that read SQLite would see it).

import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { pinKey, pinsPrefix, resourceKey, tenantOfKey, tenantResourcesPrefix } from "../../../host/store/keys.js";
import { openStore } from "../../../host/store/open.js";
import { inMutationScope } from "../../../host/store/mutation-scope.js";
import { authenticatedScope } from "../../../host/store/scope.js";

const tenant = authenticatedScope({ tenant: "tenant-a", principal: "alice" });
const address = (name: string) => ({ space: "s", apiVersion: "edge.forms.takoform.com/v1beta1", kind: "AtLeastOnceQueue", name });
const key = (name: string) => resourceKey(tenant, address(name));

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function openSqlite(dir = mkdtempSync(path.join(os.tmpdir(), "takoform-keys-"))) {
  const store = await openStore(dir, "sqlite");
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanup.push(() => store.close());
  return { store, dir, file: path.join(dir, "store.sqlite") };
}

/** A few turns of the event loop: the index's slices are read on setImmediate. */
async function turns(n = 3): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Writes a row straight into the file, as nothing but the host's writer may. */
function writeBehind(file: string, rowKey: string, value: unknown): void {
  const db = new Database(file);
  db.pragma("busy_timeout = 5000");
  db.prepare("INSERT INTO entries (key, value, version) VALUES (?, ?, 1)").run(rowKey, JSON.stringify(value));
  db.close();
}

describe("the sqlite store's key index", () => {
  it("finds what the file held when the store opened, lists it, and sees every later commit of its own", async () => {
    const first = await openSqlite();
    await first.store.transaction([
      { op: "put", key: key("a"), value: { n: 1 }, expectedVersion: null },
      { op: "put", key: pinKey(tenant, address("a"), "holder-1"), value: { holder: "h" }, expectedVersion: null },
    ]);
    await first.store.close();
    const { store } = await openSqlite(first.dir);
    expect(await inMutationScope(async () => store.get(key("a"))?.value)).toEqual({ n: 1 });
    await turns(); // the index is read in the background
    expect(store.list(pinsPrefix(tenant, address("a"))).map((entry) => entry.value)).toEqual([{ holder: "h" }]);
    expect(store.get(key("b"))).toBeUndefined();
    expect(store.list(pinsPrefix(tenant, address("b")))).toEqual([]);

    await store.transaction([{ op: "put", key: pinKey(tenant, address("b"), "holder-2"), value: { holder: "h2" }, expectedVersion: null }]);
    expect(store.list(pinsPrefix(tenant, address("b"))).map((entry) => entry.value)).toEqual([{ holder: "h2" }]);
    await store.transaction([{ op: "delete", key: pinKey(tenant, address("b"), "holder-2"), expectedVersion: 1 }]);
    expect(store.list(pinsPrefix(tenant, address("b")))).toEqual([]);
    await store.transaction([{ op: "put", key: pinKey(tenant, address("b"), "holder-2"), value: { holder: "again" }, expectedVersion: null }]);
    expect(store.list(pinsPrefix(tenant, address("b"))).map((entry) => entry.value)).toEqual([{ holder: "again" }]);

    // Many new keys in one batch: more than the index holds unmerged, listed in key order.
    const many = Array.from({ length: 600 }, (_, i) => ({
      op: "put" as const,
      key: pinKey(tenant, address("c"), `h-${String(i).padStart(4, "0")}`),
      value: { i },
      expectedVersion: null,
    }));
    await store.transaction(many);
    const listed = store.list<{ i: number }>(pinsPrefix(tenant, address("c")));
    expect(listed.map((entry) => entry.value.i)).toEqual(many.map((_, i) => i));
    expect(store.get(many[599]!.key)?.value).toEqual({ i: 599 });
  });

  it("answers from the index once read, in a mutation scope and out of it: a row written behind the store's back is not seen, one written before is", async () => {
    const { store, file } = await openSqlite();
    writeBehind(file, key("before"), { n: 0 });
    writeBehind(file, key("unread"), { n: 2 });
    expect(store.get(key("unread"))?.value).toEqual({ n: 2 }); // outside a scope: no index yet, SQLite
    expect(await inMutationScope(async () => store.get(key("before"))?.value)).toEqual({ n: 0 }); // starts reading the index
    await turns();
    writeBehind(file, key("behind"), { n: 1 });
    writeBehind(file, pinKey(tenant, address("behind"), "h"), { holder: "h" });
    expect(await inMutationScope(async () => store.get(key("behind")))).toBeUndefined();
    expect(store.get(key("behind"))).toBeUndefined();
    expect(store.list(pinsPrefix(tenant, address("behind")))).toEqual([]);
  });
});

describe("tenantOfKey", () => {
  it("reads the tenant back from every key and prefix built for it, encoded or not", () => {
    for (const name of ["tenant-a", "a/b", "t%41", "é ü", ""]) {
      const scope = authenticatedScope({ tenant: name, principal: "p" });
      expect(tenantOfKey(resourceKey(scope, address("x")))).toBe(name);
      expect(tenantOfKey(pinKey(scope, address("x"), "h"))).toBe(name);
      expect(tenantOfKey(tenantResourcesPrefix(scope))).toBe(name);
    }
    expect(tenantOfKey("no-slash" as never)).toBe("");
  });
});
