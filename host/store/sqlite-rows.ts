// The sqlite store's rows kept in memory (ADR 0285). The host is the only writer of its store
// (ADR 0284 holds the data directory), and every write reaches the file through this process's
// writer thread, so a row read once stays right until this process commits another version of it,
// which it then sets here itself. Reading from here spares the SQLite read that pays for every
// commit of the writer thread: SQLite drops a connection's whole page cache when another
// connection has written the WAL since its last read, so after each group commit the first point
// reads descend the B-tree from the file again.
//
// Absent keys are kept too (a create checks its name is free more than once). Bounded in
// characters; the oldest entries go first.

import { BoundedMap } from "../support/bounded-map.js";

export interface KeptRow {
  /** The JSON text; null: no row for the key. */
  value: string | null;
  version: number;
}

export const ABSENT: KeptRow = Object.freeze({ value: null, version: 0 });

/** 32 Mi characters: the rows of a 10,000-resource host (about 1 KB each, with their indexes), with room. */
export const ROWS_BUDGET = 32 * 1024 * 1024;
const ENTRY_OVERHEAD = 96;

export function rowCache(budget: number = ROWS_BUDGET): BoundedMap<KeptRow> {
  return new BoundedMap(budget, (key, row) => key.length + (row.value?.length ?? 0) + ENTRY_OVERHEAD);
}
