// Two measurements behind bench/HISTORY.md's notes on host/store/sqlite.ts, with the store's own
// table shape (key TEXT PRIMARY KEY, value TEXT, version INTEGER):
//  1. commit latency of a create-shaped transaction (resource, uid index, replay record) into a
//     store already holding ROWS resources, under synchronous=FULL vs NORMAL (WAL mode);
//  2. file size of the same rows in a WITHOUT ROWID table vs a rowid table.
// usage: npx tsx bench/tools/sqlite-store-shape.ts [COMMITS] [ROWS]

import Database from "better-sqlite3";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

const commits = Number(process.argv[2] ?? 500);
const rows = Number(process.argv[3] ?? 12_000);
const dir = mkdtempSync(path.join(os.tmpdir(), "takoform-sqlite-shape-"));
const table = (withoutRowid: boolean) =>
  `CREATE TABLE entries (key TEXT PRIMARY KEY, value TEXT NOT NULL, version INTEGER NOT NULL)${withoutRowid ? " WITHOUT ROWID" : ""}`;

try {
  for (const sync of ["FULL", "NORMAL"]) {
    const db = new Database(path.join(dir, `commit-${sync}.sqlite`));
    db.pragma("journal_mode = WAL");
    db.pragma(`synchronous = ${sync}`);
    db.exec(table(true));
    const put = db.prepare("INSERT INTO entries VALUES (?, ?, 1) ON CONFLICT(key) DO UPDATE SET value = excluded.value");
    // a store already holding `rows` resources with their uid index and replay records
    db.transaction(() => {
      for (let i = 0; i < rows; i++) {
        put.run(`resource/${i}`, "x".repeat(800));
        put.run(`uid/${randomUUID()}`, "z".repeat(121));
        put.run(`replay/${randomUUID()}`, "y".repeat(1100));
      }
    })();
    db.pragma("wal_checkpoint(TRUNCATE)");
    // a resource record and its replay record, about the sizes the host writes
    const commit = db.transaction((i: number) => {
      put.run(`resource/${rows + i}`, "x".repeat(800));
      put.run(`uid/${randomUUID()}`, "z".repeat(121));
      put.run(`replay/${randomUUID()}`, "y".repeat(1100));
    });
    const t0 = performance.now();
    for (let i = 0; i < commits; i++) commit.immediate(i);
    console.log(`synchronous=${sync}: ${((performance.now() - t0) / commits).toFixed(2)} ms per 3-row commit (${commits} commits)`);
    db.close();
  }
  for (const withoutRowid of [true, false]) {
    const file = path.join(dir, `size-${withoutRowid}.sqlite`);
    const db = new Database(file);
    db.pragma("journal_mode = WAL");
    db.exec(table(withoutRowid));
    const put = db.prepare("INSERT INTO entries VALUES (?, ?, 1)");
    db.transaction(() => {
      for (let i = 0; i < rows; i++) {
        put.run(`replay/${randomUUID()}`, "x".repeat(1080));
        put.run(`resource/edge.forms.takoform.com/v1beta1/AtLeastOnceQueue/s-${i}`, "y".repeat(812));
        put.run(`uid/${randomUUID()}`, "z".repeat(121));
      }
    })();
    db.pragma("wal_checkpoint(TRUNCATE)");
    db.close();
    console.log(`${withoutRowid ? "WITHOUT ROWID" : "rowid table  "}: ${(statSync(file).size / 1048576).toFixed(1)} MiB for ${rows * 3} rows`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
