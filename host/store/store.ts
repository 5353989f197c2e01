// The narrow store interface every engine implements. Rules never see it; the lifecycle
// pipeline reads through get/list and writes one atomic transaction per accepted mutation.

import type { ScopedKey } from "./keys.js";

export interface StoreEntry<T = unknown> {
  key: ScopedKey;
  value: T;
  /** Per-key version, 1 on first write, +1 on every put. */
  version: number;
}

export type StoreWrite =
  | {
      op: "put";
      key: ScopedKey;
      value: unknown;
      /** null: the key must be absent; a number: the current version must equal it; undefined: unconditional. */
      expectedVersion?: number | null;
    }
  | { op: "delete"; key: ScopedKey; expectedVersion?: number };

/** getText's answer for an engine row of JSON text (value null: deleted or absent). */
export function storedText(row: { value: string | null; version: number } | undefined): { text: string; version: number } | undefined {
  return row === undefined || row.value === null ? undefined : { text: row.value, version: row.version };
}

/** A transaction found a key at another version than the caller read: nothing was written. */
export class StoreConflictError extends Error {
  constructor(readonly key: string) {
    super(`store: version conflict on ${key}`);
    this.name = "StoreConflictError";
  }
}

export type StoreEngine = "sqlite" | "lowdb" | "postgres";

export interface Store {
  readonly engine: StoreEngine;
  /**
   * Reads are synchronous (both engines read from memory or from SQLite synchronously), so the
   * rules of a mutation can be given a synchronous, tenant-scoped view of the store while the
   * tenant lock is held.
   */
  get<T>(key: ScopedKey): StoreEntry<T> | undefined;
  /**
   * The JSON text get(key) would parse, as stored, and its version: for a caller that keeps what it
   * derives from an entry and reuses it while the text is the same (the read verb's renderings).
   * An engine without it is read through get.
   */
  getText?(key: ScopedKey): { text: string; version: number } | undefined;
  /** Entries whose key starts with prefix, in key order. */
  list<T>(prefix: ScopedKey, options?: { limit?: number }): StoreEntry<T>[];
  /**
   * How many entries list(prefix) would return (at most limit), without reading their values; an
   * engine without it is counted through list (countEntries).
   */
  count?(prefix: ScopedKey, options?: { limit?: number }): number;
  /**
   * Applies every write or none, decided against every write staged before it. Outside a mutation
   * scope (mutation-scope.ts) it resolves only once the writes are durable (they survive a kill -9
   * of this process). Inside one, an engine may resolve once the writes are staged (visible to
   * later mutations, not to plain reads); the tenant lock then awaits settled() before it answers.
   * Throws StoreConflictError when an expectedVersion does not hold.
   */
  transaction(writes: readonly StoreWrite[]): Promise<void>;
  /**
   * Engines shared by several processes (postgres) only. exclusive runs a tenant's mutation holding
   * that tenant's database-level lock, its view refreshed first, and commits what it wrote before
   * resolving (TenantLocks calls it inside the in-process lock). decided is called once the task
   * has ended and before the commit: from then on nothing of the mutation runs but the commit, so
   * the caller may let its next mutation of the tenant queue for the database lock.
   */
  exclusive?<T>(tenant: string, task: () => Promise<T>, decided?: () => void): Promise<T>;
  /** Reads of `tenant` after it resolves see every write committed anywhere before it was called. */
  refresh?(tenant: string): Promise<void>;
  /** True when reads already see every write committed anywhere (refresh would do nothing now). */
  viewCurrent?(): boolean;
  /** refresh for every tenant the database holds (the host-wide sweeps call it first). */
  refreshAll?(): Promise<void>;
  /** Runs task unless another process sharing the store runs it now (then resolves undefined). */
  singleton?<T>(name: "garbage-collection", task: () => Promise<T>): Promise<T | undefined>;
  /** Resolves once every write staged so far is durable; rejects when one of them failed. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** Exclusive upper bound of the key range sharing `prefix` (keys are ASCII, see keys.ts). */
export function prefixEnd(prefix: string): string {
  return prefix + "\u007f";
}

/** store.count when the engine has it, else the length of store.list. */
export function countEntries(store: Pick<Store, "list" | "count">, prefix: ScopedKey, options: { limit?: number } = {}): number {
  return store.count !== undefined ? store.count(prefix, options) : store.list(prefix, options).length;
}
