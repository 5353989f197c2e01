// Serializes mutations per tenant, so two racing requests of one tenant cannot both pass one
// fence: each mutation reads, decides and commits while holding its tenant's lock. Tenants
// never share a fence (every name, claim and replay record is tenant-scoped), so distinct
// tenants proceed concurrently.

export class TenantLocks {
  readonly #tails = new Map<string, Promise<void>>();

  async run<T>(tenant: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(tenant) ?? Promise.resolve();
    let release!: () => void;
    const current = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => current);
    this.#tails.set(tenant, tail);
    await previous;
    try {
      return await task();
    } finally {
      release();
      if (this.#tails.get(tenant) === tail) this.#tails.delete(tenant);
    }
  }
}
