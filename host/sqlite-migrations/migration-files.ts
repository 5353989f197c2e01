// Static checks of a migration set, before the database is touched: a non-empty ordered list,
// bytes matching each (path, digest) entry, strict UTF-8 SQL. What the SQL may do is decided by the
// SQLite engine when it runs (host/tenant-sql), never by scanning its text.

import { fileDigest } from "../../corpus/lib/index.js";
import { refuse, type Refusal } from "../rules/outcome.js";

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
    prepared.push({ path: f.path, digest: f.digest, text });
  }
  return { files: prepared };
}
