// The sqlite store's key index (ADR 0288): the set of its durable keys, read from the file in
// slices in the background once a mutation first asks for it, then moved by the store's own
// acknowledged commits. Until it is read, the store asks SQLite as before; reading it never holds
// the event loop for more than one slice (4,096 keys, about 2 ms), whatever the store's size.
//
// While the slices are read, the store keeps committing. Each slice sees what was committed when
// it was read, and every commit acknowledged meanwhile is logged; replaying the log in order over
// the slices leaves each key as its last acknowledged commit made it, and a key no commit touched
// as the slices found it. A commit on disk but not yet acknowledged when a slice reads is found by
// the slice and applied again by its acknowledgement, which changes nothing.

import { SortedKeys } from "./sorted-keys.js";

/** Reads up to `limit` keys after `after` ("" before the first key: keys are never empty), in key order. */
export type KeySlices = (after: string, limit: number) => string[];

interface Loading {
  keys: string[];
  /** Commits acknowledged since the reading began: key, and whether it holds a row after it. */
  changes: Array<readonly [string, boolean]>;
}

export class DurableKeys {
  /** undefined: not read (or being read); null: more keys than `max`, none kept. */
  #index: SortedKeys | null | undefined;
  #loading: Loading | undefined;

  constructor(
    private readonly slices: KeySlices,
    private readonly max: number,
    private readonly slice = 4096,
  ) {}

  /** The index once read; `start` begins reading it when it is not read or being read. */
  current(start: boolean): SortedKeys | null | undefined {
    if (this.#index === undefined && start && this.#loading === undefined) this.#begin();
    return this.#index;
  }

  /** A commit the store acknowledged: `present` when the key holds a row after it. */
  committed(key: string, present: boolean): void {
    if (this.#index) {
      if (present) this.#index.add(key);
      else this.#index.delete(key);
      if (this.#index.size > this.max) this.#index = null;
    } else if (this.#loading !== undefined) {
      this.#loading.changes.push([key, present]);
    }
  }

  /** Forgets the index (a failed batch, a closed store); it is read again when next asked for. */
  drop(): void {
    this.#index = undefined;
    this.#loading = undefined;
  }

  #begin(): void {
    const loading: Loading = { keys: [], changes: [] };
    this.#loading = loading;
    const step = () => {
      if (this.#loading !== loading) return; // dropped meanwhile
      let read: string[];
      try {
        read = this.slices(loading.keys.at(-1) ?? "", this.slice);
      } catch {
        this.#loading = undefined; // a closed database: the store reads SQLite as before
        return;
      }
      for (const key of read) loading.keys.push(key);
      if (loading.keys.length > this.max) {
        this.#loading = undefined;
        this.#index = null;
        return;
      }
      if (read.length === this.slice) {
        setImmediate(step).unref();
        return;
      }
      const index = new SortedKeys(loading.keys.sort());
      for (const [key, present] of loading.changes) {
        if (present) index.add(key);
        else index.delete(key);
      }
      this.#loading = undefined;
      this.#index = index.size > this.max ? null : index;
    };
    setImmediate(step).unref();
  }
}
