// Executes a SQLite migration set against a real database file (Host API v1beta1 "SQLite
// migration history"):
//   - serialized per database: an in-process lock keyed by the file's path, and SQLite's own lock
//     (every file runs under BEGIN IMMEDIATE, so another process waits or fails busy);
//   - the ledger inside the database must be an exact prefix of the set, else migration_required
//     and nothing changes;
//   - only the unapplied suffix executes, each file's SQL and its ledger row in ONE transaction;
//     a failing file rolls back itself only, earlier files stay, and a retry resumes there;
//   - inside each transaction the ledger is read again, so a file another process applied in the
//     meantime is skipped rather than run twice.

import Database from "better-sqlite3";
import { refuse, type Refusal } from "../rules/outcome.js";
import { CREATE_LEDGER, LEDGER_TABLE, readLedger, type LedgerRow } from "./ledger.js";
import { ledgerPrefix } from "./ledger-prefix.js";
import { withPathLock } from "./path-lock.js";
import { prepareMigrations, type MigrationFile, type PreparedMigration } from "./migration-files.js";

export interface ApplyOptions {
  /** How long to wait for another connection's lock before failing resource_busy. */
  busyTimeoutMs?: number;
  /** Clock for applied_at (ISO 8601). */
  now?: () => string;
}

export interface ApplyReport {
  /** Paths this call executed, in order. */
  executed: string[];
  /** The ledger after this call. */
  ledger: LedgerRow[];
}

export type ApplyOutcome = ({ ok: true } & ApplyReport) | (Refusal & ApplyReport & { failedPath?: string });

export function applyMigrations(dbPath: string, files: readonly MigrationFile[], options: ApplyOptions = {}): Promise<ApplyOutcome> {
  const prepared = prepareMigrations(files);
  if ("ok" in prepared) return Promise.resolve({ ...prepared, executed: [], ledger: [] });
  return withPathLock(dbPath, () => run(dbPath, prepared.files, options));
}

async function run(dbPath: string, files: PreparedMigration[], options: ApplyOptions): Promise<ApplyOutcome> {
  const db = new Database(dbPath, { timeout: options.busyTimeoutMs ?? 30_000 });
  const now = options.now ?? (() => new Date().toISOString());
  const executed: string[] = [];
  try {
    const before = ledgerPrefix(readLedger(db), files);
    if (!before.ok) return { ...before, executed, ledger: readLedger(db) };
    const insert = () => db.prepare(`INSERT INTO ${LEDGER_TABLE} (ordinal, path, digest, applied_at) VALUES (?, ?, ?, ?)`);
    for (let i = before.applied; i < files.length; i++) {
      const file = files[i]!;
      const step = db.transaction((): "ran" | "skipped" => {
        db.exec(CREATE_LEDGER);
        const prefix = ledgerPrefix(readLedger(db), files);
        if (!prefix.ok) throw new LedgerMoved(prefix);
        if (prefix.applied > i) return "skipped";
        if (prefix.applied < i) throw new LedgerMoved(refuse("migration_required", `the ledger lost entries while ${file.path} was pending`));
        db.exec(file.text);
        if (!db.inTransaction) throw new Error(`${file.path} ended the host's transaction`);
        insert().run(i + 1, file.path, file.digest, now());
        return "ran";
      });
      let result: "ran" | "skipped";
      try {
        result = step.immediate();
      } catch (error) {
        if (error instanceof LedgerMoved) return { ...error.refusal, executed, ledger: readLedger(db) };
        return { ...failure(file.path, error), executed, ledger: readLedger(db), failedPath: file.path };
      }
      if (result === "ran") executed.push(file.path);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return { ok: true, executed, ledger: readLedger(db) };
  } finally {
    db.close();
  }
}

/** Thrown inside a file's transaction so it rolls back when the ledger stopped being a prefix. */
class LedgerMoved extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

function failure(path: string, error: unknown): Refusal {
  const code = (error as { code?: unknown }).code;
  const message = (error as Error).message;
  if (code === "SQLITE_BUSY" || code === "SQLITE_LOCKED") {
    return refuse("resource_busy", `migration ${path} could not take the database lock: ${message}`);
  }
  return refuse("invalid_argument", `migration ${path} failed and was rolled back; earlier files stay applied: ${message}`);
}
