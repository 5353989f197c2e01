// edge.sql's runtime path goes through the tenant-SQL guard: on a real database file, hostile
// statements are refused by the engine (authorizer, engine-split statements, time limit) with the
// interface's sql_error, nothing they tried is kept, and a runaway query of one tenant is
// interrupted while another tenant's connection (its own worker thread) keeps answering.

import Database from "better-sqlite3";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { EdgeSqlError, openEdgeSql, type EdgeSql } from "../../host/runtime/edge-sql.js";
import { CREATE_LEDGER } from "../../host/sqlite-migrations/ledger.js";
import { tempDirs } from "../support/temp-dirs.js";

const tempDir = tempDirs();
const dir = tempDir("takoform-edge-guard-");
const store = path.join(dir, "host-store.sqlite");
const fileOf = (name: string) => {
  const file = path.join(dir, name);
  const db = new Database(file);
  db.exec(
    `CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT); ${CREATE_LEDGER}; INSERT INTO takoform_migration_ledger (ordinal, path, digest, applied_at) VALUES (1, '0001.sql', 'sha256:x', 'now')`,
  );
  db.close();
  return file;
};
const schemaOf = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return JSON.stringify([
      db.prepare("SELECT type, name, sql FROM sqlite_master ORDER BY name").all(),
      db.prepare("SELECT * FROM takoform_migration_ledger").all(),
      db.prepare("SELECT * FROM items").all(),
    ]);
  } finally {
    db.close();
  }
};
const codeOf = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => (error instanceof EdgeSqlError ? error.code : String(error)),
  );

let a: EdgeSql;
let b: EdgeSql;
let fileA: string;
beforeAll(() => {
  new Database(store).exec("CREATE TABLE secrets (v TEXT); INSERT INTO secrets VALUES ('host-only')");
  fileA = fileOf("a.sqlite");
  a = openEdgeSql(fileA, { limits: { timeoutMs: 300 } });
  b = openEdgeSql(fileOf("b.sqlite"));
});
afterAll(async () => Promise.all([a.close(), b.close()]));

it("refuses ATTACH, schema changes, the CREATE TRIGGER begin trick, transaction control and the ledger with sql_error, keeping nothing", async () => {
  expect(await a.execute({ sql: "INSERT INTO items (name) VALUES (?)", params: ["kept"] })).toEqual({ rows: [], rowsWritten: 1 });
  const before = schemaOf(fileA);
  const hostile = [
    `ATTACH '${store}' AS h`,
    `VACUUM INTO '${path.join(dir, "copy.sqlite")}'`,
    "CREATE TABLE t (x)",
    "CREATE INDEX i ON items (name)",
    "CREATE VIEW v AS SELECT 1",
    "CREATE TEMP TABLE t (x)",
    "DROP TABLE items",
    "ALTER TABLE items ADD COLUMN x",
    "CREATE TRIGGER begin AFTER INSERT ON items BEGIN DELETE FROM takoform_migration_ledger; END",
    "BEGIN",
    "COMMIT",
    "ROLLBACK",
    "SAVEPOINT s",
    "RELEASE s",
    "END",
    "INSERT INTO items (name) VALUES ('sneak'); DELETE FROM items",
    "SELECT 1; SELECT 2",
    "DELETE FROM takoform_migration_ledger",
    "SELECT * FROM takoform_migration_ledger",
    "PRAGMA writable_schema = 1",
    "SELEC 1",
  ];
  for (const sql of hostile) expect(await codeOf(a.execute({ sql })), sql).toBe("sql_error");
  expect(await codeOf(a.transaction([{ sql: "INSERT INTO items (name) VALUES ('tx')" }, { sql: "CREATE TABLE t (x)" }]))).toBe("sql_error");
  expect(schemaOf(fileA)).toBe(before);
});

it("query keeps nothing; numbers outside the corridor are numeric_out_of_range in either direction and roll back", async () => {
  const read = await a.query({ sql: "INSERT INTO items (name) VALUES ('ghost') RETURNING name" });
  expect(read).toEqual({ rows: [{ name: "ghost" }], rowsWritten: 0 });
  expect(await codeOf(a.execute({ sql: "SELECT ? AS n", params: [2 ** 60] }))).toBe("numeric_out_of_range");
  expect(await codeOf(a.execute({ sql: "INSERT INTO items (name) VALUES ('big') RETURNING 9007199254740993 AS n" }))).toBe("numeric_out_of_range");
  expect((await a.query({ sql: "SELECT name FROM items ORDER BY id" })).rows).toEqual([{ name: "kept" }]);
});

it("interrupts a 20M-row recursive CTE at the time limit while another tenant's database still answers", async () => {
  await b.query({ sql: "SELECT 1 AS x" }); // both workers started
  let done = false;
  const slow = codeOf(
    a.query({ sql: "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 20000000) SELECT count(*) AS n FROM c" }),
  ).finally(() => (done = true));
  expect((await b.query({ sql: "SELECT 41 + 1 AS answer" })).rows).toEqual([{ answer: 42 }]);
  expect(done).toBe(false);
  expect(await slow).toBe("sql_error");
  expect((await a.query({ sql: "SELECT count(*) AS n FROM items" })).rows).toEqual([{ n: 1 }]);
}, 30_000);
