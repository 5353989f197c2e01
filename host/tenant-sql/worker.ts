// The worker thread that owns one tenant database file (tenant-database.ts starts it). Every
// operation takes the file's cross-process lock (an exclusive SQLite lock on <file>.lock), loads
// the file again if another process replaced it, runs in one engine transaction, and -- only when
// the transaction committed and changed something -- writes the new image next to the file and
// renames it into place (fsynced), so the file on disk is always a whole committed state.

import fs from "node:fs";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import sqlite3InitModule from "@sqlite.org/sqlite-wasm";
import type { TenantSqlPolicy } from "./authorizer.js";
import { EngineRefusal, TenantEngine } from "./engine.js";
import type { TenantSqlLimits } from "./limits.js";
import { tenantSqlRefusal, type ExecFileResult, type RunResult, type SqlValue, type TenantSqlRefusal } from "./outcome.js";
import { runStatements, type ResultBounds, type StatementInput, type StatementsResult } from "./statements.js";

export interface LedgerAppend {
  table: string;
  /** CREATE TABLE IF NOT EXISTS statement of the ledger. */
  create: string;
  /** The entries the ledger must hold before this file, in order. */
  prefix: { path: string; digest: string }[];
  /** The row this file adds: ordinal, path, digest, applied_at. */
  row: [number, string, string, string];
}

export type WorkerRequest =
  | { id: number; op: "execFile"; sql: string; ledger?: LedgerAppend }
  | { id: number; op: "run"; sql: string; params: SqlValue[] }
  | { id: number; op: "statements"; statements: StatementInput[]; bounds: ResultBounds; commit: boolean }
  | { id: number; op: "close" };

export interface WorkerReply {
  id: number;
  result: ExecFileResult | RunResult | StatementsResult | TenantSqlRefusal | { ok: true };
  /** The engine's heap passed the bound: the owner replaces this worker. */
  recycle?: boolean;
}

interface Loaded {
  engine: TenantEngine;
  identity: string;
}

export interface WorkerData {
  file: string;
  limits: TenantSqlLimits;
  protectedTables: string[];
  policy: TenantSqlPolicy;
}

const { file, limits, protectedTables, policy } = workerData as WorkerData;
// The module prints failed steps to stderr; a tenant's errors are answered, not logged.
const init = sqlite3InitModule as unknown as (module: { print: () => void; printErr: () => void }) => ReturnType<typeof sqlite3InitModule>;
const sqlite3 = await init({ print: () => {}, printErr: () => {} });
let loaded: Loaded | undefined;
let lock: Database.Database | undefined;

function identity(): string {
  try {
    const s = fs.statSync(file, { bigint: true });
    return `${s.ino}:${s.size}:${s.mtimeNs}`;
  } catch {
    return "absent";
  }
}

function engine(): TenantEngine {
  const now = identity();
  if (loaded !== undefined && loaded.identity === now) return loaded.engine;
  loaded?.engine.close();
  loaded = undefined;
  const image = now === "absent" ? undefined : fs.readFileSync(file);
  loaded = { engine: new TenantEngine(sqlite3, image, limits, protectedTables, policy), identity: now };
  return loaded.engine;
}

function withLock<T>(work: () => T): T {
  lock ??= new Database(`${file}.lock`, { timeout: limits.busyTimeoutMs });
  fs.chmodSync(`${file}.lock`, 0o600);
  try {
    lock.exec("BEGIN EXCLUSIVE");
  } catch (error) {
    throw new EngineRefusal(tenantSqlRefusal("tenant_sql_busy", `another process holds ${path.basename(file)}: ${(error as Error).message}`));
  }
  try {
    return work();
  } finally {
    lock.exec("ROLLBACK");
  }
}

function persist(image: Uint8Array): void {
  const temp = `${file}.${process.pid}.next`;
  const fd = fs.openSync(temp, "w", 0o600);
  try {
    fs.writeSync(fd, image);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temp, file);
  const dir = fs.openSync(path.dirname(file), "r");
  try {
    fs.fsyncSync(dir);
  } finally {
    fs.closeSync(dir);
  }
  loaded!.identity = identity();
}

/**
 * Runs one engine transaction; commits and persists when `work` returns and something changed.
 * With `commit` false the transaction is always rolled back: nothing it did is kept.
 */
function transaction<T>(work: (db: TenantEngine) => T, commit = true): T {
  return withLock(() => {
    const db = engine();
    db.arm();
    db.begin();
    try {
      const result = work(db);
      if (!commit) {
        db.rollback();
        return result;
      }
      db.commit();
      if (db.wrote) persist(db.image());
      return result;
    } catch (error) {
      db.rollback();
      throw error;
    }
  });
}

function ledgerState(db: TenantEngine, ledger: LedgerAppend): "due" | "applied" | TenantSqlRefusal {
  const rows = db.hostQuery(`SELECT path, digest FROM ${ledger.table} ORDER BY ordinal`);
  const same = (i: number, entry: { path: string; digest: string }) => rows[i]?.[0] === entry.path && rows[i]?.[1] === entry.digest;
  if (rows.length >= ledger.prefix.length && ledger.prefix.every((entry, i) => same(i, entry))) {
    if (rows.length === ledger.prefix.length) return "due";
    if (rows.length > ledger.prefix.length && same(ledger.prefix.length, { path: ledger.row[1], digest: ledger.row[2] })) return "applied";
  }
  return tenantSqlRefusal(
    "tenant_sql_ledger_moved",
    `the ledger changed while ${ledger.row[1]} was pending: it holds ${rows.length} entries, ${ledger.prefix.length} were expected`,
  );
}

function execFile(sql: string, ledger: LedgerAppend | undefined): ExecFileResult {
  return transaction((db) => {
    if (ledger !== undefined) {
      db.hostQuery(ledger.create);
      const state = ledgerState(db, ledger);
      if (state === "applied") return { ok: true, statements: 0, skipped: true };
      if (state !== "due") throw new EngineRefusal(state);
    }
    const statements = db.tenantScript(sql, []);
    if (ledger !== undefined) {
      db.hostQuery(`INSERT INTO ${ledger.table} (ordinal, path, digest, applied_at) VALUES (?, ?, ?, ?)`, ledger.row);
    }
    return { ok: true, statements, skipped: false };
  });
}

function run(sql: string, params: SqlValue[]): RunResult {
  return transaction((db) => {
    const rows: SqlValue[][] = [];
    let columns: string[] = [];
    let bytes = 0;
    const before = db.changes();
    const count = db.tenantScript(sql, params, (stmt) => {
      if (rows.length === 0) columns = db.columnNames(stmt);
      const row = db.columnValues(stmt);
      for (const value of row) bytes += typeof value === "string" ? Buffer.byteLength(value) : value instanceof Uint8Array ? value.byteLength : 8;
      rows.push(row);
      if (rows.length > limits.resultRows || bytes > limits.resultBytes) {
        throw new EngineRefusal(
          tenantSqlRefusal("tenant_sql_result_too_large", `the result passed the limit of ${limits.resultRows} rows or ${limits.resultBytes} bytes`, 1),
        );
      }
    });
    if (count !== 1) throw new EngineRefusal(tenantSqlRefusal("tenant_sql_error", `run() takes exactly one statement; ${count} were given`));
    return { ok: true, columns, rows, changes: db.changes() - before };
  });
}

function answer(request: WorkerRequest): WorkerReply["result"] {
  try {
    if (request.op === "execFile") return execFile(request.sql, request.ledger);
    if (request.op === "run") return run(request.sql, request.params);
    if (request.op === "statements") return { ok: true, results: transaction((db) => runStatements(db, request.statements, request.bounds), request.commit) };
    loaded?.engine.close();
    lock?.close();
    return { ok: true };
  } catch (error) {
    if (error instanceof EngineRefusal) return error.refusal;
    loaded?.engine.close();
    loaded = undefined;
    return tenantSqlRefusal("tenant_sql_error", `the operation failed: ${(error as Error).message}`);
  }
}

parentPort!.on("message", (request: WorkerRequest) => {
  const result = answer(request);
  const recycle = loaded?.engine.heapExceeded === true;
  parentPort!.postMessage({ id: request.id, result, ...(recycle ? { recycle } : {}) } satisfies WorkerReply);
  if (request.op === "close") parentPort!.close();
});
parentPort!.postMessage({ ready: true });
