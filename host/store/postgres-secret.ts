// The host secret (secret.ts) for hosts sharing a PostgreSQL store: kept in the database, created
// by whichever replica starts first, so a prepare digest minted by one replica is accepted by
// every other (docs/decisions/0221-replica-shared-state.md).

import { randomBytes } from "node:crypto";
import type pg from "pg";

export async function sharedHostSecret(pool: pg.Pool): Promise<Buffer> {
  await pool.query("INSERT INTO takoform_host_secret (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING", [randomBytes(32)]);
  const result = await pool.query<{ secret: Buffer }>("SELECT secret FROM takoform_host_secret WHERE id = 1");
  const secret = result.rows[0]?.secret;
  if (secret === undefined || secret.length < 32) throw new Error("store: the database's host secret is missing or shorter than 32 bytes");
  return secret;
}
