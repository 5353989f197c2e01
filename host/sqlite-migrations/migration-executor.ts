// Executes a SQLite migration set against a real database file (Host API v1beta1 "SQLite
// migration history"). Tenant SQL reaches the file only through host/tenant-sql (ADR 0170): a
// worker thread, the SQLite engine deciding where each statement ends, an authorizer refusing
// everything outside the tenant's own tables, and a time and memory bound.
//   - serialized per database: an in-process lock keyed by the file's path, and a cross-process
//     lock the tenant-sql worker takes for every file;
//   - the ledger inside the database must be an exact prefix of the set, else migration_required
//     and nothing changes;
//   - only the unapplied suffix executes, each file's SQL and its ledger row in ONE transaction;
//     a failing file rolls back itself only, earlier files stay, and a retry resumes there;
//   - inside each transaction the ledger is read again, so a file another process applied in the
//     meantime is skipped rather than run twice.

import { refuse, type Refusal } from "../rules/outcome.js";
import { openTenantDatabase, type TenantSqlLimits } from "../tenant-sql/index.js";
import { CREATE_LEDGER, LEDGER_TABLE, type LedgerRow } from "./ledger.js";
import { ledgerPrefix } from "./ledger-prefix.js";
import { withPathLock } from "./path-lock.js";
import { prepareMigrations, type MigrationFile, type PreparedMigration } from "./migration-files.js";
import { readLedgerFile } from "./migration-readiness.js";

export interface ApplyOptions {
  /** How long to wait for another process's lock before failing resource_busy. */
  busyTimeoutMs?: number;
  /** Clock for applied_at (ISO 8601). */
  now?: () => string;
  /** Bounds of each file's execution (time, memory, size). */
  limits?: Partial<TenantSqlLimits>;
}

export interface ApplyReport {
  /** Paths this call executed, in order. */
  executed: string[];
  /** The ledger after this call. */
  ledger: LedgerRow[];
}

export type ApplyOutcome = ({ ok: true } & ApplyReport) | (Refusal & ApplyReport & { failedPath?: string; hostCode?: string });

export function applyMigrations(dbPath: string, files: readonly MigrationFile[], options: ApplyOptions = {}): Promise<ApplyOutcome> {
  const prepared = prepareMigrations(files);
  if ("ok" in prepared) return Promise.resolve({ ...prepared, executed: [], ledger: [] });
  return withPathLock(dbPath, () => run(dbPath, prepared.files, options));
}

async function run(dbPath: string, files: PreparedMigration[], options: ApplyOptions): Promise<ApplyOutcome> {
  const now = options.now ?? (() => new Date().toISOString());
  const executed: string[] = [];
  const before = ledgerPrefix(readLedgerFile(dbPath), files);
  if (!before.ok) return { ...before, executed, ledger: readLedgerFile(dbPath) };
  const limits = { ...options.limits, ...(options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs }) };
  const db = openTenantDatabase(dbPath, { limits, protectedTables: [LEDGER_TABLE] });
  try {
    for (let i = before.applied; i < files.length; i++) {
      const file = files[i]!;
      const prefix = files.slice(0, i).map((f) => ({ path: f.path, digest: f.digest }));
      const outcome = await db.execFile(file.text, {
        ledger: { table: LEDGER_TABLE, create: CREATE_LEDGER, prefix, row: [i + 1, file.path, file.digest, now()] },
      });
      if (!outcome.ok) {
        const ledger = readLedgerFile(dbPath);
        if (outcome.hostCode === "tenant_sql_ledger_moved") return { ...refuse("migration_required", outcome.message), executed, ledger };
        const message = `migration ${file.path} was refused and rolled back; earlier files stay applied: ${outcome.message}`;
        return { ...refuse(outcome.code, message), executed, ledger, failedPath: file.path, hostCode: outcome.hostCode };
      }
      if (!outcome.skipped) executed.push(file.path);
    }
    return { ok: true, executed, ledger: readLedgerFile(dbPath) };
  } finally {
    await db.close();
  }
}
