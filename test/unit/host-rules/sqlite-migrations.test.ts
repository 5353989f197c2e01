import { afterEach, beforeEach, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { fileDigest } from "../../../corpus/lib/index.js";
import { applyMigrations } from "../../../host/sqlite-migrations/migration-executor.js";
import { migrationReadiness } from "../../../host/sqlite-migrations/migration-readiness.js";
import { LEDGER_TABLE } from "../../../host/sqlite-migrations/ledger.js";
import { repoDir } from "./support/reference.js";

const run = promisify(execFile);
const migration = (p: string, sql: string) => ({ path: p, digest: fileDigest(sql), sql });

let dir: string;
let dbPath: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "takoform-sqlite-"));
  dbPath = path.join(dir, "app.sqlite");
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Opens the database file directly, as an operator would. */
function inspect() {
  const db = new Database(dbPath, { readonly: true });
  try {
    const tables = (db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
    const ledger = tables.includes(LEDGER_TABLE) ? (db.prepare(`SELECT * FROM ${LEDGER_TABLE} ORDER BY ordinal`).all() as Record<string, unknown>[]) : [];
    return { tables, ledger };
  } finally {
    db.close();
  }
}

function snapshot() {
  const db = new Database(dbPath, { readonly: true });
  try {
    return {
      schema: db.prepare("SELECT type, name, sql FROM sqlite_schema ORDER BY name").all(),
      ledger: db.prepare(`SELECT * FROM ${LEDGER_TABLE} ORDER BY ordinal`).all(),
      users: db.prepare("SELECT * FROM users ORDER BY id").all(),
    };
  } finally {
    db.close();
  }
}

const m1 = migration("001_users.sql", "CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE);");
const m2 = migration("002_seed.sql", "INSERT INTO users (email) VALUES ('a@example.com'); INSERT INTO users (email) VALUES ('b@example.com');");
const m3 = migration(
  "003_posts.sql",
  "CREATE TABLE posts (id INTEGER PRIMARY KEY, author INTEGER REFERENCES users(id), body TEXT);\nCREATE INDEX posts_author ON posts(author);",
);

describe("SQLite migration executor (sqlite-migration-ledger-readiness)", () => {
  it("executes every file and records (ordinal, path, digest, applied_at) inside the database", async () => {
    const out = await applyMigrations(dbPath, [m1, m2, m3]);
    expect(out).toMatchObject({ ok: true, executed: ["001_users.sql", "002_seed.sql", "003_posts.sql"] });
    const seen = inspect();
    expect(seen.tables).toEqual(expect.arrayContaining(["users", "posts", LEDGER_TABLE]));
    expect(seen.ledger.map((r) => [r["ordinal"], r["path"], r["digest"]])).toEqual([
      [1, "001_users.sql", m1.digest],
      [2, "002_seed.sql", m2.digest],
      [3, "003_posts.sql", m3.digest],
    ]);
    for (const r of seen.ledger) expect(Number.isNaN(Date.parse(String(r["applied_at"])))).toBe(false);
    expect(snapshot().users).toHaveLength(2);
    expect(migrationReadiness(dbPath, [m1, m2, m3])).toMatchObject({ ready: true, applied: 3, total: 3 });
  });

  it("executes only the unapplied suffix; a re-application executes nothing", async () => {
    await applyMigrations(dbPath, [m1]);
    expect(migrationReadiness(dbPath, [m1, m2])).toMatchObject({ ready: false, prefix: true, applied: 1 });
    expect(await applyMigrations(dbPath, [m1, m2])).toMatchObject({ ok: true, executed: ["002_seed.sql"] });
    expect(await applyMigrations(dbPath, [m1, m2])).toMatchObject({ ok: true, executed: [] });
    expect(snapshot().users).toHaveLength(2); // the seed ran once
  });

  it("a failing file leaves neither its effects nor a ledger row, keeps earlier files, and a retry resumes at that boundary", async () => {
    const bad = migration("002_bad.sql", "CREATE TABLE half (x INTEGER); INSERT INTO users (email) VALUES ('c@example.com'); INSERT INTO nowhere VALUES (1);");
    const failed = await applyMigrations(dbPath, [m1, bad, m3]);
    expect(failed).toMatchObject({ ok: false, code: "invalid_argument", failedPath: "002_bad.sql", executed: ["001_users.sql"] });
    if (!failed.ok) expect(failed.message).toMatch(/no such table: nowhere/);
    let seen = snapshot();
    expect(seen.schema.map((s) => (s as { name: string }).name)).not.toContain("half");
    expect(seen.users).toEqual([]);
    expect(seen.ledger).toHaveLength(1);
    // Retrying the same set fails at the same file and does not re-run 001 (whose CREATE TABLE would fail).
    expect(await applyMigrations(dbPath, [m1, bad, m3])).toMatchObject({ ok: false, failedPath: "002_bad.sql", executed: [] });
    // A corrected set sharing the applied prefix resumes at the boundary.
    expect(await applyMigrations(dbPath, [m1, m2, m3])).toMatchObject({ ok: true, executed: ["002_seed.sql", "003_posts.sql"] });
    seen = snapshot();
    expect(seen.ledger).toHaveLength(3);
    expect(seen.users).toHaveLength(2);
  });

  it("refuses a reordered set, a changed digest and a shorter set with migration_required, changing nothing", async () => {
    await applyMigrations(dbPath, [m1, m2]);
    const before = snapshot();
    const bytesBefore = fs.readFileSync(dbPath);
    const m2changed = migration("002_seed.sql", "INSERT INTO users (email) VALUES ('z@example.com');");
    for (const set of [[m2, m1, m3], [m1, m2changed, m3], [m1], [m3, m1, m2]]) {
      const out = await applyMigrations(dbPath, set);
      expect(out).toMatchObject({ ok: false, code: "migration_required", executed: [] });
      expect(migrationReadiness(dbPath, set)).toMatchObject({ ready: false, prefix: false });
    }
    expect(snapshot()).toEqual(before);
    expect(fs.readFileSync(dbPath).equals(bytesBefore)).toBe(true);
  });

  it("refuses without changing the database: transaction control, ledger access (the engine's authorizer), bytes that do not match the digest", async () => {
    const tx = migration("001.sql", "BEGIN; CREATE TABLE t (x); COMMIT;");
    expect(await applyMigrations(dbPath, [tx])).toMatchObject({ ok: false, code: "policy_denied", hostCode: "tenant_sql_denied" });
    expect(await applyMigrations(dbPath, [migration("001.sql", `DELETE FROM ${LEDGER_TABLE};`)])).toMatchObject({ ok: false, code: "policy_denied" });
    expect(await applyMigrations(dbPath, [{ ...m1, digest: m2.digest }])).toMatchObject({ ok: false, code: "artifact_invalid" });
    expect(fs.existsSync(dbPath)).toBe(false);
  });

  it("runs triggers whose bodies carry BEGIN ... END and CASE ... END", async () => {
    const trig = migration(
      "002_trigger.sql",
      `CREATE TABLE audit (email TEXT, kind TEXT);
       CREATE TRIGGER users_audit AFTER INSERT ON users BEGIN
         INSERT INTO audit VALUES (new.email, CASE WHEN new.email LIKE '%@example.com' THEN 'internal' ELSE 'external' END);
       END;
       INSERT INTO users (email) VALUES ('x@example.com');`,
    );
    expect(await applyMigrations(dbPath, [m1, trig])).toMatchObject({ ok: true });
    const db = new Database(dbPath, { readonly: true });
    expect(db.prepare("SELECT * FROM audit").all()).toEqual([{ email: "x@example.com", kind: "internal" }]);
    db.close();
  });

  it("serializes two concurrent applications in one process", async () => {
    const [a, b] = await Promise.all([applyMigrations(dbPath, [m1, m2, m3]), applyMigrations(dbPath, [m1, m2, m3])]);
    expect(a.ok && b.ok).toBe(true);
    expect([...a.executed, ...b.executed].sort()).toEqual(["001_users.sql", "002_seed.sql", "003_posts.sql"]);
    // Whole applications are serialized, not interleaved file by file: the first ran everything.
    expect(a.executed).toHaveLength(3);
    expect(b.executed).toEqual([]);
    expect(snapshot().users).toHaveLength(2);
  });

  it("serializes two concurrent applications from two processes on one database file", async () => {
    const files = Array.from({ length: 6 }, (_, i) =>
      migration(
        `${String(i + 1).padStart(3, "0")}_bulk.sql`,
        `CREATE TABLE bulk_${i} (x INTEGER NOT NULL);
         WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 150000) INSERT INTO bulk_${i} SELECT x FROM c;`,
      ),
    );
    const bundlePath = path.join(dir, "bundle.json");
    fs.writeFileSync(bundlePath, JSON.stringify(files));
    const child = path.join(repoDir, "test/unit/host-rules/support/migrate-child.ts");
    const startAt = String(Date.now() + 1500);
    const spawnOne = () => run(process.execPath, ["--import", "tsx", child, dbPath, bundlePath, startAt], { cwd: repoDir, timeout: 60_000 });
    const results = (await Promise.all([spawnOne(), spawnOne()])).map(
      (r) =>
        JSON.parse(r.stdout.trim()) as {
          ok: boolean;
          code?: string;
          message?: string;
          executed: string[];
          startedAt: number;
          finishedAt: number;
        },
    );
    for (const r of results) expect(r, r.message).toMatchObject({ ok: true });
    // Both really ran at once: each started before the other finished.
    expect(results[0]!.startedAt).toBeLessThan(results[1]!.finishedAt);
    expect(results[1]!.startedAt).toBeLessThan(results[0]!.finishedAt);
    // Every file executed exactly once across the two processes.
    expect(results.flatMap((r) => r.executed).sort()).toEqual(files.map((f) => f.path));
    const db = new Database(dbPath, { readonly: true });
    expect((db.prepare(`SELECT path FROM ${LEDGER_TABLE} ORDER BY ordinal`).all() as { path: string }[]).map((r) => r.path)).toEqual(files.map((f) => f.path));
    for (let i = 0; i < files.length; i++) expect(db.prepare(`SELECT count(*) AS n FROM bulk_${i}`).get()).toEqual({ n: 150000 });
    db.close();
    expect(migrationReadiness(dbPath, files).ready).toBe(true);
  });
});
