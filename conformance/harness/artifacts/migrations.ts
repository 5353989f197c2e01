// MigrationBundle artifacts for the SQLite migration checks: the corpus-pinned ordered set
// (migrations/create-tables: customers, orders, an index) and files of the check's own, whose
// table names carry the check's salt so no two runs' SQL can meet in one database.

import type { CheckContext } from "../context.js";
import { fileBundle, pinned, SQL, type Artifact, type FileInput } from "./bundles.js";

/** One application/sql file. */
export function sqlFile(path: string, sql: string): FileInput {
  return { path, mediaType: SQL, bytes: Buffer.from(sql, "utf8") };
}

/** The pinned create-tables files, in their migration order. */
export function pinnedMigrations(ctx: CheckContext): FileInput[] {
  const art = pinned(ctx, "migrations/create-tables");
  const files = art.manifest["files"] as { path: string; digest: string }[];
  return files.map((f) => ({ path: f.path, mediaType: SQL, bytes: art.blobs.get(f.digest)! }));
}

export function migrationBundle(files: readonly FileInput[]): Artifact {
  return fileBundle("MigrationBundle", files);
}

/** A SQL identifier unique to this check and run (lowercase letters, digits, underscores). */
export function sqlName(ctx: CheckContext, hint: string): string {
  return `${hint}_${ctx.names
    .key()
    .replace(/[^a-z0-9]/gi, "_")
    .toLowerCase()}`;
}
