// store.count (the resource quota's count): what list(prefix).length would say, from the sqlite
// key index alone or the postgres engine's key mirror (no value parsed), staged writes included
// inside a mutation scope; the lowdb engine counts through list (countEntries). postgres runs on a
// real server (test/postgres/database.ts) and is skipped with one line when none can be had.

import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ScopedKey } from "../../../host/store/keys.js";
import { inMutationScope } from "../../../host/store/mutation-scope.js";
import { openLowdbStore } from "../../../host/store/lowdb.js";
import { openSqliteStore } from "../../../host/store/sqlite.js";
import { openStore } from "../../../host/store/open.js";
import { countEntries, type Store } from "../../../host/store/store.js";
import { freshDatabase, postgresServer } from "../../postgres/database.js";

const postgres = await postgresServer();

const k = (s: string) => s as ScopedKey;
const stores: Store[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function fresh(engine: "sqlite" | "lowdb" | "postgres"): Promise<Store> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "takoform-count-"));
  dirs.push(dir);
  const store =
    engine === "sqlite"
      ? openSqliteStore(path.join(dir, "store.sqlite"))
      : engine === "lowdb"
        ? await openLowdbStore(path.join(dir, "store.json"))
        : await openStore(dir, "postgres", { databaseUrl: await freshDatabase(postgres!) });
  stores.push(store);
  return store;
}

const engines = (["sqlite", "lowdb", "postgres"] as const).filter((engine) => engine !== "postgres" || postgres !== undefined);
describe.each(engines)("counting entries under a prefix (%s)", (engine) => {
  it("is the engine's own count where the engine keeps a key index (sqlite, postgres)", async () => {
    const store = await fresh(engine);
    expect(store.count !== undefined).toBe(engine !== "lowdb");
  });

  it("equals list(prefix).length, with and without a limit", async () => {
    const store = await fresh(engine);
    await store.transaction([
      ...["a", "b", "c", "d", "e"].map((n) => ({ op: "put" as const, key: k(`resource/t1/${n}`), value: { n } })),
      { op: "put", key: k("resource/t2/x"), value: 1 },
      { op: "put", key: k("resource/t1"), value: 1 },
    ]);
    expect(countEntries(store, k("resource/t1/"))).toBe(5);
    expect(countEntries(store, k("resource/t1/"), { limit: 3 })).toBe(3);
    expect(countEntries(store, k("resource/t1/"), { limit: 9 })).toBe(5);
    expect(countEntries(store, k("resource/t3/"))).toBe(0);
  });

  it("inside a mutation scope counts staged puts and deletes; outside, durable entries only", async () => {
    const store = await fresh(engine);
    await store.transaction(["a", "b", "c"].map((n) => ({ op: "put" as const, key: k(`resource/t1/${n}`), value: { n } })));
    const inside = await inMutationScope(async () => {
      await store.transaction([
        { op: "put", key: k("resource/t1/d"), value: 1 },
        { op: "put", key: k("resource/t1/a"), value: 2, expectedVersion: 1 },
        { op: "delete", key: k("resource/t1/b") },
      ]);
      return {
        count: countEntries(store, k("resource/t1/")),
        limited: countEntries(store, k("resource/t1/"), { limit: 2 }),
        listed: store.list(k("resource/t1/")).length,
      };
    });
    expect(inside).toEqual({ count: 3, limited: 2, listed: 3 });
    await store.settled();
    expect(countEntries(store, k("resource/t1/"))).toBe(store.list(k("resource/t1/")).length);
    expect(countEntries(store, k("resource/t1/"))).toBe(3);
  });
  it("a count kept from one mutation to the next follows every put, delete, re-create and refused write", async () => {
    const store = await fresh(engine);
    const prefix = k("resource/t1/");
    const counted = () => inMutationScope(async () => ({ count: countEntries(store, prefix), listed: store.list(prefix).length }));
    expect(await counted()).toEqual({ count: 0, listed: 0 });
    const steps: Array<Parameters<Store["transaction"]>[0]> = [
      [{ op: "put", key: k("resource/t1/a"), value: 1 }],
      [
        { op: "put", key: k("resource/t1/b"), value: 1 },
        { op: "put", key: k("resource/t1/c"), value: 1 },
        { op: "put", key: k("resource/t2/a"), value: 1 },
      ],
      [{ op: "put", key: k("resource/t1/a"), value: 2 }], // an update: no move
      [{ op: "delete", key: k("resource/t1/b") }],
      [{ op: "delete", key: k("resource/t1/b") }], // already gone: no move
      [
        { op: "put", key: k("resource/t1/b"), value: 3 }, // re-created, then deleted again in one transaction
        { op: "delete", key: k("resource/t1/b") },
        { op: "put", key: k("resource/t1/d"), value: 1 },
      ],
    ];
    for (const writes of steps) {
      await inMutationScope(async () => {
        countEntries(store, prefix); // counted inside the same mutation too
        await store.transaction(writes);
      });
      await store.settled();
      const { count, listed } = await counted();
      expect(count).toBe(listed);
    }
    // a refused write (a create of a live key) moves nothing
    await expect(
      inMutationScope(() =>
        store.transaction([
          { op: "put", key: k("resource/t1/e"), value: 1 },
          { op: "put", key: k("resource/t1/a"), value: 1, expectedVersion: null },
        ]),
      ),
    ).rejects.toThrow();
    expect(await counted()).toEqual({ count: 3, listed: 3 });
  });
});
