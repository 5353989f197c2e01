// The durable migration ledger lives INSIDE the database it describes, one row per applied file,
// in manifest order. Its entry identity is (path, digest); ordinal is the 1-based position.

import type Database from "better-sqlite3";

export const LEDGER_TABLE = "takoform_migration_ledger";

export interface LedgerRow {
  ordinal: number;
  path: string;
  digest: string;
  applied_at: string;
}

export const CREATE_LEDGER = `CREATE TABLE IF NOT EXISTS ${LEDGER_TABLE} (
  ordinal INTEGER PRIMARY KEY CHECK (ordinal >= 1),
  path TEXT NOT NULL,
  digest TEXT NOT NULL,
  applied_at TEXT NOT NULL
) STRICT`;

export function ledgerExists(db: Database.Database): boolean {
  return db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(LEDGER_TABLE) !== undefined;
}

export function readLedger(db: Database.Database): LedgerRow[] {
  if (!ledgerExists(db)) return [];
  return db.prepare(`SELECT ordinal, path, digest, applied_at FROM ${LEDGER_TABLE} ORDER BY ordinal`).all() as LedgerRow[];
}
