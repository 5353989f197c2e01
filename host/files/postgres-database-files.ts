// SQLiteDatabase files for hosts sharing a PostgreSQL store (docs/decisions/0221). Each replica
// executes migrations on a local file (DATA/sqlite, as DatabaseFiles); a mutation that opened a
// database's file stores the file's bytes in takoform_sqlite_files before it commits, when they
// changed, and records their digest as an entry of the tenant ("sqlitefile/<tenant>/<uid>"), so
// a replica whose view of the tenant gains that entry replaces its local copy first. A database
// changes only under its tenant's lock (migrations execute in a mutation), so the copy a
// replica reads is the one the last mutation of that tenant left.

import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type pg from "pg";
import { DatabaseFiles } from "./database-files.js";
import type { FileSync, PostgresStore } from "../store/postgres.js";

function digestOf(bytes: Uint8Array): string {
  return `sha256:${createHash("sha256").update(bytes).digest("hex")}`;
}

export class PostgresDatabaseFiles extends DatabaseFiles implements FileSync {
  readonly prefix = "sqlitefile";

  constructor(
    dataDir: string,
    private readonly postgres: PostgresStore,
  ) {
    super(dataDir);
    postgres.fileSync = this;
  }

  override pathOf(tenant: string, uid: string): string {
    const file = super.pathOf(tenant, uid);
    this.postgres.stageFile(tenant, uid, file);
    return file;
  }

  async upload(client: pg.PoolClient, tenant: string, uid: string, file: string, known: string | undefined): Promise<string | undefined> {
    if (!existsSync(file)) return undefined;
    const bytes = readFileSync(file);
    const digest = digestOf(bytes);
    if (digest === known) return undefined;
    await client.query(
      "INSERT INTO takoform_sqlite_files (tenant, uid, digest, bytes) VALUES ($1, $2, $3, $4) ON CONFLICT (tenant, uid) DO UPDATE SET digest = excluded.digest, bytes = excluded.bytes",
      [tenant, uid, digest, bytes],
    );
    return digest;
  }

  /** Deleted databases' bytes leave the shared table too (their digest entries stay, naming no row: a fetch of one finds nothing). */
  override async forget(tenantDirectory: string, uids: readonly string[]): Promise<void> {
    if (uids.length === 0) return;
    await this.postgres.pool.query(
      "DELETE FROM takoform_sqlite_files WHERE uid = ANY($1::text[]) AND substr(encode(sha256(convert_to(tenant, 'UTF8')), 'hex'), 1, 32) = $2",
      [uids, tenantDirectory],
    );
  }

  async fetch(via: pg.Pool | pg.PoolClient, tenant: string, uid: string, digest: string): Promise<void> {
    const file = super.pathOf(tenant, uid);
    if (existsSync(file) && digestOf(readFileSync(file)) === digest) return;
    const result = await via.query<{ digest: string; bytes: Buffer }>("SELECT digest, bytes FROM takoform_sqlite_files WHERE tenant = $1 AND uid = $2", [
      tenant,
      uid,
    ]);
    const row = result.rows[0];
    // A later mutation may have stored newer bytes already: whatever is stored is the newest.
    if (row === undefined || digestOf(row.bytes) !== row.digest) return;
    const temporary = path.join(path.dirname(file), `.tmp-${randomBytes(8).toString("hex")}`);
    writeFileSync(temporary, row.bytes, { mode: 0o600 });
    rmSync(`${file}-journal`, { force: true });
    renameSync(temporary, file);
  }
}
