// lowdb engine (--store lowdb), for small setups (docs/decisions/0020-durable-store-engine.md).
//
// The whole store is one JSON file written through lowdb's JSONFile adapter, which writes a
// temporary file and renames it over the old one: the file on disk is always either the previous
// or the next complete document, never a torn one, and a rename that returned survives kill -9.
// Every transaction rewrites the whole file, so its cost grows with the store.

import { Low } from "lowdb";
import { JSONFile } from "lowdb/node";
import { prefixEnd, StoreConflictError, type Store, type StoreEntry, type StoreWrite } from "./store.js";
import type { ScopedKey } from "./keys.js";

interface Document {
  format: "takoform-host-store@1";
  entries: Record<string, { value: unknown; version: number }>;
}

export async function openLowdbStore(file: string): Promise<Store> {
  const db = new Low<Document>(new JSONFile<Document>(file), { format: "takoform-host-store@1", entries: {} });
  await db.read();
  if (db.data.format !== "takoform-host-store@1" || typeof db.data.entries !== "object") {
    throw new Error(`store: ${file} is not a takoform host store`);
  }
  const entries = db.data.entries;
  // Transactions are applied in memory synchronously (so they are atomic with respect to each
  // other) and then written; a later transaction waits for the earlier write to land.
  let pending: Promise<void> = Promise.resolve();

  const clone = <T>(value: T): T => structuredClone(value);

  return {
    engine: "lowdb",
    async get<T>(key: ScopedKey) {
      const entry = entries[key];
      return entry === undefined ? undefined : { key, value: clone(entry.value) as T, version: entry.version };
    },
    async list<T>(prefix: ScopedKey, options: { limit?: number } = {}) {
      const end = prefixEnd(prefix);
      const keys = Object.keys(entries)
        .filter((key) => key >= prefix && key < end)
        .sort();
      const limited = options.limit === undefined ? keys : keys.slice(0, options.limit);
      return limited.map((key): StoreEntry<T> => {
        const entry = entries[key]!;
        return { key: key as ScopedKey, value: clone(entry.value) as T, version: entry.version };
      });
    },
    async transaction(writes: readonly StoreWrite[]) {
      if (writes.length === 0) return;
      for (const write of writes) {
        const current = entries[write.key];
        if (write.expectedVersion === null && current !== undefined) throw new StoreConflictError(write.key);
        if (typeof write.expectedVersion === "number" && current?.version !== write.expectedVersion) {
          throw new StoreConflictError(write.key);
        }
      }
      for (const write of writes) {
        if (write.op === "put") {
          entries[write.key] = { value: clone(write.value), version: (entries[write.key]?.version ?? 0) + 1 };
        } else {
          delete entries[write.key];
        }
      }
      const written = pending.then(() => db.write());
      pending = written.catch(() => undefined);
      await written;
    },
    async close() {
      await pending;
    },
  };
}
