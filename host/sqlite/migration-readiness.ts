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

export function migrationReadiness(dbPath: string, files: readonly MigrationEntry[]): MigrationReadiness {
  let ledger: LedgerRow[] = [];
  if (fs.existsSync(dbPath)) {
    const db = new Database(dbPath, { readonly: true, fileMustExist: true });
    try {
      ledger = readLedger(db);
    } finally {
      db.close();
    }
  }
  const prefix = ledgerPrefix(ledger, files);
  return {
    ready: prefix.ok && ledger.length === files.length,
    prefix: prefix.ok,
    applied: ledger.length,
    total: files.length,
    ledger,
  };
}
