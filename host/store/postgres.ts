// PostgreSQL engine (--store postgres; docs/decisions/0220-postgres-store.md): several host
// processes share one database.
//
// Reads stay synchronous (store.ts): each process keeps a view of every tenant in memory
// (postgres-mirror.ts), refreshed from the database before a request reads it (refresh) and
// whenever a mutation takes the tenant's lock (exclusive). Every row carries a change sequence
// drawn while its writer holds the tenant's lock, so a tenant's changes commit in sequence order
// and a refresh reads only rows above the highest sequence it has seen.
//
// A mutation of a tenant runs inside one database transaction that first takes the tenant's
// transaction-scoped advisory lock: two processes never decide against the same tenant at once.
// Under that lock the view is refreshed, the rules decide synchronously against it (plus the
// writes staged in this scope), each store transaction is checked against that view and written
// in the same database transaction, and the whole commits when the task ends. Deleted keys stay
// as rows without a value, so a refresh learns about deletions too.

import { createHash } from "node:crypto";
import { AsyncLocalStorage } from "node:async_hooks";
import pg from "pg";
import { tenantOfKey, type ScopedKey } from "./keys.js";
import { sqlLiteral } from "./postgres-literal.js";
import { TenantMirror, toEntry, type ChangeRow } from "./postgres-mirror.js";
import { databaseSchemaVersion, GC_LOCK, LOCK_SPACE, migrate, SCHEMA_VERSION } from "./postgres-schema.js";
import { StoreConflictError, storedText, type Store, type StoreEntry, type StoreWrite } from "./store.js";
import { SharedRefresh } from "./shared-refresh.js";
import { APPLICATION_NAME, SOLE_CLAIM_TIMING, SoleClaim, type GuardRow, type SoleClaimTiming } from "./postgres-sole-claim.js";
import { TransactionBatches, type BatchedTransaction } from "./transaction-batches.js";

/** At most this many mutations share one database transaction (ADR 0289). */
const MAX_BATCH_MEMBERS = 64;

export interface PostgresObserver {
  /** A database transaction of a mutation finished (ms from BEGIN to COMMIT), ok or not. */
  transaction?(ms: number, ok: boolean): void;
  /** Time waited for a tenant's database lock. */
  lockWait?(ms: number): void;
  /** A transaction was begun again after a transient refusal (deadlock, serialization, lock timeout). */
  retry?(): void;
  /** This replica took the sole-replica claim (true) or gave it up or lost it (false) (ADR 0307). */
  soleClaim?(held: boolean): void;
}

interface Scope {
  client: pg.PoolClient;
  tenants: ReadonlySet<string>;
  /** Written in this database transaction, not yet committed: key -> row (seq filled at commit). */
  pending: Map<string, { tenant: string; value: string | null; version: number }>;
  /** Blob bytes to store with this transaction (files/postgres-blobs.ts). */
  blobs: Map<string, Uint8Array>;
  /** Files this transaction may have changed, stored with it when they did (FileSync). */
  files: Map<string, { tenant: string; name: string }>;
}

/** Moves other per-tenant files (files/postgres-database-files.ts) with the entries. */
export interface FileSync {
  /** Key prefix of the entries recording a file's digest: "<prefix>/<tenant>/<name>". */
  readonly prefix: string;
  /** Stores the file if its digest is not `known`; the new digest, or undefined when unchanged or absent. */
  upload(client: pg.PoolClient, tenant: string, name: string, path: string, known: string | undefined): Promise<string | undefined>;
  /** Another replica stored a file with this digest: make it the local copy. */
  fetch(via: pg.Pool | pg.PoolClient, tenant: string, name: string, digest: string): Promise<void>;
}

/** Moves blob bytes (files/postgres-blobs.ts): stored with a mutation, fetched when a hold appears. */
export interface BlobSync {
  store(client: pg.PoolClient, blobs: ReadonlyMap<string, Uint8Array>): Promise<void>;
  /** The tenant's view gained holds of these digests: make their bytes readable here. */
  held(client: pg.Pool | pg.PoolClient, digests: string[]): Promise<void>;
}

export interface PostgresStore extends Store {
  readonly pool: pg.Pool;
  /** Set once by the blob store (files/postgres-blobs.ts). */
  blobSync?: BlobSync;
  /** Set once by the SQLiteDatabase files (files/postgres-database-files.ts). */
  fileSync?: FileSync;
  /** Marks a file of `tenant` the current mutation may change; false outside a mutation. */
  stageFile(tenant: string, name: string, path: string): boolean;
  /** Stores blob bytes in the current tenant's transaction; false outside a mutation. */
  stageBlob(digest: string, bytes: Uint8Array): boolean;
  /** The schema version the database holds now (readiness). */
  schemaCurrent(): Promise<boolean>;
  /** This replica holds the sole-replica claim and answers reads without a refresh (ADR 0307). */
  soleClaimTrusted(): boolean;
}

const COLUMNS = "key, value, version, seq::text AS seq";
/** The rows of a tenant changed after a sequence (SQL text of each: parameters or literals). */
const changesQuery = (tenant: string, seq: string) => `SELECT ${COLUMNS} FROM takoform_entries WHERE tenant = ${tenant} AND seq > ${seq}`;
const REFRESH = changesQuery("$1", "$2");

/** A write transaction's guard found the sole-replica claim held or lost (not an error). */
class GuardRefused extends Error {}

/** The second key of a tenant's advisory lock: 32 bits of sha256(tenant); a collision only serializes two tenants. */
export function tenantLockKey(tenant: string): number {
  return createHash("sha256").update(tenant, "utf8").digest().readInt32BE(0);
}

/** The tenant a key prefix is confined to, or undefined for a host-wide prefix ("operation/"). */
function tenantOfPrefix(prefix: string): string | undefined {
  return prefix.split("/").length >= 3 ? tenantOfKey(prefix as ScopedKey) : undefined;
}

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== "") parsed.password = "***";
    return parsed.toString();
  } catch {
    return "the configured database";
  }
}

export interface PostgresStoreOptions {
  observer?: PostgresObserver;
  poolSize?: number;
  /** The sole-replica claim's timing (ADR 0307); false: this store never takes the claim (it still registers). */
  soleClaim?: SoleClaimTiming | false;
}

export async function openPostgresStore(url: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
  const { observer = {}, poolSize = 10 } = options;
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: APPLICATION_NAME });
  // An idle client losing its connection must not take the process down; the next query reports it.
  pool.on("error", (error) => console.error("takoform host: database connection lost:", error.message));
  try {
    await migrate(pool, redactUrl(url));
  } catch (error) {
    await pool.end();
    throw error;
  }
  const mirrors = new Map<string, TenantMirror>();
  const scopes = new AsyncLocalStorage<Scope>();
  const batches = new TransactionBatches<{ scope: Scope; started: number }>(MAX_BATCH_MEMBERS);
  let closed = false;

  const mirror = (tenant: string): TenantMirror => {
    let found = mirrors.get(tenant);
    if (found === undefined) mirrors.set(tenant, (found = new TenantMirror()));
    return found;
  };

  const loadAll = async () => {
    const result = await pool.query<ChangeRow & { tenant: string }>(`SELECT tenant, ${COLUMNS} FROM takoform_entries`);
    for (const row of result.rows) mirror(row.tenant).apply(row);
  };

  const changesSince = (tenant: string): string => changesQuery(sqlLiteral(tenant), mirror(tenant).seq.toString());

  /** Applies the changes a refresh read: blob bytes and files first, then the entries. */
  const applyChanges = async (tenant: string, rows: readonly ChangeRow[], via: pg.Pool | pg.PoolClient): Promise<void> => {
    const view = mirror(tenant);
    // Bytes first, entries after: once a refresh moved the view past a hold, a concurrent request
    // (whose own refresh then finds nothing newer) may read the bytes at once.
    const named = (row: ChangeRow) => decodeURIComponent(row.key.slice(row.key.lastIndexOf("/") + 1));
    const holds = rows.filter((row) => row.value !== null && row.key.startsWith("blob/")).map(named);
    if (holds.length > 0) await store.blobSync?.held(via, holds);
    const files = store.fileSync;
    if (files !== undefined) {
      for (const row of rows) {
        if (row.value !== null && row.key.startsWith(`${files.prefix}/`))
          await files.fetch(via, tenant, named(row), (JSON.parse(row.value) as { digest: string }).digest);
      }
    }
    for (const row of rows) view.apply(row);
  };

  const refreshNow = async (tenant: string): Promise<void> => {
    const result = await pool.query<ChangeRow>({ name: "takoform_refresh", text: REFRESH, values: [tenant, mirror(tenant).seq.toString()] });
    await applyChanges(tenant, result.rows, pool);
  };

  /** A request's refresh (tenant-view.ts), shared by the requests that ask while one runs. */
  const shared = new SharedRefresh(refreshNow);
  const settledRefresh = Promise.resolve();
  /** The replica holding the sole-replica claim has every acknowledged commit already (ADR 0307). */
  const refresh = (tenant: string): Promise<void> => (claim.trusted() ? settledRefresh : shared.refresh(tenant));

  /** Before COMMIT: files the mutation changed are stored, their digests recorded as entries. */
  const storeFiles = async (scope: Scope): Promise<void> => {
    const files = store.fileSync;
    if (files === undefined) return;
    for (const [path, { tenant, name }] of scope.files) {
      const key = `${files.prefix}/${encodeURIComponent(tenant)}/${encodeURIComponent(name)}` as ScopedKey;
      const known = toEntry<{ digest: string }>(key, currentRow(key))?.value.digest;
      const digest = await files.upload(scope.client, tenant, name, path, known);
      if (digest !== undefined) await write(scope, [{ op: "put", key, value: { digest } }]);
    }
  };

  const currentRow = (key: string): { value: string | null; version: number } | undefined => {
    const scope = scopes.getStore();
    const staged = scope?.pending.get(key);
    return staged ?? mirror(tenantOfKey(key as ScopedKey)).row(key);
  };

  /**
   * Takes a client, BEGINs, takes the database locks of `tenants` (in one order, so two processes
   * never wait on each other crosswise) and reads what changed in their views under them, all in
   * one round trip (a simple query of several statements; every value in it is a number or an
   * escaped literal). A failure here happened before the task ran, so it is retried on a fresh
   * connection (a pooled connection the server dropped, a restarted server) a few times.
   */
  const begin = async (sorted: readonly string[]): Promise<pg.PoolClient> => {
    for (let attempt = 1; ; attempt++) {
      const client = await pool.connect();
      // The write lock and the sole-replica claim's guard (ADR 0307), composed once connected.
      const guard = claim.guardStatements();
      const statements = [
        "BEGIN",
        ...guard,
        ...sorted.map((tenant) => `SELECT pg_advisory_xact_lock(${LOCK_SPACE}, ${tenantLockKey(tenant)})`),
        ...sorted.map(changesSince),
      ];
      let refused: GuardRow | undefined;
      try {
        const asked = performance.now();
        const results = (await client.query(statements.join(";\n"))) as unknown as pg.QueryResult[];
        // Measured with the reads that follow the locks in the same round trip.
        observer.lockWait?.(performance.now() - asked);
        const row = results[guard.length]!.rows[0] as GuardRow;
        if (!claim.admits(row)) {
          refused = row;
          throw new GuardRefused();
        }
        const first = 1 + guard.length + sorted.length;
        for (const [i, tenant] of sorted.entries()) await applyChanges(tenant, (results[first + i] as pg.QueryResult<ChangeRow>).rows, client);
        return client;
      } catch (error) {
        if (refused !== undefined) {
          // Not a failure: the claim is held or was lost by another replica; wait for it, then begin again.
          await client.query("ROLLBACK").catch(() => undefined);
          client.release();
          await claim.settle(refused);
          attempt--;
          if (closed) throw new Error("store: closed");
          continue;
        }
        await client.query("ROLLBACK").catch(() => undefined);
        client.release(true);
        if (attempt >= 3 || closed) throw error;
        observer.retry?.();
      }
    }
  };

  /**
   * Runs task in a database transaction holding the database locks of `tenants`, views refreshed.
   * Tasks of the same tenants that come while one runs share its transaction (ADR 0289).
   */
  const exclusive = <T>(tenants: readonly string[], task: () => Promise<T>, decided?: () => void): Promise<T> => {
    if (closed) return Promise.reject(new Error("store: closed"));
    const sorted = [...new Set(tenants)].sort();
    return batches.run(sorted.join("\n"), transactionOf(sorted), task, decided);
  };

  const transactionOf = (sorted: readonly string[]): BatchedTransaction<{ scope: Scope; started: number }> => ({
    async begin() {
      const started = performance.now();
      const client = await begin(sorted);
      return { started, scope: { client, tenants: new Set(sorted), pending: new Map(), blobs: new Map(), files: new Map() } };
    },
    run: (open, task) => scopes.run(open.scope, task),
    async commit({ scope, started }) {
      const { client } = scope;
      let ok = false;
      try {
        // What the tasks' store transactions wrote commits whether or not a task then failed, as
        // on every engine: a resolved transaction() is a decided one.
        if (scope.blobs.size > 0) await store.blobSync!.store(client, scope.blobs);
        await storeFiles(scope);
        const seqs = await commit(client, scope.pending);
        for (const [key, row] of scope.pending) {
          mirror(row.tenant).apply({ key, value: row.value, version: row.version, seq: seqs.get(key)! });
        }
        ok = true;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        observer.transaction?.(performance.now() - started, ok);
        client.release();
      }
    },
  });

  /**
   * Decides writes against the scope's view. They are held in the scope and written with the
   * COMMIT (commit below), since the tenant's lock keeps every other writer out until then.
   */
  const write = async (scope: Scope, writes: readonly StoreWrite[]): Promise<void> => {
    const decided = new Map<string, { tenant: string; value: string | null; version: number }>();
    for (const write of writes) {
      const tenant = tenantOfKey(write.key);
      if (!scope.tenants.has(tenant)) throw new Error(`store: ${write.key} is outside the locked tenants`);
      const row = decided.get(write.key) ?? currentRow(write.key);
      const known = row === undefined || row.value === null ? null : row.version;
      if (write.expectedVersion === null && known !== null) throw new StoreConflictError(write.key);
      if (typeof write.expectedVersion === "number" && known !== write.expectedVersion) throw new StoreConflictError(write.key);
      if (write.op === "put") decided.set(write.key, { tenant, value: JSON.stringify(write.value), version: (known ?? 0) + 1 });
      else if (known !== null) decided.set(write.key, { tenant, value: null, version: 0 });
    }
    for (const [key, row] of decided) scope.pending.set(key, row);
  };

  /**
   * Writes the scope's rows and commits, in one round trip; each row draws its change sequence
   * under the tenant's lock. Returns key -> sequence.
   */
  const commit = async (client: pg.PoolClient, pending: Scope["pending"]): Promise<Map<string, string>> => {
    const seqs = new Map<string, string>();
    if (pending.size === 0) {
      await client.query("COMMIT");
      return seqs;
    }
    const literal = (value: string | null) => (value === null ? "NULL" : sqlLiteral(value));
    const values = [...pending].map(
      ([key, row]) => `(${literal(key)}, ${literal(row.tenant)}, ${literal(row.value)}, ${row.version}, nextval('takoform_change_seq'))`,
    );
    const results = (await client.query(
      `INSERT INTO takoform_entries (key, tenant, value, version, seq) VALUES ${values.join(", ")}
       ON CONFLICT (key) DO UPDATE SET value = excluded.value, version = excluded.version, seq = excluded.seq
       RETURNING key, seq::text AS seq;
       COMMIT`,
    )) as unknown as pg.QueryResult<{ key: string; seq: string }>[];
    for (const row of results[0]!.rows) seqs.set(row.key, row.seq);
    return seqs;
  };

  await loadAll();
  let claim: SoleClaim;
  try {
    claim = await SoleClaim.start(
      url,
      pool,
      () => store.refreshAll!(),
      options.soleClaim ?? SOLE_CLAIM_TIMING,
      (error) => console.error("takoform host: sole-replica claim:", error instanceof Error ? error.message : String(error)),
      (held) => observer.soleClaim?.(held),
    );
  } catch (error) {
    await pool.end();
    throw error;
  }
  /** The keys under `prefix` in the mirrors and staged by the mutation in scope. */
  const keysWithin = (prefix: ScopedKey): Set<string> => {
    const tenant = tenantOfPrefix(prefix);
    const views = tenant === undefined ? [...mirrors.values()] : [mirror(tenant)];
    const keys = new Set<string>();
    for (const view of views) for (const key of view.keysWithin(prefix)) keys.add(key);
    const scope = scopes.getStore();
    if (scope !== undefined) for (const key of scope.pending.keys()) if (key.startsWith(prefix)) keys.add(key);
    return keys;
  };

  const store: PostgresStore = {
    engine: "postgres",
    pool,
    get<T>(key: ScopedKey) {
      return toEntry<T>(key, currentRow(key));
    },
    getText(key: ScopedKey) {
      return storedText(currentRow(key));
    },
    list<T>(prefix: ScopedKey, options: { limit?: number } = {}) {
      const keys = keysWithin(prefix);
      const entries: StoreEntry<T>[] = [];
      for (const key of [...keys].sort()) {
        const entry = toEntry<T>(key, currentRow(key));
        if (entry !== undefined) entries.push(entry);
        if (options.limit !== undefined && entries.length >= options.limit) break;
      }
      return entries;
    },
    count(prefix: ScopedKey, options: { limit?: number } = {}) {
      // The mirrors' live keys, corrected by the rows staged in this scope, without parsing a
      // value or a key (the quota check of every create counts the tenant's resources).
      const tenant = tenantOfPrefix(prefix);
      const views = tenant === undefined ? [...mirrors.values()] : [mirror(tenant)];
      let live = 0;
      for (const view of views) live += view.countLive(prefix);
      const scope = scopes.getStore();
      if (scope !== undefined) {
        for (const [key, row] of scope.pending) {
          if (!key.startsWith(prefix)) continue;
          live += Number(row.value !== null) - Number(mirror(row.tenant).row(key)?.value != null);
        }
      }
      return options.limit === undefined ? live : Math.min(live, options.limit);
    },
    async transaction(writes: readonly StoreWrite[]) {
      if (writes.length === 0) return;
      const scope = scopes.getStore();
      if (scope !== undefined) return write(scope, writes);
      const tenants = writes.map((entry) => tenantOfKey(entry.key));
      await exclusive(tenants, async () => write(scopes.getStore()!, writes));
    },
    stageBlob(digest, bytes) {
      const scope = scopes.getStore();
      if (scope === undefined) return false;
      scope.blobs.set(digest, bytes);
      return true;
    },
    stageFile(tenant, name, path) {
      const scope = scopes.getStore();
      if (scope === undefined || !scope.tenants.has(tenant)) return false;
      scope.files.set(path, { tenant, name });
      return true;
    },
    exclusive<T>(tenant: string, task: () => Promise<T>, decided?: () => void) {
      return exclusive([tenant], task, decided);
    },
    refresh: (tenant: string) => refresh(tenant),
    viewCurrent: () => claim.trusted(),
    async refreshAll() {
      const known = [...mirrors.keys()];
      const fresh = await pool.query<{ tenant: string }>("SELECT DISTINCT tenant FROM takoform_entries WHERE NOT (tenant = ANY($1::text[]))", [known]);
      await Promise.all([...known, ...fresh.rows.map((row) => row.tenant)].map((tenant) => refresh(tenant)));
    },
    async singleton<T>(_name: "garbage-collection", task: () => Promise<T>): Promise<T | undefined> {
      const client = await pool.connect();
      try {
        const held = await client.query<{ held: boolean }>("SELECT pg_try_advisory_lock($1, $2) AS held", [LOCK_SPACE, GC_LOCK]);
        if (held.rows[0]?.held !== true) return undefined;
        try {
          return await task();
        } finally {
          await client.query("SELECT pg_advisory_unlock($1, $2)", [LOCK_SPACE, GC_LOCK]);
        }
      } finally {
        client.release();
      }
    },
    soleClaimTrusted: () => claim.trusted(),
    async schemaCurrent() {
      return (await databaseSchemaVersion(pool)) === SCHEMA_VERSION;
    },
    settled() {
      return Promise.resolve();
    },
    async close() {
      if (closed) return;
      closed = true;
      await claim.close();
      await pool.end();
    },
  };
  return store;
}
