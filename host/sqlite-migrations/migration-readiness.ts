// Readiness of a SQLiteMigrationApplication: Ready means the durable ledger EQUALS the exact
// ordered set (same length, same (path, digest) at every position). Reading never creates the
// database or the ledger.

import fs from "node:fs";
import Database from "better-sqlite3";
import { readLedger, type LedgerRow } from "./ledger.js";
import { ledgerPrefix, type MigrationEntry } from "./ledger-prefix.js";

export interface MigrationReadiness {
  ready: boolean;
  /** Whether the ledger is a prefix of the set (false means migration_required). */
  prefix: boolean;
  applied: number;
  total: number;
  ledger: LedgerRow[];
}

/** The ledger of a database file, read-only (empty when the file does not exist). */
export function readLedgerFile(dbPath: string): LedgerRow[] {
  if (!fs.existsSync(dbPath)) return [];
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    return readLedger(db);
  } finally {
    db.close();
  }
}

export function migrationReadiness(dbPath: string, files: readonly MigrationEntry[]): MigrationReadiness {
  const ledger = readLedgerFile(dbPath);
  const prefix = ledgerPrefix(ledger, files);
  return {
    ready: prefix.ok && ledger.length === files.length,
    prefix: prefix.ok,
    applied: ledger.length,
    total: files.length,
    ledger,
  };
}
