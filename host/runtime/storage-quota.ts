// A tenant's data-plane storage quota (ADR 0303): the bytes its KV values, bucket objects, queued
// messages and SQLite databases take on the host's disk. Every write asks first: a write is
// admitted while the tenant's usage plus the write stays within its quota, and is refused
// (nothing stored) when it would not; a SQL call, whose growth is known only after it ran, starts
// while the tenant is under its quota and is charged what it grew. Usage is what the tenant's stores measured on disk at the last measurement, plus
// every write admitted since. A measurement runs when a tenant first writes and again, at most
// once per `rescanAfterMs`, when a write would not fit: deletes, overwrites and expired messages
// are credited then, never before, so usage is never less than what the disk holds.

export interface StoragePolicy {
  /** The most bytes one tenant's KV values, bucket objects, queued messages and SQLite databases may take. */
  bytesPerTenant: number;
  /** The least time between two measurements of one tenant's usage. */
  rescanAfterMs: number;
  /**
   * How long a grant stays open unsettled. A grant still open then (its writer's instance was
   * replaced before it settled) counts as wholly stored until the next measurement.
   */
  grantTtlMs: number;
}

export const DEFAULT_STORAGE_POLICY: StoragePolicy = { bytesPerTenant: 1024 ** 3, rescanAfterMs: 10_000, grantTtlMs: 5 * 60_000 };

/**
 * A write of a value is charged its bytes rounded up to whole blocks of this size, one at least (a
 * value is a file of its own; storage-writer.ts charges it).
 */
export const BLOCK_BYTES = 4096;

export type StorageAdmission = { admitted: true; grant: number; bytes: number } | { admitted: false; used: number; limit: number };

/** The rule: a write of `bytes` fits when the usage plus it stays within the quota. */
export function fitsQuota(used: number, bytes: number, limit: number): boolean {
  return used + bytes <= limit;
}

/** The message a refused write gives the worker (edge bindings' code backend_unavailable). */
export function quotaMessage(tenant: string, bytes: number, used: number, limit: number): string {
  return (
    `takoform storage: a write of ${bytes} bytes would take tenant ${tenant} over its data-plane storage quota ` +
    `(${used} of ${limit} bytes used by its KV values, bucket objects, queued messages and SQLite databases); nothing was stored. ` +
    `Delete keys, objects or rows, or let queued messages be consumed, and write again`
  );
}

interface TenantUsage {
  /** Bytes the tenant's stores held at the last measurement. */
  measured: number;
  /** Writes admitted and settled since the last measurement started. */
  settled: number;
  /** Writes admitted and not yet settled, by grant: the bytes granted, when the grant lapses, and the store it is for. */
  open: Map<number, { bytes: number; until: number; holder?: string }>;
  scannedAt: number;
  scan?: Promise<void>;
}

export class StorageLedger {
  readonly #tenants = new Map<string, TenantUsage>();
  #grants = 0;

  constructor(
    private readonly measure: (tenant: string) => Promise<number>,
    private readonly policy: StoragePolicy,
    private readonly now: () => number = Date.now,
  ) {}

  get limit(): number {
    return this.policy.bytesPerTenant;
  }

  /** The tenant's usage as the ledger counts it (measured, settled and open writes). */
  async used(tenant: string): Promise<number> {
    return this.#usedOf(await this.#usage(tenant));
  }

  /**
   * Asks for at least `least` and at most `most` bytes of the tenant's quota (a writer may take
   * more than one write needs and spend it on the next ones: beyond `least`, an eighth of what the
   * tenant has left at most). Admitted: `bytes` are granted, and
   * the grant must be settled with what was stored of them. `holder`: the store the grant is for,
   * so that removing the store drops the grant (removed).
   */
  async admit(tenant: string, least: number, most = least, holder?: string): Promise<StorageAdmission> {
    let usage = await this.#usage(tenant);
    if (!fitsQuota(this.#usedOf(usage), least, this.limit) && this.now() - usage.scannedAt >= this.policy.rescanAfterMs) {
      await this.#scan(tenant, usage);
      usage = await this.#usage(tenant);
    }
    const used = this.#usedOf(usage);
    if (!fitsQuota(used, least, this.limit)) return { admitted: false, used, limit: this.limit };
    // A lease beyond the write takes an eighth of what is left at most, so that one store's writer
    // holding quota ahead leaves the tenant's other writes most of it.
    const bytes = Math.max(least, Math.min(most, Math.floor((this.limit - used) / 8)));
    const grant = ++this.#grants;
    usage.open.set(grant, { bytes, until: this.now() + this.policy.grantTtlMs, ...(holder === undefined ? {} : { holder }) });
    return { admitted: true, grant, bytes };
  }

  /**
   * Runs one write of `bytes` under the tenant's quota, settled with what it says it stored (0 when
   * it throws). Refused: `write` does not run, and the message is the one the worker is given.
   */
  async within<T>(
    tenant: string,
    bytes: number,
    write: () => Promise<{ result: T; stored: number }>,
  ): Promise<{ ok: true; result: T } | { ok: false; message: string }> {
    const admission = await this.admit(tenant, bytes);
    if (!admission.admitted) return { ok: false, message: quotaMessage(tenant, bytes, admission.used, admission.limit) };
    let stored = 0;
    try {
      const done = await write();
      stored = done.stored;
      return { ok: true, result: done.result };
    } finally {
      this.settle(tenant, admission.grant, stored);
    }
  }

  /**
   * Stores were removed with what they held (store-reclaim.ts): the grants still open for them are
   * dropped, and each tenant's next write that does not fit measures again at once.
   */
  removed(holders: ReadonlySet<string>): void {
    for (const usage of this.#tenants.values()) {
      for (const [grant, { holder }] of usage.open) if (holder !== undefined && holders.has(holder)) usage.open.delete(grant);
      usage.scannedAt = -Infinity;
    }
  }

  /** A granted write stored `stored` bytes (0: it failed; more than granted: charged all the same). */
  settle(tenant: string, grant: number, stored: number): void {
    const usage = this.#tenants.get(tenant);
    if (usage === undefined || !usage.open.delete(grant)) return;
    usage.settled += stored;
  }

  #usedOf(usage: TenantUsage): number {
    const now = this.now();
    let open = 0;
    for (const [grant, { bytes, until }] of usage.open) {
      if (until > now) open += bytes;
      else {
        usage.open.delete(grant);
        usage.settled += bytes;
      }
    }
    return usage.measured + usage.settled + open;
  }

  async #usage(tenant: string): Promise<TenantUsage> {
    let usage = this.#tenants.get(tenant);
    if (usage === undefined) {
      usage = { measured: 0, settled: 0, open: new Map(), scannedAt: -Infinity };
      this.#tenants.set(tenant, usage);
      await this.#scan(tenant, usage);
    }
    await usage.scan;
    return usage;
  }

  /**
   * Measures the tenant's stores. Writes settled before it started are on disk and in the
   * measurement; writes settled while it ran stay counted as well (perhaps twice, never less).
   */
  async #scan(tenant: string, usage: TenantUsage): Promise<void> {
    if (usage.scan !== undefined) return usage.scan;
    const before = usage.settled;
    usage.scannedAt = this.now();
    usage.scan = this.measure(tenant).then(
      (bytes) => {
        usage.measured = bytes;
        usage.settled -= before;
      },
      () => undefined, // a measurement that failed leaves the count as it was
    );
    await usage.scan;
    usage.scan = undefined;
  }
}
