// Static checks of a migration set, before the database is touched: a non-empty ordered list,
// bytes matching each (path, digest) entry, strict UTF-8 SQL, no transaction-control statement
// (each file runs inside the host's own transaction), and no reference to the host's ledger.

import { fileDigest } from "../../corpus/lib/index.js";
import { refuse, type Refusal } from "../rules/outcome.js";
import { transactionControlStatement } from "./sql-statements.js";
import { LEDGER_TABLE } from "./ledger.js";

export interface MigrationFile {
  path: string;
  digest: string;
  /** The file's bytes (or text) as stored for the MigrationBundle. */
  sql: Uint8Array | string;
}

export interface PreparedMigration {
  path: string;
  digest: string;
  text: string;
}

export function prepareMigrations(files: readonly MigrationFile[]): { files: PreparedMigration[] } | Refusal {
  if (files.length === 0) return refuse("artifact_invalid", "a migration set lists at least one file");
  const prepared: PreparedMigration[] = [];
  const decoder = new TextDecoder("utf-8", { fatal: true });
  for (let i = 0; i < files.length; i++) {
    const f = files[i]!;
    const bytes = typeof f.sql === "string" ? new TextEncoder().encode(f.sql) : f.sql;
    if (fileDigest(bytes) !== f.digest) return refuse("artifact_invalid", `/files/${i}: the bytes of ${f.path} do not hash to ${f.digest}`, `/files/${i}`);
    let text: string;
    try {
      text = decoder.decode(bytes);
    } catch {
      return refuse("artifact_invalid", `/files/${i}: ${f.path} is not valid UTF-8`, `/files/${i}`);
    }
    const control = transactionControlStatement(text);
    if (control !== undefined) {
      return refuse(
        "invalid_argument",
        `/files/${i}: ${f.path} statement ${control.index + 1} is ${control.keyword}; a migration file runs inside the host's transaction and may not control it`,
        `/files/${i}`,
      );
    }
    if (text.toLowerCase().includes(LEDGER_TABLE)) {
      return refuse("invalid_argument", `/files/${i}: ${f.path} refers to ${LEDGER_TABLE}, the host's migration ledger`, `/files/${i}`);
    }
    prepared.push({ path: f.path, digest: f.digest, text });
  }
  return { files: prepared };
}
