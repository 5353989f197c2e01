// Live-key counts of key prefixes an engine has counted once (the resource quota of every create
// counts the same prefix): each later change moves the counts of the prefixes its key falls
// under, so a prefix's keys are walked once, not per create. Used by the sqlite engine and the
// postgres engine's tenant views (ADR 0275). At most `capacity` prefixes are kept; the oldest
// counted goes first.

export class PrefixCounts {
  readonly #counts = new Map<string, number>();

  constructor(private readonly capacity: number) {}

  get(prefix: string): number | undefined {
    return this.#counts.get(prefix);
  }

  set(prefix: string, live: number): void {
    if (!this.#counts.has(prefix) && this.#counts.size >= this.capacity) this.#counts.delete(this.#counts.keys().next().value!);
    this.#counts.set(prefix, live);
  }

  /** A key went from absent to live (+1) or back (-1). */
  move(key: string, moved: number): void {
    if (moved !== 0) for (const [prefix, live] of this.#counts) if (key.startsWith(prefix)) this.#counts.set(prefix, live + moved);
  }

  get size(): number {
    return this.#counts.size;
  }

  clear(): void {
    this.#counts.clear();
  }
}
