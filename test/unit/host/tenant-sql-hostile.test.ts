// Tenant SQL stays inside its database: a corpus of hostile migrations, each applied through the
// real host as tenant-a, each refused with a closed error code, and nothing outside tenant-a's own
// database touched -- the host store (tenant-b's records) and the file system are checked after
// every case. The guard is the SQLite engine's (host/tenant-sql), not a text scanner.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseFiles } from "../../../host/files/database-files.js";
import { builtinCatalog, OTHER_TENANT, startTestHost, type TestHost } from "./harness.js";
import { apply, commitFiles, ref, refOf, uniqueName } from "./client.js";
import { expectRefusal, expectResource } from "./expect-wire.js";

let host: TestHost;
let outside: string;
let victim: string;
beforeAll(async () => {
  host = await startTestHost();
  outside = fs.mkdtempSync(path.join(os.tmpdir(), "takoform-outside-"));
  victim = uniqueName("victim");
  expectResource(await apply(host.url, kind("SQLiteDatabase"), victim, "other", {}, { token: OTHER_TENANT }), 201);
});
afterAll(async () => {
  await host.close();
  fs.rmSync(outside, { recursive: true, force: true });
});

const SPACE = "hostile";
const kind = (k: string) => refOf(builtinCatalog(), k);

async function applySet(database: string, files: [string, string][]) {
  const digest = await commitFiles(
    host.url,
    "MigrationBundle",
    files.map(([p, sql]) => [p, sql, "application/sql"]),
  );
  const set = uniqueName("set");
  expectResource(await apply(host.url, kind("SQLiteMigrationSet"), set, SPACE, { manifestDigest: digest }), 201);
  const application = { database: ref("SQLiteDatabase", database), migrationSet: ref("SQLiteMigrationSet", set) };
  return apply(host.url, kind("SQLiteMigrationApplication"), uniqueName("app"), SPACE, application);
}

/** Every host-store row that names tenant-b or its database (must never change). */
function otherTenantRows(): unknown[] {
  const db = new Database(path.join(host.dataDir, "store.sqlite"), { readonly: true });
  try {
    return db.prepare("SELECT key, value FROM entries WHERE key LIKE '%tenant-b%' OR value LIKE ? ORDER BY key").all(`%${victim}%`);
  } finally {
    db.close();
  }
}

/**
 * Every path under the data dir and the outside dir, except the store's own files, tenant-a's
 * database dir and the content-addressed blobs the case's upload wrote (before the SQL ran).
 */
function foreignFiles(tenantDir: string): string[] {
  const list = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? list(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  const blobs = path.join(host.dataDir, "blobs") + path.sep;
  return [...list(host.dataDir), ...list(outside)]
    .filter((f) => !path.basename(f).startsWith("store.") && !f.startsWith(tenantDir) && !f.startsWith(blobs))
    .sort();
}

function tenantTables(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
  } finally {
    db.close();
  }
}

const store = () => path.join(host.dataDir, "store.sqlite");
const CASES: { name: string; sql: () => string; code: string; hostCode: string }[] = [
  {
    name: "the begin-trigger trick, then COMMIT and ATTACH of the host store",
    sql: () =>
      `CREATE TABLE t (x);\nCREATE TRIGGER begin AFTER INSERT ON t BEGIN SELECT 1; END;\nCOMMIT;\nATTACH DATABASE '${store()}' AS host;\nDELETE FROM host.entries;`,
    code: "policy_denied",
    hostCode: "tenant_sql_denied",
  },
  {
    name: "keywords hidden in comments",
    sql: () => `CREATE TABLE c1 (x); /* ; END; */ -- ; COMMIT;\nATTACH /* ; */ DATABASE '${outside}/comment.sqlite' AS x;`,
    code: "policy_denied",
    hostCode: "tenant_sql_denied",
  },
  {
    name: "keywords hidden in string literals and quoted identifiers",
    sql: () => `CREATE TABLE "s;1" (x DEFAULT 'a; COMMIT; ATTACH ''x'' AS y'); INSERT INTO "s;1" VALUES ('; END; '); END;`,
    code: "policy_denied",
    hostCode: "tenant_sql_denied",
  },
  {
    name: "a CTE reading the host's ledger",
    sql: () => `CREATE TABLE c2 (x); WITH l AS (SELECT * FROM takoform_migration_ledger) INSERT INTO c2 SELECT count(*) FROM l;`,
    code: "policy_denied",
    hostCode: "tenant_sql_denied",
  },
  {
    name: "several statements on one line ending the transaction and starting another",
    sql: () => `CREATE TABLE m1 (x);INSERT INTO m1 VALUES (1);ROLLBACK;BEGIN;DELETE FROM takoform_migration_ledger;`,
    code: "policy_denied",
    hostCode: "tenant_sql_denied",
  },
  {
    name: "ATTACH by expression and by subquery",
    sql: () => `CREATE TABLE e1 (x); ATTACH DATABASE '${outside}/' || 'expr.sqlite' AS e; ATTACH (SELECT '${store()}') AS h;`,
    code: "policy_denied",
    hostCode: "tenant_sql_denied",
  },
  {
    name: "VACUUM INTO a file outside",
    sql: () => `CREATE TABLE v1 (x); VACUUM INTO '${outside}/copy.sqlite';`,
    code: "policy_denied",
    hostCode: "tenant_sql_denied",
  },
  {
    name: "PRAGMAs that change the file or the connection",
    sql: () => `CREATE TABLE p1 (x); PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = 'x';`,
    code: "policy_denied",
    hostCode: "tenant_sql_denied",
  },
  {
    // The WebAssembly build has no load_extension at all: the engine cannot load code.
    name: "load_extension",
    sql: () => `CREATE TABLE l1 (x); SELECT load_extension('${outside}/evil.so');`,
    code: "invalid_argument",
    hostCode: "tenant_sql_error",
  },
  {
    name: "a huge value",
    sql: () => `CREATE TABLE h1 (x); INSERT INTO h1 VALUES (randomblob(1000000000));`,
    code: "policy_denied",
    hostCode: "tenant_sql_too_big",
  },
  {
    name: "an unbounded result (recursive CTE), interrupted at the time limit",
    sql: () => `CREATE TABLE r1 (x); WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT max(x) FROM c;`,
    code: "deadline_exceeded",
    hostCode: "tenant_sql_timeout",
  },
];

describe("hostile migrations are refused by the SQLite engine and touch nothing outside the tenant's database", () => {
  it.each(CASES)("$name", async ({ sql, code, hostCode }) => {
    const dbName = uniqueName("db");
    const database = expectResource(await apply(host.url, kind("SQLiteDatabase"), dbName, SPACE, {}), 201);
    const file = new DatabaseFiles(host.dataDir).pathOf("tenant-a", database.metadata.uid);
    const rowsBefore = otherTenantRows();
    expect(rowsBefore.length).toBeGreaterThan(0);
    const filesBefore = foreignFiles(path.dirname(file));

    const ok: [string, string] = ["0001-ok.sql", "CREATE TABLE kept (id INTEGER PRIMARY KEY);\n"];
    const refused = await applySet(dbName, [ok, ["0002-hostile.sql", sql()]]);
    const error = expectRefusal(refused, code as never);
    expect(error.hostCode).toBe(hostCode);
    expect(error.message).toMatch(/0002-hostile\.sql/);
    expect(refused.text).not.toContain(victim);

    expect(otherTenantRows()).toEqual(rowsBefore);
    expect(foreignFiles(path.dirname(file))).toEqual(filesBefore);
    // the hostile file rolled back whole; the file before it stayed applied
    expect(tenantTables(file)).toEqual(["kept", "takoform_migration_ledger"]);
  });
});
