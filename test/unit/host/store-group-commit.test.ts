// Group commit in the SQLite engine (ADR 0142): writes staged under a tenant lock are seen by
// later mutations at once and by plain reads only once durable; the lock answers only after
// durability; racing mutations still cannot both pass one fence; a failed batch fails every
// mutation decided on top of it and leaves nothing behind.

import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { resourceKey } from "../../../host/store/keys.js";
import { inMutationScope, insideMutationScope } from "../../../host/store/mutation-scope.js";
import { openStore } from "../../../host/store/open.js";
import { authenticatedScope } from "../../../host/store/scope.js";
import { StoreConflictError, type Store } from "../../../host/store/store.js";
import { TenantLocks } from "../../../host/store/tenant-lock.js";

const tenant = authenticatedScope({ tenant: "tenant-a", principal: "alice" });
const key = (name: string) => resourceKey(tenant, { space: "s", apiVersion: "edge.forms.takoform.com/v1beta1", kind: "AtLeastOnceQueue", name });

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function openSqlite(): Promise<{ store: Store; dir: string; locks: TenantLocks }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "takoform-group-commit-"));
  const store = await openStore(dir, "sqlite");
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanup.push(() => store.close());
  return { store, dir, locks: new TenantLocks(() => store.settled()) };
}

describe("SQLite group commit", () => {
  it("shows staged writes to the mutation scope, and to plain reads only once durable", async () => {
    const { store, dir, locks } = await openSqlite();
    let seenInside: unknown;
    let seenOutside: unknown;
    const answered = locks.run("tenant-a", async () => {
      expect(insideMutationScope()).toBe(true);
      await store.transaction([{ op: "put", key: key("q"), value: { n: 1 }, expectedVersion: null }]);
      seenInside = store.get(key("q"))?.value;
      seenOutside = await new Promise((resolve) => setImmediate(() => resolve("pending")));
      return "done";
    });
    // A plain read right after the decision does not see the write until it is durable.
    const plain = store.get(key("q"));
    expect(await answered).toBe("done");
    expect(seenInside).toEqual({ n: 1 });
    expect(seenOutside).toBe("pending");
    expect(plain).toBeUndefined();
    expect(store.get(key("q"))).toEqual({ key: key("q"), value: { n: 1 }, version: 1 });
    // Acknowledged means on disk: another connection reads it.
    const other = new Database(path.join(dir, "store.sqlite"), { readonly: true });
    expect(other.prepare("SELECT version FROM entries WHERE key = ?").get(key("q"))).toEqual({ version: 1 });
    other.close();
  });

  it("decides racing mutations serially: only one passes a fence, and no increment is lost", async () => {
    const { store, locks } = await openSqlite();
    const claims = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        locks.run("tenant-a", async () => {
          await store.transaction([{ op: "put", key: key("claimed"), value: { by: i }, expectedVersion: null }]);
        }),
      ),
    );
    expect(claims.filter((c) => c.status === "fulfilled")).toHaveLength(1);
    expect(claims.filter((c) => c.status === "rejected").every((c) => (c as PromiseRejectedResult).reason instanceof StoreConflictError)).toBe(true);

    await Promise.all(
      Array.from({ length: 40 }, () =>
        locks.run("tenant-a", async () => {
          const current = store.get<{ n: number }>(key("counter"));
          await store.transaction([{ op: "put", key: key("counter"), value: { n: (current?.value.n ?? 0) + 1 }, expectedVersion: current?.version ?? null }]);
        }),
      ),
    );
    expect(store.get(key("counter"))).toMatchObject({ value: { n: 40 }, version: 40 });
  });

  it("lists staged puts and deletes merged with durable rows inside the scope", async () => {
    const { store, locks } = await openSqlite();
    await store.transaction(["a", "b", "c"].map((n) => ({ op: "put" as const, key: key(n), value: n })));
    const prefix = key("").slice(0, -1) as ReturnType<typeof key>;
    let listed: string[] = [];
    await locks.run("tenant-a", async () => {
      await store.transaction([
        { op: "delete", key: key("b") },
        { op: "put", key: key("d"), value: "d" },
      ]);
      listed = store.list<string>(prefix).map((e) => e.value);
      expect(store.list<string>(prefix, { limit: 2 }).map((e) => e.value)).toEqual(["a", "c"]);
      expect(store.list<string>(prefix).map((e) => e.value).length).toBe(3);
    });
    expect(listed).toEqual(["a", "c", "d"]);
    expect(store.list<string>(prefix).map((e) => e.value)).toEqual(["a", "c", "d"]);
  });

  it("fails a batch that cannot commit, and every mutation decided on top of it, leaving nothing", async () => {
    const { store, dir, locks } = await openSqlite();
    await store.transaction([{ op: "put", key: key("warm"), value: 0 }]);
    const saboteur = new Database(path.join(dir, "store.sqlite"));
    saboteur.exec(`CREATE TRIGGER refuse BEFORE INSERT ON entries WHEN NEW.key = '${key("bad")}' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`);
    saboteur.close();
    const bad = locks.run("tenant-a", () => store.transaction([{ op: "put", key: key("bad"), value: 1 }]));
    const after = locks.run("tenant-a", async () => {
      expect(store.get(key("bad"))).toBeDefined(); // decided on top of the staged write
      await store.transaction([{ op: "put", key: key("after"), value: 2 }]);
    });
    await expect(bad).rejects.toThrow(/refused by the test/);
    await expect(after).rejects.toThrow(/refused by the test/);
    expect(store.get(key("bad"))).toBeUndefined();
    expect(store.get(key("after"))).toBeUndefined();
    await locks.run("tenant-a", () => store.transaction([{ op: "put", key: key("later"), value: 3 }]));
    expect(store.get(key("later"))?.value).toBe(3);
  });

  it("close waits for staged writes, which a reopened store then holds", async () => {
    const { store, dir } = await openSqlite();
    // Each call stages synchronously and resolves at once (inside the scope, without the lock's wait).
    const writes = Array.from({ length: 25 }, (_, i) => inMutationScope(() => store.transaction([{ op: "put", key: key(`k${i}`), value: i }])));
    await Promise.all(writes);
    expect(store.get(key("k0"))).toBeUndefined(); // staged, not yet durable: invisible to a plain read
    await store.close();
    const reopened = await openStore(dir, "sqlite");
    try {
      expect(reopened.list(key("k").slice(0, -1) as ReturnType<typeof key>)).toHaveLength(25);
    } finally {
      await reopened.close();
    }
  });
});
