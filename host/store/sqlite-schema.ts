// The store file's layout, versioned with PRAGMA user_version (docs/decisions/0143-store-rowid-table.md).
//
//   0  (no version) entries as a WITHOUT ROWID table: values of about 1 KB spill into overflow
//      pages, about twice the file size needed. Migrated in place on open.
//   2  entries as a rowid table with its key index.
//
// The migration copies every row in one transaction (a crash leaves the old layout whole), then
// VACUUMs once to give the freed pages back to the file system.

import type { Database } from "better-sqlite3";

export const STORE_SCHEMA_VERSION = 2;

const CREATE = (table: string) => `CREATE TABLE ${table} (key TEXT PRIMARY KEY, value TEXT NOT NULL, version INTEGER NOT NULL)`;

/** Brings `db` to STORE_SCHEMA_VERSION; returns whether an older layout was migrated. */
export function prepareStoreSchema(db: Database, file: string): { migrated: boolean } {
  const version = db.pragma("user_version", { simple: true }) as number;
  if (version > STORE_SCHEMA_VERSION) {
    throw new Error(`store: ${file} has store schema ${version}, written by a newer takoform; this host reads schema ${STORE_SCHEMA_VERSION} and older`);
  }
  const table = db.prepare<[], { sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'entries'").get();
  if (table === undefined) {
    db.transaction(() => {
      db.exec(CREATE("entries"));
      db.pragma(`user_version = ${STORE_SCHEMA_VERSION}`);
    }).immediate();
    return { migrated: false };
  }
  if (version === STORE_SCHEMA_VERSION) return { migrated: false };
  const legacy = /WITHOUT\s+ROWID/i.test(table.sql);
  db.transaction(() => {
    if (legacy) {
      db.exec(CREATE("entries_next"));
      db.exec("INSERT INTO entries_next (key, value, version) SELECT key, value, version FROM entries ORDER BY key");
      db.exec("DROP TABLE entries");
      db.exec("ALTER TABLE entries_next RENAME TO entries");
    }
    db.pragma(`user_version = ${STORE_SCHEMA_VERSION}`);
  }).immediate();
  if (legacy) db.exec("VACUUM");
  return { migrated: legacy };
}
