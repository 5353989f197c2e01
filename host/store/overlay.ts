// A staging area over a Store: reads see the committed store with the staged writes applied, so a
// mutation can compute everything its writes affect (derived rendering of other resources) against
// the state it is about to commit, then commit all of it in one transaction.

import type { ScopedKey } from "./keys.js";
import { prefixEnd, type Store, type StoreEntry, type StoreWrite } from "./store.js";

export type StoreReader = Pick<Store, "get" | "list">;

export class StagedWrites implements StoreReader {
  readonly #staged = new Map<string, StoreWrite>();

  constructor(private readonly base: StoreReader) {}

  stage(write: StoreWrite): void {
    const earlier = this.#staged.get(write.key);
    // Keep the FIRST expected version: it is what the committed store must still hold.
    if (earlier !== undefined && earlier.expectedVersion !== undefined) {
      this.#staged.set(write.key, { ...write, expectedVersion: earlier.expectedVersion } as StoreWrite);
    } else {
      this.#staged.set(write.key, write);
    }
  }

  writes(): StoreWrite[] {
    return [...this.#staged.values()];
  }

  get<T>(key: ScopedKey): StoreEntry<T> | undefined {
    const staged = this.#staged.get(key);
    if (staged === undefined) return this.base.get<T>(key);
    if (staged.op === "delete") return undefined;
    const version = (this.base.get(key)?.version ?? 0) + 1;
    return { key, value: structuredClone(staged.value) as T, version };
  }

  list<T>(prefix: ScopedKey, options: { limit?: number } = {}): StoreEntry<T>[] {
    const end = prefixEnd(prefix);
    const merged = new Map<string, StoreEntry<T>>();
    for (const entry of this.base.list<T>(prefix)) merged.set(entry.key, entry);
    for (const [key] of this.#staged) {
      if (key < prefix || key >= end) continue;
      const entry = this.get<T>(key as ScopedKey);
      if (entry === undefined) merged.delete(key);
      else merged.set(key, entry);
    }
    const sorted = [...merged.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return options.limit === undefined ? sorted : sorted.slice(0, options.limit);
  }
}
