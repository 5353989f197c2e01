// Serializes mutations per tenant, so two racing requests of one tenant cannot both pass one
// fence: each mutation reads, decides and stages its writes while holding its tenant's lock.
// Tenants never share a fence (every name, claim and replay record is tenant-scoped), so distinct
// tenants proceed concurrently.
//
// The lock is released as soon as the task has decided (its writes are staged), so the next
// mutation can decide against them while they commit; the task's answer is returned only once
// everything staged so far is durable (`settled`), so nothing is acknowledged, replayed or
// reported that a crash could still take back (group commit, docs/decisions/0142-sqlite-group-commit.md).

import { inMutationScope } from "./mutation-scope.js";

export class TenantLocks {
  readonly #tails = new Map<string, Promise<void>>();

  /**
   * settled: resolves once every staged write is durable (the store's settled()). exclusive: the
   * store's database-level tenant lock, for engines several processes share (store.ts); the
   * in-process lock alone serializes only this process.
   */
  constructor(
    private readonly settled: () => Promise<void> = () => Promise.resolve(),
    private readonly exclusive?: <T>(tenant: string, task: () => Promise<T>, decided?: () => void) => Promise<T>,
  ) {}

  async run<T>(tenant: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(tenant) ?? Promise.resolve();
    let release!: () => void;
    const current = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => current);
    this.#tails.set(tenant, tail);
    await previous;
    let outcome: { ok: true; value: T } | { ok: false; error: unknown };
    try {
      const exclusive = this.exclusive;
      // The database lock keeps the next mutation's task out until this one committed, so this
      // process's next mutation may queue for it as soon as this one has decided.
      const locked = exclusive === undefined ? task : () => exclusive(tenant, task, release);
      outcome = { ok: true, value: await inMutationScope(locked) };
    } catch (error) {
      outcome = { ok: false, error };
    } finally {
      release();
      if (this.#tails.get(tenant) === tail) this.#tails.delete(tenant);
    }
    await this.settled();
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }
}
