// What one tenant's data-plane stores take on disk (ADR 0303), for the storage quota's
// measurement: the blocks of its KV values and bucket objects (Miniflare keeps each value and
// each object part as a file under DATA/runtime/kv/<id>/blobs and DATA/runtime/objects/<id>/blobs,
// where every id of the tenant starts with the tenant's prefix, names.ts storageId), the files of
// its SQLite databases (DATA/sqlite/<tenant directory>, host/files/database-files.ts) and the pages
// its queue file has in use. Read from the file system, never from anything tenant code says.

import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import { storagePrefix, tenantDirectory } from "./names.js";
import type { QueueStore } from "./queue-store.js";

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

/** The bytes under every store directory of `root` whose name is one of the tenant's ids. */
async function storesBytes(root: string, prefix: string): Promise<number> {
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) if (entry.isDirectory() && entry.name.startsWith(prefix)) total += await treeBytes(path.join(root, entry.name));
  return total;
}

export async function measureTenantStorage(dataDir: string, queues: Pick<QueueStore, "usedBytes">, tenant: string): Promise<number> {
  const runtime = path.join(dataDir, "runtime");
  const prefix = storagePrefix(tenant);
  const [kv, objects, databases] = await Promise.all([
    storesBytes(path.join(runtime, "kv"), prefix),
    storesBytes(path.join(runtime, "objects"), prefix),
    treeBytes(path.join(dataDir, "sqlite", tenantDirectory(tenant))),
  ]);
  return kv + objects + databases + queues.usedBytes(tenant);
}
