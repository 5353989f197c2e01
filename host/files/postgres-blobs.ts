// Blob bytes for hosts sharing a PostgreSQL store (docs/decisions/0221-replica-shared-state.md).
// The same content addressing and per-tenant holding as BlobFiles; the bytes live in the database,
// in 1 MiB chunks of takoform_blob_chunks, written in the same transaction as the hold that
// records the upload. Each replica keeps the files it has read or written in its data directory as
// a cache, so reads stay synchronous: a replica whose view of a tenant gains a hold fetches those
// bytes (verified against their address) before anything reads them (BlobSync.held).
//
// Collection runs on one replica at a time (the store's singleton). It deletes the chunks of an
// address only while no hold of it exists, holding the blob lock exclusively; every transaction
// that stores chunks holds it shared until it commits, so an upload committing a new hold of an
// address and its deletion never interleave. The narrow surface (store, held, digests, remove) is
// what an object store would implement instead.

import { createHash } from "node:crypto";
import type pg from "pg";
import { BlobFiles } from "./blob-files.js";
import { BLOB_LOCK, LOCK_SPACE } from "../store/postgres-schema.js";
import type { BlobSync, PostgresStore } from "../store/postgres.js";

const CHUNK = 1024 * 1024;

function digestOf(bytes: Uint8Array): string {
  return `sha256:${createHash("sha256").update(bytes).digest("hex")}`;
}

export class PostgresBlobs extends BlobFiles implements BlobSync {
  #known: string[] = [];
  #removals: Promise<void> = Promise.resolve();

  constructor(
    dataDir: string,
    private readonly postgres: PostgresStore,
    private readonly report: (error: unknown) => void = (error) => console.error("takoform host: blob removal failed:", error),
  ) {
    super(dataDir);
    postgres.blobSync = this;
  }

  /** Stores in this replica's cache and, with the mutation that holds it, in the database. */
  override write(digest: string, bytes: Uint8Array): void {
    super.write(digest, bytes);
    if (!this.postgres.stageBlob(digest, bytes)) throw new Error("blob bytes can only be stored by a mutation (under a tenant lock)");
  }

  async store(client: pg.PoolClient, blobs: ReadonlyMap<string, Uint8Array>): Promise<void> {
    await client.query("SELECT pg_advisory_xact_lock_shared($1, $2)", [LOCK_SPACE, BLOB_LOCK]);
    for (const [digest, bytes] of blobs) {
      const chunks: Buffer[] = [];
      for (let offset = 0; offset < bytes.length || offset === 0; offset += CHUNK) chunks.push(Buffer.from(bytes.subarray(offset, offset + CHUNK)));
      await client.query(
        "INSERT INTO takoform_blob_chunks (digest, chunk, bytes) SELECT $1, c.n - 1, c.bytes FROM unnest($2::bytea[]) WITH ORDINALITY AS c(bytes, n) ON CONFLICT (digest, chunk) DO NOTHING",
        [digest, chunks],
      );
    }
  }

  async held(client: pg.Pool | pg.PoolClient, digests: string[]): Promise<void> {
    for (const digest of new Set(digests)) {
      if (this.has(digest)) continue;
      const result = await client.query<{ bytes: Buffer }>("SELECT bytes FROM takoform_blob_chunks WHERE digest = $1 ORDER BY chunk", [digest]);
      const bytes = Buffer.concat(result.rows.map((row) => row.bytes));
      // Only bytes that hash to their address are cached; anything else stays unreadable here.
      if (result.rows.length > 0 && digestOf(bytes) === digest) super.write(digest, bytes);
    }
  }

  /** Before a collection pass: the addresses the database stores. */
  async refreshDigests(): Promise<void> {
    const result = await this.postgres.pool.query<{ digest: string }>("SELECT DISTINCT digest FROM takoform_blob_chunks");
    this.#known = result.rows.map((row) => row.digest);
  }

  override digests(): string[] {
    return [...this.#known];
  }

  /** Removes the cached file now and the stored chunks once no hold of the address exists. */
  override remove(digest: string): void {
    super.remove(digest);
    const encoded = encodeURIComponent(digest);
    const pool = this.postgres.pool;
    this.#removals = this.#removals
      .then(async () => {
        const client = await pool.connect();
        try {
          await client.query("BEGIN");
          await client.query("SELECT pg_advisory_xact_lock($1, $2)", [LOCK_SPACE, BLOB_LOCK]);
          await client.query(
            `DELETE FROM takoform_blob_chunks WHERE digest = $1 AND NOT EXISTS (
               SELECT 1 FROM takoform_entries WHERE key LIKE 'blob/%' AND right(key, length($2) + 1) = '/' || $2 AND value IS NOT NULL)`,
            [digest, encoded],
          );
          await client.query("COMMIT");
        } catch (error) {
          await client.query("ROLLBACK").catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      })
      .catch(this.report);
  }

  /** Resolves once every removal asked for so far has finished. */
  removed(): Promise<void> {
    return this.#removals;
  }
}
