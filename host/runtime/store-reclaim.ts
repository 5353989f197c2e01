// What a deleted incarnation kept on disk goes with it (ADR 0306): a KV namespace's values and
// index, a bucket's objects and index, a SQLite database's file and a queue's messages. Nothing
// else removes them, so before this a destroyed store held its bytes on the host's disk, and
// against its tenant's storage quota (ADR 0303), for ever.
//
// A pass lists what is on disk first and reads the live records after: an entry on disk was
// written for a record that existed when it was written (a binding, or a migration, needs the
// record), and a uid never comes back, so an entry whose owner is not live at the later read
// belongs to a deleted incarnation. The queue messages are purged in the same synchronous turn
// as that read, so no queue created after it can have sent one. A pass runs a grace after a
// reconcile that lost a store (the workerd instances switched away from are disposed by then) and
// once after the host starts.

import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import type { DatabaseFiles } from "../files/database-files.js";
import type { KindRegistry } from "../kinds/behaviour.js";
import type { ResourceRecord } from "../store/records.js";
import type { Store } from "../store/store.js";
import { readDesiredState } from "./desired.js";
import { tenantDirectory } from "./names.js";
import { loadedProjections, projectionsFor, type ProjectionOf } from "./projection.js";
import type { QueueStore } from "./queue-store.js";
import { blobAreaRoot, databasesRoot, indexDir, indexObjectId, type BlobArea, type StoreData } from "./store-layout.js";

/** One file or directory of a store's data, and the key of the store that owns it. */
export interface StoredEntry {
  file: string;
  owner: string;
}

const STORE_ID = /^t[0-9a-f]{16}-[0-9a-f]{24}$/;
const INDEX_FILE = /^([0-9a-f]{64})\.sqlite(?:-journal|-wal|-shm)?$/;
const TENANT_DIR = /^[0-9a-f]{32}$/;
/** A database file, its SQLite sidecars, and the lock file of the tenant-SQL guard (tenant-sql/worker.ts). */
const DATABASE_FILE = /^([A-Za-z0-9][A-Za-z0-9._-]{0,127})\.sqlite(?:-journal|-wal|-shm|\.lock)?$/;

/** The owner keys a live store's entries carry (a queue's messages are purged by uid instead). */
export function ownerKeysOf(data: StoreData): string[] {
  switch (data.area) {
    case "kv":
    case "objects":
      return [`${data.area}/${data.id}`, `${data.area}#${indexObjectId(data.area, data.id)}`];
    case "sqlite":
      return [`sqlite/${tenantDirectory(data.tenant)}/${data.uid}`];
    case "queue":
      return [`queue/${data.tenant}/${data.uid}`];
  }
}

/** The entries no live store owns. */
export function unownedEntries(entries: readonly StoredEntry[], live: ReadonlySet<string>): StoredEntry[] {
  return entries.filter((entry) => !live.has(entry.owner));
}

/** Whether a store the last reconcile had is gone from this one (or there was none before). */
export function lostStore(before: ReadonlySet<string> | undefined, now: ReadonlySet<string>): boolean {
  return before === undefined || [...before].some((key) => !now.has(key));
}

/** The storage ids of the KV namespaces and buckets whose blobs are among `entries`. */
export function blobStoreIds(entries: readonly StoredEntry[]): Set<string> {
  const ids = new Set<string>();
  for (const { owner } of entries) {
    const match = /^(?:kv|objects)\/(.+)$/.exec(owner);
    if (match !== null) ids.add(match[1]!);
  }
  return ids;
}

/** The uids of the databases whose files are among `entries`, by tenant directory. */
export function databaseUids(entries: readonly StoredEntry[]): Map<string, string[]> {
  const byTenant = new Map<string, Set<string>>();
  for (const { owner } of entries) {
    const match = /^sqlite\/([0-9a-f]{32})\/(.+)$/.exec(owner);
    if (match === null) continue;
    const uids = byTenant.get(match[1]!) ?? new Set();
    uids.add(match[2]!);
    byTenant.set(match[1]!, uids);
  }
  return new Map([...byTenant].map(([tenant, uids]) => [tenant, [...uids]]));
}

/** Each tenant's live queues. */
export function liveQueues(live: readonly StoreData[]): Map<string, Set<string>> {
  const queues = new Map<string, Set<string>>();
  for (const data of live) {
    if (data.area !== "queue") continue;
    let uids = queues.get(data.tenant);
    if (uids === undefined) queues.set(data.tenant, (uids = new Set()));
    uids.add(data.uid);
  }
  return queues;
}

async function names(dir: string): Promise<{ name: string; directory: boolean }[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.map((entry) => ({ name: entry.name, directory: entry.isDirectory() }));
}

/** Every store entry under DATA that the layout names (store-layout.ts); nothing else is listed. */
export async function listStoredEntries(dataDir: string): Promise<StoredEntry[]> {
  const entries: StoredEntry[] = [];
  for (const area of ["kv", "objects"] as BlobArea[]) {
    const root = blobAreaRoot(dataDir, area);
    for (const { name, directory } of await names(root))
      if (directory && STORE_ID.test(name)) entries.push({ file: path.join(root, name), owner: `${area}/${name}` });
    const index = indexDir(dataDir, area);
    for (const { name, directory } of await names(index)) {
      const match = INDEX_FILE.exec(name);
      if (!directory && match !== null) entries.push({ file: path.join(index, name), owner: `${area}#${match[1]!}` });
    }
  }
  const databases = databasesRoot(dataDir);
  for (const tenant of await names(databases)) {
    if (!tenant.directory || !TENANT_DIR.test(tenant.name)) continue;
    for (const { name, directory } of await names(path.join(databases, tenant.name))) {
      const match = DATABASE_FILE.exec(name);
      if (!directory && match !== null) entries.push({ file: path.join(databases, tenant.name, name), owner: `sqlite/${tenant.name}/${match[1]!}` });
    }
  }
  return entries;
}

export interface ReclaimDeps {
  dataDir: string;
  queues: Pick<QueueStore, "purge">;
  /** Drops other copies of removed databases (PostgreSQL's, ADR 0221). */
  databases?: Pick<DatabaseFiles, "forget">;
  /** Loads what liveNow needs (the kind modules' projections) before the synchronous turn. */
  prepare(): Promise<void>;
  /** The data of every live record, read now; undefined when it cannot be told yet (the pass is tried again). */
  liveNow(): readonly StoreData[] | undefined;
  /** How long after the switch of a reconcile that lost a store the pass runs. */
  delayMs: number;
  /** Told what a pass removed (and nothing when it removed nothing). */
  removed?(entries: readonly StoredEntry[]): void;
}

/** When a pass that failed is tried again. */
const RETRY_MS = 60_000;

export class StoreReclaimer {
  #known: Set<string> | undefined;
  #lost = false;
  #blobStores = new Map<string, { area: BlobArea; id: string }[]>();
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #closed = false;

  constructor(private readonly deps: ReclaimDeps) {}

  /** A reconcile's live stores, read before its plan: a pass follows it when one the last reconcile had is gone (switched). */
  observe(live: readonly StoreData[]): void {
    const keys = new Set(live.flatMap(ownerKeysOf));
    if (lostStore(this.#known, keys)) this.#lost = true;
    this.#known = keys;
    this.#blobStores = new Map();
    for (const data of live) {
      if (data.area !== "kv" && data.area !== "objects") continue;
      const stores = this.#blobStores.get(data.tenant) ?? [];
      stores.push({ area: data.area, id: data.id });
      this.#blobStores.set(data.tenant, stores);
    }
  }

  /** The tenant's KV namespaces and buckets as the last reconcile read them (the storage quota measures their indexes). */
  blobStoresOf(tenant: string): readonly { area: BlobArea; id: string }[] {
    return this.#blobStores.get(tenant) ?? [];
  }

  /**
   * The reconcile observed last has switched, and the instances it switched away from have begun
   * their grace: a pass runs delayMs from now when it lost a store.
   */
  switched(): void {
    if (!this.#lost) return;
    this.#lost = false;
    this.#schedule(this.deps.delayMs);
  }

  #schedule(delayMs: number): void {
    if (this.#timer !== undefined || this.#closed) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.pass().catch((error: unknown) => {
        console.error(`takoform runtime: reclaiming deleted stores failed (tried again in ${RETRY_MS / 1000} s): ${(error as Error).message}`);
        this.#schedule(RETRY_MS);
      });
    }, delayMs);
    this.#timer.unref();
  }

  /** One pass now (a pass asked for while one runs runs once more after it). */
  pass(): Promise<void> {
    if (this.#running !== undefined) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      try {
        do {
          this.#again = false;
          await this.#once();
        } while (this.#again && !this.#closed);
      } finally {
        this.#running = undefined;
      }
    })();
    return this.#running;
  }

  async #once(): Promise<void> {
    const entries = await listStoredEntries(this.deps.dataDir);
    await this.deps.prepare();
    if (this.#closed) return;
    const live = this.deps.liveNow();
    if (live === undefined) return this.#schedule(this.deps.delayMs);
    this.deps.queues.purge(liveQueues(live));
    const dead = unownedEntries(entries, new Set(live.flatMap(ownerKeysOf)));
    // Other copies first: a local file outlives a pass that failed before it, and is found again.
    for (const [tenant, uids] of databaseUids(dead)) await this.deps.databases?.forget(tenant, uids);
    await Promise.all(dead.map((entry) => rm(entry.file, { recursive: true, force: true, maxRetries: 3 })));
    if (dead.length > 0) this.deps.removed?.(dead);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#running?.catch(() => undefined);
  }
}

/** The data the records' kinds say they keep. */
export function storeDataOf(records: readonly ResourceRecord[], projectionOf: ProjectionOf): StoreData[] {
  return records.flatMap((record) => projectionOf(record)?.data?.(record) ?? []);
}

/** The reclaimer of a host's data plane: its live stores read from the store, every replica's commits seen first. */
export function storeReclaimer(options: {
  store: Store;
  kinds: KindRegistry;
  dataDir: string;
  queues: Pick<QueueStore, "purge">;
  databases: Pick<DatabaseFiles, "forget">;
  delayMs: number;
  removed(entries: readonly StoredEntry[]): void;
}): StoreReclaimer {
  const { store, kinds } = options;
  return new StoreReclaimer({
    dataDir: options.dataDir,
    queues: options.queues,
    databases: options.databases,
    delayMs: options.delayMs,
    removed: options.removed,
    async prepare() {
      await store.settled();
      await store.refreshAll?.();
      await projectionsFor(kinds, readDesiredState(store).records);
    },
    liveNow() {
      const records = readDesiredState(store).records;
      const projectionOf = loadedProjections(kinds, records);
      return projectionOf === undefined ? undefined : storeDataOf(records, projectionOf);
    },
  });
}
