// better-sqlite3 engine (the default; docs/decisions/0020-durable-store-engine.md).
//
// One key/value table in WAL mode with synchronous=FULL: a transaction() call is one SQLite
// transaction, committed (and fsynced) before it resolves, so an acknowledged mutation survives
// kill -9, and its cost depends on the keys it touches rather than on the size of the store.

import Database from "better-sqlite3";
import { prefixEnd, StoreConflictError, type Store, type StoreEntry, type StoreWrite } from "./store.js";
import type { ScopedKey } from "./keys.js";

interface Row {
  key: string;
  value: string;
  version: number;
}

export function openSqliteStore(file: string): Store {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.pragma("busy_timeout = 5000");
  db.exec(
    "CREATE TABLE IF NOT EXISTS entries (key TEXT PRIMARY KEY, value TEXT NOT NULL, version INTEGER NOT NULL) WITHOUT ROWID",
  );
  const selectOne = db.prepare<[string], Row>("SELECT key, value, version FROM entries WHERE key = ?");
  const selectRange = db.prepare<[string, string, number], Row>(
    "SELECT key, value, version FROM entries WHERE key >= ? AND key < ? ORDER BY key LIMIT ?",
  );
  const upsert = db.prepare<[string, string, number]>(
    "INSERT INTO entries (key, value, version) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, version = excluded.version",
  );
  const remove = db.prepare<[string]>("DELETE FROM entries WHERE key = ?");

  const toEntry = <T>(row: Row): StoreEntry<T> => ({
    key: row.key as ScopedKey,
    value: JSON.parse(row.value) as T,
    version: row.version,
  });

  const apply = db.transaction((writes: readonly StoreWrite[]) => {
    for (const write of writes) {
      const current = selectOne.get(write.key);
      if (write.expectedVersion === null && current !== undefined) throw new StoreConflictError(write.key);
      if (typeof write.expectedVersion === "number" && current?.version !== write.expectedVersion) {
        throw new StoreConflictError(write.key);
      }
      if (write.op === "put") {
        upsert.run(write.key, JSON.stringify(write.value), (current?.version ?? 0) + 1);
      } else if (current !== undefined) {
        remove.run(write.key);
      }
    }
  });

  let closed = false;
  return {
    engine: "sqlite",
    get<T>(key: ScopedKey) {
      const row = selectOne.get(key);
      return row === undefined ? undefined : toEntry<T>(row);
    },
    list<T>(prefix: ScopedKey, options: { limit?: number } = {}) {
      const rows = selectRange.all(prefix, prefixEnd(prefix), options.limit ?? -1);
      return rows.map((row) => toEntry<T>(row));
    },
    async transaction(writes: readonly StoreWrite[]) {
      if (writes.length === 0) return;
      apply.immediate(writes);
    },
    async close() {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}
