// One suite, every engine: the Store contract each must meet (postgres on a real server,
// test/postgres/database.ts; skipped with one line when none can be had).

import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { claimKey, replayKey, resourceKey, tenantResourcesPrefix, uidKey } from "../../../host/store/keys.js";
import { openStore } from "../../../host/store/open.js";
import { authenticatedScope } from "../../../host/store/scope.js";
import { StoreConflictError, type Store, type StoreEngine } from "../../../host/store/store.js";
import { freshDatabase, postgresServer } from "../../postgres/database.js";

const postgres = await postgresServer();
/** postgres: the database standing in for each data directory. */
const databases = new Map<string, string>();

async function openEngine(dir: string, engine: StoreEngine): Promise<Store> {
  if (engine !== "postgres") return openStore(dir, engine);
  let url = databases.get(dir);
  if (url === undefined) databases.set(dir, (url = await freshDatabase(postgres!)));
  return openStore(dir, engine, { databaseUrl: url });
}

const a = authenticatedScope({ tenant: "tenant-a", principal: "alice" });
const b = authenticatedScope({ tenant: "tenant-b", principal: "alice" });
const address = (name: string, space = "s") => ({ space, apiVersion: "edge.forms.takoform.com/v1beta1", kind: "ModuleWorker", name });

const cleanup: string[] = [];
afterEach(() => cleanup.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function dataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "takoform-store-"));
  cleanup.push(dir);
  return dir;
}

for (const engine of ["sqlite", "lowdb", "postgres"] as StoreEngine[]) {
  describe.skipIf(engine === "postgres" && postgres === undefined)(`Store contract (${engine})`, () => {
    async function open(dir = dataDir()): Promise<{ store: Store; dir: string }> {
      return { store: await openEngine(dir, engine), dir };
    }

    it("versions every key and enforces expected versions", async () => {
      const { store } = await open();
      const key = resourceKey(a, address("one"));
      expect(store.get(key)).toBeUndefined();
      await store.transaction([{ op: "put", key, value: { n: 1 }, expectedVersion: null }]);
      expect(store.get(key)).toEqual({ key, value: { n: 1 }, version: 1 });
      await expect(store.transaction([{ op: "put", key, value: { n: 2 }, expectedVersion: null }])).rejects.toBeInstanceOf(StoreConflictError);
      await expect(store.transaction([{ op: "put", key, value: { n: 2 }, expectedVersion: 7 }])).rejects.toBeInstanceOf(StoreConflictError);
      await store.transaction([{ op: "put", key, value: { n: 2 }, expectedVersion: 1 }]);
      expect(store.get(key)?.version).toBe(2);
      await store.transaction([{ op: "delete", key, expectedVersion: 2 }]);
      expect(store.get(key)).toBeUndefined();
      await store.close();
    });

    it("applies a transaction entirely or not at all", async () => {
      const { store } = await open();
      const first = resourceKey(a, address("first"));
      const taken = resourceKey(a, address("taken"));
      await store.transaction([{ op: "put", key: taken, value: 1 }]);
      await expect(
        store.transaction([
          { op: "put", key: first, value: "x", expectedVersion: null },
          { op: "put", key: taken, value: 2, expectedVersion: null },
        ]),
      ).rejects.toBeInstanceOf(StoreConflictError);
      expect(store.get(first)).toBeUndefined();
      expect(store.get(taken)?.value).toBe(1);
      await store.close();
    });

    it("returns copies, never live references", async () => {
      const { store } = await open();
      const key = resourceKey(a, address("copy"));
      const value = { list: [1] };
      await store.transaction([{ op: "put", key, value }]);
      value.list.push(2);
      const read = store.get<{ list: number[] }>(key)!;
      read.value.list.push(3);
      expect(store.get(key)?.value).toEqual({ list: [1] });
      await store.close();
    });

    it("answers the stored text get parses, with its version, until the key changes or goes (lowdb: no text)", async () => {
      const { store } = await open();
      if (engine === "lowdb") {
        // lowdb keeps parsed values and has no stored text: the read verb reads it through get.
        expect(store.getText).toBeUndefined();
        return store.close();
      }
      const key = resourceKey(a, address("text"));
      expect(store.getText!(key)).toBeUndefined();
      await store.transaction([{ op: "put", key, value: { n: 1, s: "\u00e9" } }]);
      const first = store.getText!(key)!;
      expect({ value: JSON.parse(first.text), version: first.version }).toEqual({ value: store.get(key)!.value, version: 1 });
      await store.transaction([{ op: "put", key, value: { n: 2 }, expectedVersion: 1 }]);
      expect(store.getText!(key)).toEqual({ text: JSON.stringify({ n: 2 }), version: 2 });
      await store.transaction([{ op: "delete", key }]);
      expect(store.getText!(key)).toBeUndefined();
      await store.close();
    });

    it("lists by prefix in key order, within one tenant only", async () => {
      const { store } = await open();
      await store.transaction([
        { op: "put", key: resourceKey(a, address("b")), value: "a/b" },
        { op: "put", key: resourceKey(a, address("a")), value: "a/a" },
        { op: "put", key: resourceKey(b, address("a")), value: "b/a" },
        { op: "put", key: uidKey(a, "u1"), value: "uid" },
        { op: "put", key: claimKey(a, "native"), value: "claim" },
        { op: "put", key: replayKey(a, "s", "k"), value: "replay" },
      ]);
      expect(store.list(tenantResourcesPrefix(a)).map((entry) => entry.value)).toEqual(["a/a", "a/b"]);
      expect(store.list(tenantResourcesPrefix(b)).map((entry) => entry.value)).toEqual(["b/a"]);
      expect(store.list(tenantResourcesPrefix(a), { limit: 1 })).toHaveLength(1);
      await store.close();
    });

    it("keys are injective: separators inside components cannot collide", async () => {
      const one = resourceKey(authenticatedScope({ tenant: "t/x", principal: "p" }), address("n", "s"));
      const two = resourceKey(authenticatedScope({ tenant: "t", principal: "p" }), address("n", "x/s"));
      expect(one).not.toBe(two);
      expect(replayKey(a, "s", "k/1")).not.toBe(replayKey(a, "s/k", "1"));
    });

    it("persists committed state across close and reopen", async () => {
      const { store, dir } = await open();
      const key = resourceKey(a, address("durable"));
      await store.transaction([{ op: "put", key, value: { durable: true } }]);
      await store.close();
      const reopened = await openEngine(dir, engine);
      expect(reopened.get(key)).toEqual({ key, value: { durable: true }, version: 1 });
      await reopened.close();
    });

    it("serializes concurrent transactions without losing any", async () => {
      const { store } = await open();
      await Promise.all(Array.from({ length: 50 }, (_, i) => store.transaction([{ op: "put", key: resourceKey(i % 2 ? a : b, address(`k${i}`)), value: i }])));
      expect(store.list(tenantResourcesPrefix(a)).length + store.list(tenantResourcesPrefix(b)).length).toBe(50);
      await store.close();
    });
  });
}
