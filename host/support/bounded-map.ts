// A map bounded by the summed size of its entries: setting one past the budget drops the oldest
// entries first (insertion order; setting a key again makes it the newest). An entry larger than
// the whole budget is not kept. Holds the read renderings (ADR 0283) and the sqlite store's kept
// rows (ADR 0285).

export class BoundedMap<V> {
  readonly #entries = new Map<string, V>();
  #size = 0;

  constructor(
    readonly budget: number,
    private readonly sizeOf: (key: string, value: V) => number,
  ) {}

  get(key: string): V | undefined {
    return this.#entries.get(key);
  }

  set(key: string, value: V): void {
    this.delete(key);
    const size = this.sizeOf(key, value);
    if (size > this.budget) return;
    this.#entries.set(key, value);
    this.#size += size;
    for (const oldest of this.#entries.keys()) {
      if (this.#size <= this.budget) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const value = this.#entries.get(key);
    if (value === undefined) return;
    this.#entries.delete(key);
    this.#size -= this.sizeOf(key, value);
  }

  clear(): void {
    this.#entries.clear();
    this.#size = 0;
  }

  /** The summed size of the entries kept. */
  get size(): number {
    return this.#size;
  }
}
