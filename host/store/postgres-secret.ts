// The keys replicas of one PostgreSQL store must share, kept in the database and created by
// whichever replica starts first (docs/decisions/0221-replica-shared-state.md):
// - the host secret (secret.ts), so a prepare digest minted by one replica is accepted by every other;
// - the sealing key of sensitive values (secrets/seal.ts, ADR 0266), so a value set through one
//   replica is unsealed by every other (the data plane of any replica can put it on a worker's env).

import { randomBytes } from "node:crypto";
import type pg from "pg";

/** Inserts `candidate` unless the row exists, and answers the row's key, whichever replica wrote it. */
async function sharedKey(pool: pg.Pool, table: "takoform_host_secret" | "takoform_secrets_key", column: "secret" | "key", candidate: Buffer): Promise<Buffer> {
  await pool.query(`INSERT INTO ${table} (id, ${column}) VALUES (1, $1) ON CONFLICT (id) DO NOTHING`, [candidate]);
  const result = await pool.query<{ key: Buffer }>(`SELECT ${column} AS key FROM ${table} WHERE id = 1`);
  return result.rows[0]?.key ?? Buffer.alloc(0);
}

export async function sharedHostSecret(pool: pg.Pool): Promise<Buffer> {
  const secret = await sharedKey(pool, "takoform_host_secret", "secret", randomBytes(32));
  if (secret.length < 32) throw new Error("store: the database's host secret is missing or shorter than 32 bytes");
  return secret;
}

/**
 * The sealing key of sensitive values. `offered` is the key of this replica's data directory when
 * it has one (values it sealed before the key moved into the database stay readable when it is the
 * first to start); otherwise a fresh random key.
 */
export async function sharedSecretsKey(pool: pg.Pool, offered: Buffer | undefined): Promise<Buffer> {
  const key = await sharedKey(pool, "takoform_secrets_key", "key", offered ?? randomBytes(32));
  if (key.length !== 32) throw new Error("store: the database's sealing key of sensitive values is missing or not 32 bytes");
  return key;
}
