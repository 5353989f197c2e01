// An in-memory set of keys that also answers ordered range questions: which keys fall in
// [prefix, prefixEnd(prefix)) and whether any does. Membership is a hash lookup; a range is a
// binary search in a sorted array. Inserting into the sorted array would move half of it per key
// (39 µs at 30,000 keys), so new keys wait in a second, small sorted array and are merged in
// together; removed keys leave the big array at the next merge and are skipped until then.
//
// Used by the sqlite store's key index (ADR 0288) and the PostgreSQL store's tenant views.

import { prefixEnd } from "./store.js";

/** Keys held apart (added) or stale (removed but still in the sorted array) before a merge. */
const MAX_UNMERGED = 1024;

/** The first index of `keys` (sorted) whose key is not below `key`. */
function lowerBound(keys: readonly string[], key: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keys[middle]! < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Two sorted arrays of distinct keys as one sorted array. */
function mergeSorted(left: readonly string[], right: readonly string[]): string[] {
  const merged = new Array<string>(left.length + right.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < left.length && j < right.length) merged[k++] = left[i]! < right[j]! ? left[i++]! : right[j++]!;
  while (i < left.length) merged[k++] = left[i++]!;
  while (j < right.length) merged[k++] = right[j++]!;
  return merged;
}

export class SortedKeys {
  /** Sorted; may still hold keys removed since the last merge (not in #present). */
  #sorted: string[];
  /** Present keys not in #sorted, sorted too: a key's insert moves at most MAX_UNMERGED others. */
  #added: string[] = [];
  readonly #present: Set<string>;
  #stale = 0;

  /** The set of `sorted`, which must be in ascending order without repeats. */
  constructor(sorted: string[] = []) {
    this.#sorted = sorted;
    this.#present = new Set(sorted);
  }

  get size(): number {
    return this.#present.size;
  }

  has(key: string): boolean {
    return this.#present.has(key);
  }

  add(key: string): void {
    if (this.#present.has(key)) return;
    this.#present.add(key);
    if (this.#sorted[lowerBound(this.#sorted, key)] === key) return; // removed and added back before a merge
    this.#added.splice(lowerBound(this.#added, key), 0, key);
    if (this.#added.length >= MAX_UNMERGED) this.#merge();
  }

  delete(key: string): void {
    if (!this.#present.delete(key)) return;
    const at = lowerBound(this.#added, key);
    if (this.#added[at] === key) this.#added.splice(at, 1);
    else if (++this.#stale >= MAX_UNMERGED) this.#merge();
  }

  /** The keys in [prefix, prefixEnd(prefix)), in order. */
  within(prefix: string): string[] {
    const end = prefixEnd(prefix);
    const out: string[] = [];
    for (let i = lowerBound(this.#sorted, prefix); i < this.#sorted.length; i++) {
      const key = this.#sorted[i]!;
      if (key >= end) break;
      if (this.#present.has(key)) out.push(key);
    }
    const added = this.#added.slice(lowerBound(this.#added, prefix), lowerBound(this.#added, end));
    return added.length === 0 ? out : mergeSorted(out, added);
  }

  /** Whether any key falls in [prefix, prefixEnd(prefix)). */
  anyWithin(prefix: string): boolean {
    const end = prefixEnd(prefix);
    const at = lowerBound(this.#added, prefix);
    if (at < this.#added.length && this.#added[at]! < end) return true;
    for (let i = lowerBound(this.#sorted, prefix); i < this.#sorted.length; i++) {
      const key = this.#sorted[i]!;
      if (key >= end) break;
      if (this.#present.has(key)) return true;
    }
    return false;
  }

  #merge(): void {
    const kept = this.#stale === 0 ? this.#sorted : this.#sorted.filter((key) => this.#present.has(key));
    this.#sorted = this.#added.length === 0 ? kept : mergeSorted(kept, this.#added);
    this.#added = [];
    this.#stale = 0;
  }
}
