// What one tenant's data-plane stores take on disk (ADR 0303), for the storage quota's
// measurement (store-layout.ts has the layout): the blocks of its KV values and bucket objects
// (Miniflare keeps each value and each object part as a file under DATA/runtime/kv/<id>/blobs and
// DATA/runtime/objects/<id>/blobs, where every id of the tenant starts with the tenant's prefix,
// names.ts storageId), the index database of each of those stores (keys, metadata, multipart
// uploads), the files of its SQLite databases (DATA/sqlite/<tenant directory>,
// host/files/database-files.ts) and the pages its queue file has in use. Read from the file
// system, never from anything tenant code says.

import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import { storagePrefix } from "./names.js";
import type { QueueStore } from "./queue-store.js";
import { blobAreaRoot, storeBlobDir, storeIndexFile, tenantDatabaseDir, type BlobArea } from "./store-layout.js";

/**
 * The files of an index that hold what the tenant wrote: the database, its journal and its WAL.
 * Not its shared-memory file (-shm), 32 KiB while the index is open whatever it holds.
 */
const INDEX_FILES = ["", "-journal", "-wal"];

/** The bytes a file takes: its allocated blocks, or its size where the file system reports none. */
async function fileBytes(file: string): Promise<number> {
  const stat = await lstat(file).catch(() => undefined);
  if (stat === undefined || !stat.isFile()) return 0;
  return Math.max(stat.size, stat.blocks * 512);
}

async function treeBytes(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await treeBytes(full);
    else if (entry.isFile()) total += await fileBytes(full);
  }
  return total;
}

/** The ids of the tenant's stores in one area: the directories under it with the tenant's prefix. */
async function storeIds(root: string, prefix: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isDirectory() && entry.name.startsWith(prefix)).map((entry) => entry.name);
}

/** One store's blobs and its index database with the index's journal and WAL. */
async function storeBytes(dataDir: string, area: BlobArea, id: string, blobs: boolean): Promise<number> {
  const index = storeIndexFile(dataDir, area, id);
  const sizes = await Promise.all([blobs ? treeBytes(storeBlobDir(dataDir, area, id)) : 0, ...INDEX_FILES.map((suffix) => fileBytes(`${index}${suffix}`))]);
  return sizes.reduce((sum, size) => sum + size, 0);
}

/**
 * `known`: the tenant's KV namespaces and buckets the runtime knows of; a store that holds no value
 * yet has an index and no directory, and is measured through it.
 */
export async function measureTenantStorage(
  dataDir: string,
  queues: Pick<QueueStore, "usedBytes">,
  tenant: string,
  known: readonly { area: BlobArea; id: string }[] = [],
): Promise<number> {
  const prefix = storagePrefix(tenant);
  const stores: Promise<number>[] = [];
  for (const area of ["kv", "objects"] as BlobArea[]) {
    const withBlobs = new Set(await storeIds(blobAreaRoot(dataDir, area), prefix));
    for (const id of withBlobs) stores.push(storeBytes(dataDir, area, id, true));
    for (const store of known) if (store.area === area && !withBlobs.has(store.id)) stores.push(storeBytes(dataDir, area, store.id, false));
  }
  const sizes = await Promise.all([...stores, treeBytes(tenantDatabaseDir(dataDir, tenant))]);
  return sizes.reduce((sum, size) => sum + size, 0) + queues.usedBytes(tenant);
}
