// lowdb engine (--store lowdb), for small setups (docs/decisions/0020-durable-store-engine.md).
//
// The whole store is one JSON file written through lowdb's JSONFile adapter, which writes a
// temporary file and renames it over the old one: the file on disk is always either the previous
// or the next complete document, never a torn one, and a rename that returned survives kill -9.
// Transactions are applied one at a time: each builds the next document, writes it, and only then
// becomes visible to readers, so nothing is ever read that is not yet on disk. Every transaction
// rewrites the whole file, so its cost grows with the store.

import { Low } from "lowdb";
import { JSONFile } from "lowdb/node";
import { prefixEnd, StoreConflictError, type Store, type StoreEntry, type StoreWrite } from "./store.js";
import type { ScopedKey } from "./keys.js";

type Entries = Record<string, { value: unknown; version: number }>;

interface Document {
  format: "takoform-host-store@1";
  entries: Entries;
}

const FORMAT = "takoform-host-store@1";

export async function openLowdbStore(file: string): Promise<Store> {
  const db = new Low<Document>(new JSONFile<Document>(file), { format: FORMAT, entries: {} });
  await db.read();
  if (db.data.format !== FORMAT || typeof db.data.entries !== "object" || db.data.entries === null) {
    throw new Error(`store: ${file} is not a takoform host store`);
  }
  let committed: Entries = db.data.entries;
  let queue: Promise<void> = Promise.resolve();

  const read = <T>(key: string): StoreEntry<T> | undefined => {
    const entry = committed[key];
    return entry === undefined ? undefined : { key: key as ScopedKey, value: structuredClone(entry.value) as T, version: entry.version };
  };

  const commit = async (writes: readonly StoreWrite[]): Promise<void> => {
    for (const write of writes) {
      const current = committed[write.key];
      if (write.expectedVersion === null && current !== undefined) throw new StoreConflictError(write.key);
      if (typeof write.expectedVersion === "number" && current?.version !== write.expectedVersion) {
        throw new StoreConflictError(write.key);
      }
    }
    const next: Entries = { ...committed };
    for (const write of writes) {
      if (write.op === "put") {
        next[write.key] = { value: structuredClone(write.value), version: (next[write.key]?.version ?? 0) + 1 };
      } else {
        delete next[write.key];
      }
    }
    db.data = { format: FORMAT, entries: next };
    await db.write();
    committed = next;
  };

  return {
    engine: "lowdb",
    get: <T>(key: ScopedKey) => read<T>(key),
    list<T>(prefix: ScopedKey, options: { limit?: number } = {}) {
      const end = prefixEnd(prefix);
      const keys = Object.keys(committed)
        .filter((key) => key >= prefix && key < end)
        .sort();
      return (options.limit === undefined ? keys : keys.slice(0, options.limit)).map((key) => read<T>(key)!);
    },
    transaction(writes: readonly StoreWrite[]) {
      if (writes.length === 0) return Promise.resolve();
      const done = queue.then(() => commit(writes));
      queue = done.catch(() => undefined);
      return done;
    },
    settled() {
      return queue;
    },
    async close() {
      await queue;
    },
  };
}
