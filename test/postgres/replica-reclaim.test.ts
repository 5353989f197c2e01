// A deleted SQLiteDatabase's bytes leave PostgreSQL too (ADR 0306): replicas share a database's
// file through takoform_sqlite_files (ADR 0221); once the database is deleted through one replica,
// the replica running the data plane removes its local copy and the shared row, a replica whose
// runtime waits for the data plane removes its local copy too, and another database's row and
// copies stay.

import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { tenantDirectory } from "../../host/runtime/names.js";
import { apply, read, ref, remove } from "../unit/host/client.js";
import { commitFiles, eventually, FIRST_TENANT, kind, must } from "../runtime/support.js";
import { freshDatabase, postgresServer } from "./database.js";
import { InProcessReplicas } from "./in-process-replicas.js";

const server = await postgresServer();
const SPACE = "replica-reclaim";
const replicas = new InProcessReplicas();
afterAll(() => replicas.closeAll());

async function sharedRows(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<{ uid: string }>("SELECT uid FROM takoform_sqlite_files ORDER BY uid")).rows.map((row) => row.uid);
  } finally {
    await client.end();
  }
}

async function migratedDatabase(base: string, name: string): Promise<string> {
  await must(apply(base, kind("SQLiteDatabase"), name, SPACE, {}), "database");
  const digest = await commitFiles(base, "MigrationBundle", [
    ["0001.sql", `CREATE TABLE ${name.replace(/-/g, "_")} (id INTEGER PRIMARY KEY);`, "application/sql"],
  ]);
  await must(apply(base, kind("SQLiteMigrationSet"), `${name}-schema`, SPACE, { manifestDigest: digest }), "migration set");
  const spec = { database: ref("SQLiteDatabase", name), migrationSet: ref("SQLiteMigrationSet", `${name}-schema`) };
  await must(apply(base, kind("SQLiteMigrationApplication"), `${name}-migrate`, SPACE, spec), "migration application");
  return (await read(base, kind("SQLiteDatabase"), name, SPACE)).json.metadata.uid as string;
}

async function deleted(base: string, kindName: string, name: string): Promise<void> {
  const current = await read(base, kind(kindName), name, SPACE);
  const reply = await remove(base, kind(kindName), name, SPACE, current.json.metadata.generation as string);
  expect([200, 202, 204], `${kindName} ${name}: ${reply.status} ${reply.text}`).toContain(reply.status);
  await eventually(
    () => read(base, kind(kindName), name, SPACE),
    (r) => r.status === 404,
    `${kindName} ${name} is gone`,
  );
}

describe.skipIf(server === undefined)("a deleted database across replicas on one PostgreSQL", () => {
  it("leaves the shared table, the data plane's disk and a waiting replica's disk; another database stays", async () => {
    const databaseUrl = await freshDatabase(server!);
    const control = await replicas.start(databaseUrl);
    const dataPlane = await replicas.start(databaseUrl, { gatewayPort: 0, graceMs: 200 });
    expect(dataPlane.host.runtime).toBeDefined();
    // Its runtime configured, but the data plane runs on the replica above: it only waits for it.
    const waiting = await replicas.start(databaseUrl, { gatewayPort: 0, graceMs: 200 }, { collectionIntervalMs: 300 });
    expect(waiting.host.runtime).toBeUndefined();
    const doomed = await migratedDatabase(control.host.url, "doomed");
    const kept = await migratedDatabase(control.host.url, "kept");
    expect(await sharedRows(databaseUrl)).toEqual([doomed, kept].sort());
    const localIn = (dataDir: string) => (uid: string) => path.join(dataDir, "sqlite", tenantDirectory(FIRST_TENANT), `${uid}.sqlite`);
    const local = localIn(dataPlane.dataDir);
    const waitingCopy = localIn(waiting.dataDir);
    // The data plane's replica follows the commits and fetches both files.
    await eventually(
      async () => [doomed, kept].filter((uid) => existsSync(local(uid))),
      (present) => present.length === 2,
      "the data plane's replica holds both databases",
    );
    await eventually(
      async () => [doomed, kept].filter((uid) => existsSync(waitingCopy(uid))),
      (present) => present.length === 2,
      "the waiting replica holds both databases",
    );

    await deleted(control.host.url, "SQLiteMigrationApplication", "doomed-migrate");
    await deleted(control.host.url, "SQLiteDatabase", "doomed");
    await eventually(
      () => sharedRows(databaseUrl),
      (rows) => rows.length === 1,
      "the deleted database's row leaves the shared table",
    );
    expect(await sharedRows(databaseUrl)).toEqual([kept]);
    await eventually(
      async () => existsSync(local(doomed)),
      (present) => !present,
      "the data plane's copy is removed",
    );
    expect(existsSync(local(kept))).toBe(true);
    await eventually(
      async () => existsSync(waitingCopy(doomed)),
      (present) => !present,
      "the waiting replica's copy is removed",
    );
    expect(existsSync(waitingCopy(kept))).toBe(true);
  }, 150_000);
});
