// better-sqlite3 engine (the default; docs/decisions/0020-durable-store-engine.md) with group
// commit (docs/decisions/0142-sqlite-group-commit.md).
//
// One key/value table (sqlite-schema.ts) in WAL mode with synchronous=FULL. Writes are decided here, on the event
// loop, and committed by a writer thread (sqlite-writer.ts): the writes staged while one batch
// commits form the next batch, one transaction and one fsync for all of them. Staged writes are
// held in `pending` until their batch is durable:
//   - inside a mutation scope (under a tenant lock) reads see them, so every fence and claim is
//     still decided serially against every earlier decision, and a transaction resolves once
//     staged; the tenant lock answers only after settled(), i.e. once all of it is durable;
//   - outside a mutation scope reads see durable state only, and a transaction resolves once
//     durable.
// A failed batch fails every batch staged after it (they were decided on top of it) and drops
// all pending writes. The cost of a mutation depends on the keys it touches, not on the store's
// size.

import Database from "better-sqlite3";
import { prefixEnd, StoreConflictError, storedText, type Store, type StoreEntry, type StoreWrite } from "./store.js";
import type { ScopedKey } from "./keys.js";
import { insideMutationScope } from "./mutation-scope.js";
import { PrefixCounts } from "./prefix-counts.js";
import { prepareStoreSchema } from "./sqlite-schema.js";
import { ABSENT, rowCache } from "./sqlite-rows.js";
import { DurableKeys } from "./sqlite-keys.js";
import { startSqliteWriter, type Row, type SqliteWriter } from "./sqlite-writer.js";
import { SortedKeys } from "./sorted-keys.js";

/** Prefixes whose live count the store keeps at once (one or two per active tenant's quota). */
const MAX_COUNTED_PREFIXES = 256;

/** Keys the key index holds at most (about 130 bytes each: some 32 MiB). */
const MAX_INDEXED_KEYS = 250_000;

interface StoredRow {
  key: string;
  value: string;
  version: number;
}

/** A staged write as readers see it: value null = deleted; batch = the batch that commits it. */
interface Pending {
  value: string | null;
  version: number;
  batch: Batch;
}

interface Batch {
  rows: Row[];
  durable: Promise<void>;
  resolve: () => void;
  reject: (error: Error) => void;
}

function newBatch(): Batch {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const durable = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  durable.catch(() => undefined); // observed by whoever awaits it
  return { rows: [], durable, resolve, reject };
}

export function openSqliteStore(file: string): Store {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.pragma("busy_timeout = 5000");
  prepareStoreSchema(db, file);
  const selectOne = db.prepare<[string], { value: string; version: number }>("SELECT value, version FROM entries WHERE key = ?");
  const selectRange = db.prepare<[string, string, number], StoredRow>(
    "SELECT key, value, version FROM entries WHERE key >= ? AND key < ? ORDER BY key LIMIT ?",
  );

  const countRange = db.prepare<[string, string, number]>("SELECT count(*) FROM (SELECT 1 FROM entries WHERE key >= ? AND key < ? LIMIT ?)").pluck();
  const keysAfter = db.prepare<[string, number], string>("SELECT key FROM entries WHERE key > ? ORDER BY key LIMIT ?").pluck();

  const pending = new Map<string, Pending>();
  // The keys of `pending` in order, so a list or count finds the staged writes under its prefix
  // without a pass over every pending key.
  let pendingKeys = new SortedKeys();
  // Durable rows as this process last committed or read them (sqlite-rows.ts, ADR 0285).
  const rows = rowCache();
  // Every durable key (ADR 0288; sqlite-keys.ts), read in the background from the first read
  // inside a mutation scope on (a host that only starts and serves reads never reads it), then
  // moved by this process's own commits, as the kept rows are: a key it does not hold has no row,
  // so the first read of a new key (a create's name, uid, replay record) and a list of an empty
  // prefix (the pins of a new address) need no SQLite call. Dropped with the kept rows when a
  // batch fails (read again at the next mutation); none is kept above MAX_INDEXED_KEYS.
  const durableKeys = new DurableKeys((after, limit) => keysAfter.all(after, limit) as string[], MAX_INDEXED_KEYS);
  const keyIndex = () => durableKeys.current(insideMutationScope());
  // One read transaction, so a batch the writer thread commits meanwhile is seen by both or neither.
  const countWithOverlay = db.transaction((prefix: string, end: string, limit: number, overlay: string[]): number => {
    let count = countRange.get(prefix, end, limit) as number;
    for (const key of overlay) {
      // From the same snapshot as the count, not the kept rows: a batch the writer thread has
      // committed but this thread not yet acknowledged is in the count and not yet in `rows`.
      const durable = selectOne.get(key) !== undefined;
      const staged = pending.get(key)!.value !== null;
      if (staged && !durable) count++;
      if (!staged && durable) count--;
    }
    return count;
  });
  // Live keys per counted prefix in the view mutation scopes read (durable + staged), kept from the
  // first count of a prefix on: every staged write moves the prefixes it falls under, so the quota
  // check of each create does not count the tenant's keys in the index again (O(stored)). Dropped
  // with the staged writes when a batch fails.
  const liveCounts = new PrefixCounts(MAX_COUNTED_PREFIXES);
  let open: Batch | undefined; // collecting writes
  let committing: Batch | undefined; // with the writer thread
  let writer: SqliteWriter | undefined;
  let closed = false;

  const failAll = (error: Error) => {
    for (const batch of [committing, open]) batch?.reject(error);
    committing = undefined;
    open = undefined;
    pending.clear();
    pendingKeys = new SortedKeys();
    liveCounts.clear();
    rows.clear();
    durableKeys.drop();
  };

  const flush = () => {
    if (committing !== undefined || open === undefined) return;
    const batch = open;
    open = undefined;
    committing = batch;
    writer ??= startSqliteWriter(file, (error) => {
      writer = undefined;
      failAll(error);
    });
    writer.commit(batch.rows).then(
      () => {
        if (committing !== batch) return;
        committing = undefined;
        // In the same turn as the pending writes leave: a key is always either pending or kept right.
        for (const [key, value, version] of batch.rows) {
          rows.set(key, value === null ? ABSENT : { value, version });
          durableKeys.committed(key, value !== null);
        }
        for (const [key] of batch.rows) {
          if (pending.get(key)?.batch !== batch) continue;
          pending.delete(key);
          pendingKeys.delete(key);
        }
        batch.resolve();
        flush();
      },
      (error: Error) => {
        if (committing === batch) failAll(error);
      },
    );
  };

  const durableRow = (key: string): { value: string | null; version: number } | undefined => {
    const kept = rows.get(key);
    if (kept !== undefined) return kept === ABSENT ? undefined : kept;
    if (keyIndex()?.has(key) === false) return undefined;
    const row = selectOne.get(key); // a fresh { value, version } of its own
    rows.set(key, row ?? ABSENT);
    return row;
  };
  const currentRow = (key: string) => (insideMutationScope() ? (pending.get(key) ?? durableRow(key)) : durableRow(key));
  const toEntry = <T>(key: string, row: { value: string | null; version: number } | undefined): StoreEntry<T> | undefined =>
    row === undefined || row.value === null ? undefined : { key: key as ScopedKey, value: JSON.parse(row.value) as T, version: row.version };

  const stage = (writes: readonly StoreWrite[]): Batch => {
    if (closed) throw new Error("store: closed");
    // Decide every write against the current view first: all or nothing.
    const rows: Row[] = [];
    const versions = new Map<string, number | null>();
    const liveBefore = new Map<string, boolean>(); // for the counted prefixes
    for (const write of writes) {
      const known = versions.has(write.key)
        ? versions.get(write.key)!
        : (() => {
            const row = pending.get(write.key) ?? durableRow(write.key);
            const version = row === undefined || row.value === null ? null : row.version;
            liveBefore.set(write.key, version !== null);
            return version;
          })();
      if (write.expectedVersion === null && known !== null) throw new StoreConflictError(write.key);
      if (typeof write.expectedVersion === "number" && known !== write.expectedVersion) throw new StoreConflictError(write.key);
      if (write.op === "put") {
        const version = (known ?? 0) + 1;
        rows.push([write.key, JSON.stringify(write.value), version]);
        versions.set(write.key, version);
      } else if (known !== null) {
        rows.push([write.key, null, 0]);
        versions.set(write.key, null);
      }
    }
    if (liveCounts.size > 0) for (const [key, was] of liveBefore) liveCounts.move(key, Number((versions.get(key) ?? null) !== null) - Number(was));
    open ??= newBatch();
    const batch = open;
    for (const row of rows) {
      batch.rows.push(row);
      pending.set(row[0], { value: row[1], version: row[2], batch });
      pendingKeys.add(row[0]);
    }
    if (committing === undefined) queueMicrotask(flush);
    return batch;
  };

  return {
    engine: "sqlite",
    get<T>(key: ScopedKey) {
      return toEntry<T>(key, currentRow(key));
    },
    getText(key: ScopedKey) {
      return storedText(currentRow(key));
    },
    list<T>(prefix: ScopedKey, options: { limit?: number } = {}) {
      const end = prefixEnd(prefix);
      const overlay = insideMutationScope() ? pendingKeys.within(prefix) : [];
      if (overlay.length === 0 && keyIndex()?.anyWithin(prefix) === false) return [];
      const limit = overlay.length > 0 ? -1 : (options.limit ?? -1);
      const rows = new Map<string, { value: string | null; version: number }>();
      for (const row of selectRange.all(prefix, end, limit)) rows.set(row.key, row);
      for (const key of overlay) rows.set(key, pending.get(key)!);
      const keys = overlay.length > 0 ? [...rows.keys()].sort() : [...rows.keys()];
      const entries: StoreEntry<T>[] = [];
      for (const key of keys) {
        const entry = toEntry<T>(key, rows.get(key));
        if (entry !== undefined) entries.push(entry);
        if (options.limit !== undefined && entries.length >= options.limit) break;
      }
      return entries;
    },
    count(prefix: ScopedKey, options: { limit?: number } = {}) {
      // The key index alone (no value is read or parsed); inside a mutation scope, staged puts of
      // absent keys add one and staged deletes of durable keys take one away.
      // Inside a mutation scope the count of a prefix is kept once counted (liveCounts).
      const scoped = insideMutationScope();
      const kept = scoped ? liveCounts.get(prefix) : undefined;
      if (kept !== undefined) return options.limit === undefined ? kept : Math.min(kept, options.limit);
      const end = prefixEnd(prefix);
      const overlay = scoped ? pendingKeys.within(prefix) : [];
      if (scoped) {
        const count = overlay.length === 0 ? (countRange.get(prefix, end, -1) as number) : countWithOverlay(prefix, end, -1, overlay);
        liveCounts.set(prefix, count);
        return options.limit === undefined ? count : Math.min(count, options.limit);
      }
      const limit = options.limit === undefined ? -1 : options.limit;
      const count = countRange.get(prefix, end, limit) as number;
      return options.limit === undefined ? count : Math.min(count, options.limit);
    },
    async transaction(writes: readonly StoreWrite[]) {
      if (writes.length === 0) return;
      const batch = stage(writes);
      if (!insideMutationScope()) await batch.durable;
    },
    async settled() {
      const last = open ?? committing;
      if (last !== undefined) await last.durable;
    },
    async close() {
      if (closed) return;
      await this.settled().catch(() => undefined);
      closed = true;
      durableKeys.drop();
      await writer?.close();
      db.close();
    },
  };
}
