// The PostgreSQL store's schema, created and migrated by the host on start
// (docs/decisions/0220-postgres-store.md). Every applied migration is a row of
// takoform_schema_migrations; a host refuses a database whose newest migration it does not know.
// Migrations run one process at a time (a session advisory lock), each in its own transaction.

import type { Pool, PoolClient } from "pg";

/** Advisory lock key space of this host (the first key of every two-key advisory lock it takes). */
export const LOCK_SPACE = 0x74616b6f; // "tako"
export const MIGRATION_LOCK = 1;
export const GC_LOCK = 2;
export const BLOB_LOCK = 3;
export const DATA_PLANE_LOCK = 4;
/** The sole-replica claim (postgres-sole-claim.ts): shared by every store and writer, exclusive for the holder. */
export const SOLE_LOCK = 5;
/** Taken shared by every write transaction; a new holder of the claim waits for it exclusively once (its barrier). */
export const WRITE_LOCK = 6;

interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "entries, change sequence, host secret, blob chunks",
    sql: `
      CREATE SEQUENCE takoform_change_seq;
      CREATE TABLE takoform_entries (
        key text COLLATE "C" PRIMARY KEY,
        tenant text NOT NULL,
        value text,
        version integer NOT NULL,
        seq bigint NOT NULL
      );
      CREATE INDEX takoform_entries_tenant_seq ON takoform_entries (tenant, seq);
      CREATE TABLE takoform_host_secret (
        id integer PRIMARY KEY CHECK (id = 1),
        secret bytea NOT NULL
      );
      CREATE TABLE takoform_blob_chunks (
        digest text NOT NULL,
        chunk integer NOT NULL,
        bytes bytea NOT NULL,
        PRIMARY KEY (digest, chunk)
      );
    `,
  },
  {
    version: 2,
    name: "SQLiteDatabase files",
    sql: `
      CREATE TABLE takoform_sqlite_files (
        tenant text NOT NULL,
        uid text NOT NULL,
        digest text NOT NULL,
        bytes bytea NOT NULL,
        PRIMARY KEY (tenant, uid)
      );
    `,
  },
  {
    version: 3,
    name: "sealing key of sensitive values",
    sql: `
      CREATE TABLE takoform_secrets_key (
        id integer PRIMARY KEY CHECK (id = 1),
        key bytea NOT NULL
      );
    `,
  },
  {
    version: 4,
    name: "sole-replica claim",
    sql: `
      CREATE TABLE takoform_sole_claim (
        id integer PRIMARY KEY CHECK (id = 1),
        holder text
      );
      INSERT INTO takoform_sole_claim (id, holder) VALUES (1, NULL);
    `,
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

export class NewerSchemaError extends Error {}

async function appliedVersion(client: PoolClient): Promise<number> {
  const result = await client.query<{ version: number | null }>("SELECT max(version) AS version FROM takoform_schema_migrations");
  return result.rows[0]?.version ?? 0;
}

/** The schema version the database holds (0 when none). */
export async function databaseSchemaVersion(pool: Pool): Promise<number> {
  const result = await pool.query<{ version: number | null }>(
    "SELECT CASE WHEN to_regclass('takoform_schema_migrations') IS NULL THEN 0 ELSE (SELECT max(version) FROM takoform_schema_migrations) END AS version",
  );
  return result.rows[0]?.version ?? 0;
}

/** Brings the database to SCHEMA_VERSION; returns the versions applied now. */
export async function migrate(pool: Pool, where: string): Promise<number[]> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1, $2)", [LOCK_SPACE, MIGRATION_LOCK]);
    try {
      await client.query(
        "CREATE TABLE IF NOT EXISTS takoform_schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())",
      );
      const current = await appliedVersion(client);
      if (current > SCHEMA_VERSION) {
        throw new NewerSchemaError(
          `store: ${where} has store schema ${current}, written by a newer takoform; this host knows schema ${SCHEMA_VERSION} and older`,
        );
      }
      const applied: number[] = [];
      for (const migration of MIGRATIONS) {
        if (migration.version <= current) continue;
        await client.query("BEGIN");
        try {
          await client.query(migration.sql);
          await client.query("INSERT INTO takoform_schema_migrations (version, name) VALUES ($1, $2)", [migration.version, migration.name]);
          await client.query("COMMIT");
        } catch (error) {
          await client.query("ROLLBACK");
          throw error;
        }
        applied.push(migration.version);
      }
      return applied;
    } finally {
      await client.query("SELECT pg_advisory_unlock($1, $2)", [LOCK_SPACE, MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
