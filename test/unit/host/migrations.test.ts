// SQLite migration history: a SQLiteMigrationApplication executes the unapplied suffix of its set
// against a real SQLite file, proves the ledger is an exact prefix, and is Ready exactly when the
// ledger equals the set.

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseFiles } from "../../../host/files/database-files.js";
import { builtinCatalog, startTestHost, type TestHost } from "./harness.js";
import { apply, commitFiles, observe, read, ref, refOf, remove, uniqueName } from "./client.js";
import { expectRefusal, expectResource } from "./expect-wire.js";

let host: TestHost;
beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => host.close());

const SPACE = "sql";
const kind = (k: string) => refOf(builtinCatalog(), k);
const sha256 = (bytes: Buffer) => "sha256:" + createHash("sha256").update(bytes).digest("hex");

async function migrationSet(files: [string, string][]): Promise<string> {
  const digest = await commitFiles(
    host.url,
    "MigrationBundle",
    files.map(([path, sql]) => [path, sql, "application/sql"]),
  );
  const name = uniqueName("set");
  expectResource(await apply(host.url, kind("SQLiteMigrationSet"), name, SPACE, { manifestDigest: digest }), 201);
  return name;
}

function application(database: string, set: string) {
  return { database: ref("SQLiteDatabase", database), migrationSet: ref("SQLiteMigrationSet", set) };
}

function ledger(uid: string): { path: string }[] {
  const db = new Database(new DatabaseFiles(host.dataDir).pathOf("tenant-a", uid), { readonly: true });
  try {
    return db.prepare("SELECT ordinal, path, digest FROM takoform_migration_ledger ORDER BY ordinal").all() as { path: string }[];
  } finally {
    db.close();
  }
}

/** The tables of a SQLiteDatabase's file, read directly (the ledger excluded). */
function tables(uid: string): string[] {
  const db = new Database(new DatabaseFiles(host.dataDir).pathOf("tenant-a", uid), { readonly: true });
  try {
    const rows = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name <> 'takoform_migration_ledger' ORDER BY name").all() as {
      name: string;
    }[];
    return rows.map((row) => row.name);
  } finally {
    db.close();
  }
}

const ONE: [string, string] = ["0001-customers.sql", "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL);\n"];
const TWO: [string, string] = ["0002-orders.sql", "CREATE TABLE orders (id INTEGER PRIMARY KEY, customer INTEGER REFERENCES customers(id));\n"];
const THREE: [string, string] = ["0003-index.sql", "CREATE INDEX orders_by_customer ON orders(customer);\n"];

describe("migration applications", () => {
  it("execute the set, extend by the suffix only, and refuse a set the ledger is not a prefix of", async () => {
    const dbName = uniqueName("db");
    const database = expectResource(await apply(host.url, kind("SQLiteDatabase"), dbName, SPACE, {}), 201);
    const first = await migrationSet([ONE, TWO]);
    const app1 = uniqueName("app");
    const applied = expectResource(await apply(host.url, kind("SQLiteMigrationApplication"), app1, SPACE, application(dbName, first)), 201);
    expect(applied.status.conditions[0]).toMatchObject({ status: "True", reason: "Available" });
    expect(ledger(database.metadata.uid).map((row) => row.path)).toEqual([ONE[0], TWO[0]]);
    // the database and set are protected while the application lives
    expectRefusal(await remove(host.url, kind("SQLiteDatabase"), dbName, SPACE, "1"), "dependency_in_use");
    expectRefusal(await remove(host.url, kind("SQLiteMigrationSet"), first, SPACE, "1"), "dependency_in_use");
    // deleting the application removes nothing from the database
    expect((await remove(host.url, kind("SQLiteMigrationApplication"), app1, SPACE, "1")).status).toBe(204);
    expect(ledger(database.metadata.uid)).toHaveLength(2);
    // an extended set runs only its suffix
    const extended = await migrationSet([ONE, TWO, THREE]);
    expectResource(await apply(host.url, kind("SQLiteMigrationApplication"), uniqueName("app"), SPACE, application(dbName, extended)), 201);
    expect(ledger(database.metadata.uid).map((row) => row.path)).toEqual([ONE[0], TWO[0], THREE[0]]);
    // a set that changed an applied file is migration_required and changes nothing
    const rewritten = await migrationSet([ONE, [TWO[0], TWO[1] + "-- changed\n"]]);
    expectRefusal(await apply(host.url, kind("SQLiteMigrationApplication"), uniqueName("app"), SPACE, application(dbName, rewritten)), "migration_required");
    expect(ledger(database.metadata.uid)).toHaveLength(3);
  });

  it("a failing file is rolled back alone; the files before it stay applied", async () => {
    const dbName = uniqueName("db");
    const database = expectResource(await apply(host.url, kind("SQLiteDatabase"), dbName, SPACE, {}), 201);
    const broken = await migrationSet([ONE, ["0002-broken.sql", "CREATE TABLE nope (;\n"]]);
    const name = uniqueName("app");
    expectRefusal(await apply(host.url, kind("SQLiteMigrationApplication"), name, SPACE, application(dbName, broken)), "invalid_argument");
    expectRefusal(await read(host.url, kind("SQLiteMigrationApplication"), name, SPACE), "resource_not_found");
    expect(ledger(database.metadata.uid).map((row) => row.path)).toEqual([ONE[0]]);
  });

  it("an application's readiness follows the durable ledger when another application of the database moves it", async () => {
    const dbName = uniqueName("db");
    const database = expectResource(await apply(host.url, kind("SQLiteDatabase"), dbName, SPACE, {}), 201);
    const appKind = kind("SQLiteMigrationApplication");
    const short = uniqueName("app");
    const shortApplied = expectResource(await apply(host.url, appKind, short, SPACE, application(dbName, await migrationSet([ONE, TWO]))), 201);
    expect(shortApplied.status.conditions[0]).toMatchObject({ status: "True", reason: "Available" });

    // A sibling application extends the ledger: the two-file application no longer equals it.
    const long = uniqueName("app");
    const longApplied = expectResource(await apply(host.url, appKind, long, SPACE, application(dbName, await migrationSet([ONE, TWO, THREE]))), 201);
    expect(longApplied.status.conditions[0]).toMatchObject({ status: "True", reason: "Available" });
    const outgrown = expectResource(await read(host.url, appKind, short, SPACE), 200);
    expect(outgrown.status.conditions[0]).toMatchObject({ type: "Ready", status: "False", reason: "Reconciling" });
    expect(outgrown.status.conditions[0].hostReason).toMatch(/ledger has 3 of 2 migrations/);
    expect(outgrown.metadata.generation).toBe("1");
    expect(BigInt(outgrown.metadata.revision)).toBeGreaterThan(BigInt(shortApplied.metadata.revision));
    // evaluated, not re-stamped: a second read of the same ledger moves nothing
    const again = await read(host.url, appKind, short, SPACE);
    expect(again.text).toBe((await read(host.url, appKind, short, SPACE)).text);
    expect(expectResource(again, 200).metadata.revision).toBe(outgrown.metadata.revision);
    // Read before the ledger moves below without a resource being written: an answer kept from this
    // read (the read verb keeps renderings of stored text) must not be answered after it.
    expect(expectResource(await read(host.url, appKind, long, SPACE), 200).status.conditions[0]).toMatchObject({ status: "True", reason: "Available" });

    // A refused application whose fifth file fails still committed its fourth file: no resource was
    // mutated, and both three-file applications answer not Ready against the longer durable ledger,
    // one when read, the other when observed.
    const twin = uniqueName("app");
    expectResource(await apply(host.url, appKind, twin, SPACE, application(dbName, await migrationSet([ONE, TWO, THREE]))), 201);
    const FOUR: [string, string] = ["0004-audit.sql", "CREATE TABLE audit (id INTEGER PRIMARY KEY);\n"];
    const failing = await migrationSet([ONE, TWO, THREE, FOUR, ["0005-broken.sql", "CREATE TABLE nope (;\n"]]);
    expectRefusal(await apply(host.url, appKind, uniqueName("app"), SPACE, application(dbName, failing)), "invalid_argument");
    expect(ledger(database.metadata.uid).map((row) => row.path)).toEqual([ONE[0], TWO[0], THREE[0], FOUR[0]]);
    const read3 = expectResource(await read(host.url, appKind, long, SPACE), 200);
    expect(read3.status.conditions[0]).toMatchObject({ status: "False", reason: "Reconciling" });
    expect(read3.status.conditions[0].hostReason).toMatch(/ledger has 4 of 3 migrations/);
    const observed = await observe(host.url, appKind, twin, SPACE, "1");
    expect(observed.status, observed.text).toBe(200);
    expect(observed.json.resource.status.conditions[0]).toMatchObject({ status: "False", reason: "Reconciling" });
    expect(observed.headers.get("etag")).toBe(`"${observed.json.resource.metadata.revision}"`);
    expect(expectResource(await read(host.url, appKind, twin, SPACE), 200).metadata.revision).toBe(observed.json.resource.metadata.revision);

    // The set that equals the ledger is Ready, and applying it re-renders its stale sibling at commit.
    const equal = uniqueName("app");
    const equalApplied = expectResource(await apply(host.url, appKind, equal, SPACE, application(dbName, await migrationSet([ONE, TWO, THREE, FOUR]))), 201);
    expect(equalApplied.status.conditions[0]).toMatchObject({ status: "True", reason: "Available" });
    expect(expectResource(await read(host.url, appKind, short, SPACE), 200).status.conditions[0]).toMatchObject({ status: "False", reason: "Reconciling" });
  });

  it("through the host: the file holds the tables and ledger rows; a failed file leaves neither; a reordered set changes no byte; concurrent applications serialize", async () => {
    const dbName = uniqueName("db");
    const database = expectResource(await apply(host.url, kind("SQLiteDatabase"), dbName, SPACE, {}), 201);
    const uid = database.metadata.uid;
    const appKind = kind("SQLiteMigrationApplication");
    expectResource(await apply(host.url, appKind, uniqueName("app"), SPACE, application(dbName, await migrationSet([ONE, TWO]))), 201);
    expect(tables(uid)).toEqual(["customers", "orders"]);
    expect(ledger(uid)).toEqual([
      { ordinal: 1, path: ONE[0], digest: sha256(Buffer.from(ONE[1])) },
      { ordinal: 2, path: TWO[0], digest: sha256(Buffer.from(TWO[1])) },
    ]);

    // A file that creates a table and then fails leaves neither the table nor a ledger row.
    const failing = await migrationSet([ONE, TWO, ["0003-half.sql", "CREATE TABLE half (id INTEGER);\nINSERT INTO nowhere VALUES (1);\n"]]);
    expectRefusal(await apply(host.url, appKind, uniqueName("app"), SPACE, application(dbName, failing)), "invalid_argument");
    expect(tables(uid)).toEqual(["customers", "orders"]);
    expect(ledger(uid)).toHaveLength(2);

    // A reordered set is migration_required and the file is byte-for-byte what it was.
    const file = new DatabaseFiles(host.dataDir).pathOf("tenant-a", uid);
    const before = readFileSync(file);
    const reordered = await migrationSet([TWO, ONE, THREE]);
    const refusedName = uniqueName("app");
    expectRefusal(await apply(host.url, appKind, refusedName, SPACE, application(dbName, reordered)), "migration_required");
    expectRefusal(await read(host.url, appKind, refusedName, SPACE), "resource_not_found");
    expect(readFileSync(file).equals(before)).toBe(true);

    // Two applications of the same suffix sent at once: each file runs once, in order.
    const FOUR: [string, string] = ["0004-audit.sql", "CREATE TABLE audit (id INTEGER PRIMARY KEY);\n"];
    const [setA, setB] = [await migrationSet([ONE, TWO, THREE, FOUR]), await migrationSet([ONE, TWO, THREE, FOUR])];
    const both = await Promise.all([
      apply(host.url, appKind, uniqueName("app"), SPACE, application(dbName, setA)),
      apply(host.url, appKind, uniqueName("app"), SPACE, application(dbName, setB)),
    ]);
    for (const reply of both) expect(expectResource(reply, 201).status.conditions[0]).toMatchObject({ status: "True", reason: "Available" });
    expect(ledger(uid).map((row) => row.path)).toEqual([ONE[0], TWO[0], THREE[0], FOUR[0]]);
    expect(tables(uid)).toEqual(["audit", "customers", "orders"]);
  });
});
