// The read verb's memo: the answer body rendered from a resource's stored JSON text, kept per key
// and reused while the store holds exactly that text again. The text is the whole record, so an
// equal text renders an equal body whatever happened in between (a delete and a re-create, a
// write by another replica); nothing is ever invalidated, only compared. Bounded in bytes: the
// oldest entries go first.

import type { ExactFormRef } from "../../../corpus/lib/index.js";
import type { Store } from "../../store/store.js";
import { BoundedMap } from "../../support/bounded-map.js";

export interface Rendering {
  /** The stored text the body was rendered from. */
  text: string;
  ref: ExactFormRef;
  etag: string;
  body: string;
}

/**
 * 48 Mi characters of stored text and bodies (bytes for Latin-1 text, which JSON of ASCII names is;
 * twice that for text V8 stores two bytes a character): every resource of a 10,000-resource host at
 * about 2 KB of both, with room.
 */
export const RENDERINGS_BUDGET = 48 * 1024 * 1024;
const ENTRY_OVERHEAD = 160;

export class Renderings {
  readonly #entries: BoundedMap<Rendering>;

  constructor(readonly budget: number = RENDERINGS_BUDGET) {
    this.#entries = new BoundedMap(budget, (_key, entry) => entry.text.length + entry.body.length + ENTRY_OVERHEAD);
  }

  /** The rendering of key when it was rendered from exactly text. */
  get(key: string, text: string): Rendering | undefined {
    const entry = this.#entries.get(key);
    return entry !== undefined && entry.text === text ? entry : undefined;
  }

  set(key: string, entry: Rendering): void {
    this.#entries.set(key, entry);
  }

  get bytes(): number {
    return this.#entries.size;
  }
}

const perStore = new WeakMap<Store, Renderings>();

/** The renderings of one store (a host serves one; tests build several). */
export function renderingsOf(store: Store): Renderings {
  let renderings = perStore.get(store);
  if (renderings === undefined) perStore.set(store, (renderings = new Renderings()));
  return renderings;
}
