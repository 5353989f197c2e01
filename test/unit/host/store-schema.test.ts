// The SQLite store's layout (ADR 0143): a fresh store is a rowid table at schema 2; a data dir
// written with the earlier WITHOUT ROWID table is migrated in place with every row and version
// kept, and shrinks; a store of a newer schema is refused with a message saying so.

import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../../../host/store/open.js";
import type { ScopedKey } from "../../../host/store/keys.js";
import { STORE_SCHEMA_VERSION } from "../../../host/store/sqlite-schema.js";

const cleanup: string[] = [];
afterEach(() => cleanup.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function dataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "takoform-store-schema-"));
  cleanup.push(dir);
  return dir;
}
const tableSql = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return {
      sql: (db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'entries'").get() as { sql: string }).sql,
      version: db.pragma("user_version", { simple: true }),
    };
  } finally {
    db.close();
  }
};
const ROWS = 3000;

describe("SQLite store schema", () => {
  it("creates a rowid table at the current schema version", async () => {
    const dir = dataDir();
    const store = await openStore(dir, "sqlite");
    await store.close();
    const { sql, version } = tableSql(path.join(dir, "store.sqlite"));
    expect(sql).not.toMatch(/WITHOUT ROWID/i);
    expect(version).toBe(STORE_SCHEMA_VERSION);
  });

  it("migrates a WITHOUT ROWID store in place, keeping every row and version, into a smaller file", async () => {
    const dir = dataDir();
    const file = path.join(dir, "store.sqlite");
    const legacy = new Database(file);
    legacy.pragma("journal_mode = WAL");
    legacy.exec("CREATE TABLE IF NOT EXISTS entries (key TEXT PRIMARY KEY, value TEXT NOT NULL, version INTEGER NOT NULL) WITHOUT ROWID");
    const put = legacy.prepare("INSERT INTO entries VALUES (?, ?, ?)");
    legacy.transaction(() => {
      for (let i = 0; i < ROWS; i++) put.run(`t/r/${String(i).padStart(5, "0")}`, JSON.stringify({ i, pad: "x".repeat(900 + (i % 200)) }), 1 + (i % 7));
    })();
    legacy.pragma("wal_checkpoint(TRUNCATE)");
    legacy.close();
    const before = statSync(file).size;

    const store = await openStore(dir, "sqlite");
    expect(store.get("t/r/00042" as ScopedKey)).toEqual({ key: "t/r/00042", value: { i: 42, pad: "x".repeat(942) }, version: 1 + (42 % 7) });
    expect(store.list("t/r/" as ScopedKey)).toHaveLength(ROWS);
    await store.transaction([{ op: "put", key: "t/r/00042" as ScopedKey, value: 1, expectedVersion: 1 + (42 % 7) }]);
    await store.close();

    const { sql, version } = tableSql(file);
    expect(sql).not.toMatch(/WITHOUT ROWID/i);
    expect(version).toBe(STORE_SCHEMA_VERSION);
    const db = new Database(file);
    db.pragma("wal_checkpoint(TRUNCATE)");
    db.close();
    expect(statSync(file).size).toBeLessThan(before * 0.75);
    // Opening again migrates nothing and keeps the data.
    const again = await openStore(dir, "sqlite");
    expect(again.get("t/r/00042" as ScopedKey)?.value).toBe(1);
    expect(again.list("t/r/" as ScopedKey)).toHaveLength(ROWS);
    await again.close();
  });

  it("refuses a store written with a newer schema, naming both versions", async () => {
    const dir = dataDir();
    const db = new Database(path.join(dir, "store.sqlite"));
    db.exec("CREATE TABLE entries (key TEXT PRIMARY KEY, value TEXT NOT NULL, version INTEGER NOT NULL)");
    db.pragma(`user_version = ${STORE_SCHEMA_VERSION + 1}`);
    db.close();
    await expect(openStore(dir, "sqlite")).rejects.toThrow(
      new RegExp(`store schema ${STORE_SCHEMA_VERSION + 1}.*newer takoform.*schema ${STORE_SCHEMA_VERSION}`),
    );
  });
});
