// The SQLite writer thread of the group commit (sqlite.ts, ADR 0142): its own connection to the
// store file, WAL and synchronous=FULL, committing one batch of rows per message in one
// transaction, so the fsync happens off the event loop while the host decides the next batch.
//
// The worker's source is inline (eval) so it runs the same from TypeScript sources and from dist/;
// it loads better-sqlite3 from the absolute path the host resolved.

import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** One stored row: value null deletes the key. */
export type Row = [key: string, value: string | null, version: number];

const SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.module);
const db = new Database(workerData.file);
db.pragma("journal_mode = WAL");
db.pragma("synchronous = FULL");
db.pragma("busy_timeout = 5000");
const upsert = db.prepare("INSERT INTO entries (key, value, version) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, version = excluded.version");
const remove = db.prepare("DELETE FROM entries WHERE key = ?");
const commit = db.transaction((rows) => {
  for (const [key, value, version] of rows) {
    if (value === null) remove.run(key);
    else upsert.run(key, value, version);
  }
});
parentPort.on("message", (message) => {
  if (message === "close") {
    db.close();
    process.exit(0);
  }
  try {
    commit.immediate(message.rows);
    parentPort.postMessage({ id: message.id, ok: true });
  } catch (error) {
    parentPort.postMessage({ id: message.id, ok: false, message: String(error && error.message || error) });
  }
});
`;

export interface SqliteWriter {
  /** Commits rows in one transaction; resolves once durable (fsynced). */
  commit(rows: readonly Row[]): Promise<void>;
  close(): Promise<void>;
}

const betterSqlite = createRequire(import.meta.url).resolve("better-sqlite3");

export function startSqliteWriter(file: string, onExit: (error: Error) => void): SqliteWriter {
  const worker = new Worker(SOURCE, { eval: true, workerData: { module: betterSqlite, file } });
  const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  let next = 0;
  let closing = false;
  const fail = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on("message", (reply: { id: number; ok: boolean; message?: string }) => {
    const entry = waiting.get(reply.id);
    if (entry === undefined) return;
    waiting.delete(reply.id);
    if (reply.ok) entry.resolve();
    else entry.reject(new Error(`store: commit failed: ${reply.message}`));
  });
  worker.on("error", (error) => {
    fail(error);
    onExit(error);
  });
  const exited = new Promise<void>((resolve) => {
    worker.once("exit", (code) => {
      if (!closing) {
        const error = new Error(`store: writer thread exited (code ${code})`);
        fail(error);
        onExit(error);
      }
      resolve();
    });
  });
  return {
    commit(rows) {
      const id = next++;
      return new Promise<void>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, rows });
      });
    },
    async close() {
      closing = true;
      worker.postMessage("close");
      await exited;
    },
  };
}
