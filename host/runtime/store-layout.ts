// Where the data plane keeps each store's bytes under DATA, in one place for the runtime that
// writes them (reconcile.ts gives Miniflare its persist directories), the storage quota that
// measures them (storage-usage.ts, ADR 0303) and the reclaimer that removes a deleted
// incarnation's (store-reclaim.ts, ADR 0306):
//
//   runtime/kv/<store id>/blobs/...                           a KV namespace's values
//   runtime/kv/miniflare-KVNamespaceObject/<object id>.sqlite its keys, metadata and expirations
//   runtime/objects/<store id>/blobs/...                      a bucket's object bodies and parts
//   runtime/objects/miniflare-R2BucketObject/<object id>.sqlite its objects' metadata, multipart uploads
//   sqlite/<tenant directory>/<uid>.sqlite                    a SQLiteDatabase (files/database-files.ts)
//   runtime/queues/<tenant directory>.sqlite                  a tenant's queued messages, by queue uid
//
// Miniflare keeps a namespace's or a bucket's index in a Durable Object of its own class, stored
// by workerd under the object's id: the id workerd derives from the store id by name (its
// `idFromName`), which objectIdFromName computes the same way.

import { createHash, createHmac } from "node:crypto";
import path from "node:path";
import { tenantDirectory } from "./names.js";

/** What one live record of a stateful kind keeps on disk (RuntimeProjection.data). */
export type StoreData = { area: BlobArea; tenant: string; id: string } | { area: "sqlite" | "queue"; tenant: string; uid: string };

export type BlobArea = "kv" | "objects";

/** The Durable Object class (its uniqueKey) that holds each blob area's index. */
const INDEX_CLASS: Record<BlobArea, string> = { kv: "miniflare-KVNamespaceObject", objects: "miniflare-R2BucketObject" };

/** The files SQLite keeps beside a database: its rollback journal or its WAL and shared memory. */
export const SQLITE_SIDECARS = ["", "-journal", "-wal", "-shm"] as const;

/** The persist directory Miniflare is given for a blob area (kvPersist, r2Persist). */
export function blobAreaRoot(dataDir: string, area: BlobArea): string {
  return path.join(dataDir, "runtime", area);
}

/** The directory of one store's blobs. */
export function storeBlobDir(dataDir: string, area: BlobArea, id: string): string {
  return path.join(blobAreaRoot(dataDir, area), id);
}

/** The directory holding every tenant's SQLiteDatabase directory. */
export function databasesRoot(dataDir: string): string {
  return path.join(dataDir, "sqlite");
}

/** One tenant's SQLiteDatabase directory (files/database-files.ts puts each incarnation's file in it). */
export function tenantDatabaseDir(dataDir: string, tenant: string): string {
  return path.join(databasesRoot(dataDir), tenantDirectory(tenant));
}

/** The directory of the queue store's per-tenant databases (queue-store.ts). */
export function queuesRoot(dataDir: string): string {
  return path.join(dataDir, "runtime", "queues");
}

/** One tenant's queued messages (queue-store.ts), without its sidecars. */
export function tenantQueueFile(dataDir: string, tenant: string): string {
  return path.join(queuesRoot(dataDir), `${tenantDirectory(tenant)}.sqlite`);
}

/** The directory of an area's index databases. */
export function indexDir(dataDir: string, area: BlobArea): string {
  return path.join(blobAreaRoot(dataDir, area), INDEX_CLASS[area]);
}

/**
 * The id workerd gives the Durable Object named `name` of the class with `uniqueKey`: 16 bytes of
 * HMAC-SHA-256 over the name, keyed by SHA-256 of the uniqueKey, then 16 bytes of the same HMAC
 * over those 16 (the check half), as 64 hex digits.
 */
export function objectIdFromName(uniqueKey: string, name: string): string {
  const key = createHash("sha256").update(uniqueKey).digest();
  const named = createHmac("sha256", key).update(name).digest().subarray(0, 16);
  const check = createHmac("sha256", key).update(named).digest().subarray(0, 16);
  return Buffer.concat([named, check]).toString("hex");
}

/** Index ids computed before (every reconcile asks for each live store's); cleared when large. */
const indexIds = new Map<string, string>();

/** The object id of one store's index (its database's name in indexDir). */
export function indexObjectId(area: BlobArea, id: string): string {
  const key = `${area}/${id}`;
  let objectId = indexIds.get(key);
  if (objectId === undefined) {
    if (indexIds.size >= 100_000) indexIds.clear();
    indexIds.set(key, (objectId = objectIdFromName(INDEX_CLASS[area], id)));
  }
  return objectId;
}

/** The index database of one store, without its sidecars. */
export function storeIndexFile(dataDir: string, area: BlobArea, id: string): string {
  return path.join(indexDir(dataDir, area), `${indexObjectId(area, id)}.sqlite`);
}
