// The in-memory view a PostgreSQL store keeps of each tenant (postgres.ts): entries by key with a
// sorted key index (sorted-keys.ts), so get is a map lookup and list a binary-searched range
// whatever the tenant's size, and the highest change sequence seen, from which the next refresh
// reads only what changed.
// Values are kept as JSON text and parsed on every read, so a reader never holds a live reference.

import type { ScopedKey } from "./keys.js";
import { PrefixCounts } from "./prefix-counts.js";
import { SortedKeys } from "./sorted-keys.js";
import type { StoreEntry } from "./store.js";

/** A key as last seen: value null = deleted (kept, so an older change read late cannot revive it). */
export interface MirrorRow {
  value: string | null;
  version: number;
  seq: bigint;
}

/** A change as read back from the database: value null = the key was deleted. */
export interface ChangeRow {
  key: string;
  value: string | null;
  version: number;
  seq: string;
}

/** Prefixes whose live count a view keeps at once (a tenant's quota checks count one or two). */
const MAX_COUNTED_PREFIXES = 16;

export function toEntry<T>(key: string, row: { value: string | null; version: number } | undefined): StoreEntry<T> | undefined {
  return row === undefined || row.value === null ? undefined : { key: key as ScopedKey, value: JSON.parse(row.value) as T, version: row.version };
}

export class TenantMirror {
  readonly #rows = new Map<string, MirrorRow>();
  /** Every key seen, deleted ones included (their rows are kept as tombstones). */
  readonly #keys = new SortedKeys();
  /** Live keys per counted prefix (countLive). */
  readonly #liveCounts = new PrefixCounts(MAX_COUNTED_PREFIXES);
  /** Highest change sequence applied (decimal text of a bigint). */
  seq = 0n;

  row(key: string): MirrorRow | undefined {
    return this.#rows.get(key);
  }

  /** Keys in [prefix, prefixEnd(prefix)), in order. */
  keysWithin(prefix: string): string[] {
    return this.#keys.within(prefix);
  }

  /**
   * How many keys in [prefix, prefixEnd(prefix)) hold a value, without parsing one. A prefix once
   * counted keeps its count, moved by every change applied after (the quota check of each create
   * counts the same prefix), so only the first count of a prefix walks its keys.
   */
  countLive(prefix: string): number {
    let live = this.#liveCounts.get(prefix);
    if (live !== undefined) return live;
    live = 0;
    for (const key of this.#keys.within(prefix)) if (this.#rows.get(key)!.value !== null) live += 1;
    this.#liveCounts.set(prefix, live);
    return live;
  }

  /**
   * Applies one committed change. Changes may arrive out of order (a refresh that started before a
   * commit can answer after it): a key keeps the change with the highest sequence.
   */
  apply(change: ChangeRow): void {
    const seq = BigInt(change.seq);
    if (seq > this.seq) this.seq = seq;
    const known = this.#rows.get(change.key);
    if (known !== undefined && known.seq >= seq) return;
    this.#rows.set(change.key, { value: change.value, version: change.version, seq });
    const moved = Number(change.value !== null) - Number(known !== undefined && known.value !== null);
    this.#liveCounts.move(change.key, moved);
    if (known === undefined) this.#keys.add(change.key);
  }
}
