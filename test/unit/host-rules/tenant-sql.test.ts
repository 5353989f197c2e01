// host/tenant-sql on its own: the engine splits statements, binds parameters to one statement,
// bounds results, memory and database size, and leaves the file a whole committed state.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTenantDatabase, tenantSqlDenial, type TenantDatabase } from "../../../host/tenant-sql/index.js";

let dir: string;
let file: string;
let db: TenantDatabase;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "takoform-tenant-sql-"));
  file = path.join(dir, "t.sqlite");
  db = openTenantDatabase(file, {
    protectedTables: ["host_table"],
    limits: { timeoutMs: 2_000, resultRows: 100, resultBytes: 64 * 1024, memoryBytes: 64 * 1024 * 1024, databaseBytes: 1024 * 1024 },
  });
});
afterAll(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("openTenantDatabase", () => {
  it("runs a script statement by statement as one transaction and writes the file 0600", async () => {
    expect(await db.execFile("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);\nINSERT INTO t (v) VALUES ('a;b'), ('c');")).toEqual({
      ok: true,
      statements: 2,
      skipped: false,
    });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const direct = new Database(file, { readonly: true });
    expect(direct.prepare("SELECT v FROM t ORDER BY id").all()).toEqual([{ v: "a;b" }, { v: "c" }]);
    direct.close();
  });

  it("binds parameters to one statement and answers rows", async () => {
    expect(await db.run("SELECT id, v FROM t WHERE v = ?", ["c"])).toEqual({ ok: true, columns: ["id", "v"], rows: [[2, "c"]], changes: 0 });
    expect(await db.run("INSERT INTO t (v) VALUES (?)", [new Uint8Array([1, 2])])).toMatchObject({ ok: true, changes: 1 });
    expect(await db.run("SELECT 1; SELECT 2")).toMatchObject({ ok: false, code: "invalid_argument" });
    expect(await db.run("SELECT ?", [])).toMatchObject({ ok: false, code: "invalid_argument" });
  });

  it("bounds the rows and bytes of a result", async () => {
    expect(await db.run("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000) SELECT x FROM c")).toMatchObject({
      ok: false,
      code: "policy_denied",
      hostCode: "tenant_sql_result_too_large",
    });
    expect(await db.run("SELECT randomblob(100000)")).toMatchObject({ ok: false, hostCode: "tenant_sql_result_too_large" });
  });

  it("interrupts a statement past the memory bound, and a database past its size", async () => {
    const fill =
      "CREATE TEMP TABLE scratch AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 20000) SELECT randomblob(10000) AS b FROM c";
    // its own database with a generous time budget, so a loaded machine cannot turn it into a timeout
    const roomy = openTenantDatabase(path.join(dir, "memory.sqlite"), { limits: { timeoutMs: 60_000, memoryBytes: 64 * 1024 * 1024 } });
    try {
      expect(await roomy.execFile(fill)).toMatchObject({ ok: false, hostCode: "tenant_sql_memory" });
    } finally {
      await roomy.close();
    }
    const grow =
      "CREATE TABLE big (b BLOB); WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100) INSERT INTO big SELECT randomblob(100000) FROM c;";
    expect(await db.execFile(grow)).toMatchObject({ ok: false, code: "policy_denied", hostCode: "tenant_sql_database_full" });
    // both rolled back; the database still answers
    expect(await db.run("SELECT count(*) FROM t")).toMatchObject({ ok: true, rows: [[3]] });
  });

  it("refuses host tables by name through the engine, whatever the spelling", async () => {
    for (const sql of ["CREATE TABLE host_table (x)", 'CREATE TABLE "HOST_TABLE" (x)', "CREATE TABLE [host_table] (x)"]) {
      expect(await db.execFile(sql)).toMatchObject({ ok: false, hostCode: "tenant_sql_denied" });
    }
  });
});

describe("the authorizer rule", () => {
  const none = new Set<string>();
  it.each([
    [24, "file", null, null],
    [25, "x", null, null],
    [22, "BEGIN", null, null],
    [32, "BEGIN", "s", null],
    [19, "journal_mode", "wal", null],
    [19, "max_page_count", "1", null],
    [31, null, "load_extension", null],
    [20, "entries", "key", "host"],
  ] as const)("denies action %i (%s, %s, %s)", (action, a1, a2, database) => {
    expect(tenantSqlDenial(action, a1, a2, database, none)).toBeTypeOf("string");
  });
  it.each([
    [18, "t", null, "main"],
    [19, "table_info", "t", null],
    [31, null, "upper", null],
    [29, "v", "fts5", "main"],
  ] as const)("allows action %i (%s, %s, %s)", (action, a1, a2, database) => {
    expect(tenantSqlDenial(action, a1, a2, database, none)).toBeUndefined();
  });
});
