// A host without a data plane (--runtime off) still writes SQLiteDatabase files (migrations run in
// the control plane). Once a database is deleted its file goes on the next collection pass
// (host/runtime/reclaim-without-runtime.ts, ADR 0306), and a live database's file stays, however
// many passes run.

import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DatabaseFiles } from "../../../host/files/database-files.js";
import { builtinCatalog, startTestHost, type TestHost } from "./harness.js";
import { apply, commitFiles, ref, refOf, remove, uniqueName } from "./client.js";
import { expectResource } from "./expect-wire.js";
import { eventually } from "../../runtime/support.js";

const SPACE = "reclaim-off";
const INTERVAL_MS = 200;
const kind = (k: string) => refOf(builtinCatalog(), k);
let host: TestHost;

beforeAll(async () => {
  host = await startTestHost({ collectionIntervalMs: INTERVAL_MS });
  expect(host.host.runtime).toBeUndefined();
});
afterAll(async () => host.close());

/** A migrated database: its file exists once the application is created. Returns its uid and file. */
async function migratedDatabase(): Promise<{ name: string; application: string; uid: string; file: string }> {
  const name = uniqueName("db");
  const database = expectResource(await apply(host.url, kind("SQLiteDatabase"), name, SPACE, {}), 201);
  const digest = await commitFiles(host.url, "MigrationBundle", [
    ["0001-notes.sql", "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);\n", "application/sql"],
  ]);
  const set = uniqueName("set");
  expectResource(await apply(host.url, kind("SQLiteMigrationSet"), set, SPACE, { manifestDigest: digest }), 201);
  const application = uniqueName("app");
  const spec = { database: ref("SQLiteDatabase", name), migrationSet: ref("SQLiteMigrationSet", set) };
  expectResource(await apply(host.url, kind("SQLiteMigrationApplication"), application, SPACE, spec), 201);
  const file = new DatabaseFiles(host.dataDir).pathOf("tenant-a", database.metadata.uid);
  expect(existsSync(file)).toBe(true);
  return { name, application, uid: database.metadata.uid, file };
}

it("removes a deleted database's file on a later pass and keeps the live one's", async () => {
  const deleted = await migratedDatabase();
  const kept = await migratedDatabase();
  // Passes have run since both files were written: a live database's file is not touched.
  await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS * 4));
  expect(existsSync(deleted.file)).toBe(true);
  expect(existsSync(kept.file)).toBe(true);

  expect((await remove(host.url, kind("SQLiteMigrationApplication"), deleted.application, SPACE, "1")).status).toBe(204);
  expect((await remove(host.url, kind("SQLiteDatabase"), deleted.name, SPACE, "1")).status).toBe(204);
  await eventually(
    async () => existsSync(deleted.file),
    (exists) => !exists,
    "the deleted database's file removed",
    10_000,
  );
  // Its sidecars and lock file go with it (none is left under its uid).
  for (const suffix of ["-journal", "-wal", "-shm", ".lock"]) expect(existsSync(deleted.file + suffix)).toBe(false);
  await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS * 4));
  expect(existsSync(kept.file)).toBe(true);
});

it("removes what no live record owns and leaves every other file of the data directory alone", async () => {
  const tenantDir = path.dirname(new DatabaseFiles(host.dataDir).pathOf("tenant-a", "probe"));
  const orphan = path.join(tenantDir, "0190a1b2-c3d4-7e5f-8a9b-000000000000.sqlite");
  const unrelated = path.join(tenantDir, "notes.txt");
  mkdirSync(tenantDir, { recursive: true });
  writeFileSync(orphan, "left by a database deleted while no host reclaimed");
  writeFileSync(unrelated, "not a database file: not the reclaimer's to remove");
  await eventually(
    async () => existsSync(orphan),
    (exists) => !exists,
    "the orphaned database file removed",
    10_000,
  );
  expect(existsSync(unrelated)).toBe(true);
});
