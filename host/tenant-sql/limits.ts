// The bounds every tenant SQL connection runs under (ADR 0170). A statement, a migration file or
// a runtime query that passes one of them is interrupted by the engine, its transaction rolled
// back, and the caller gets a closed error naming the limit.

export interface TenantSqlLimits {
  /** Wall-clock budget of one operation (a migration file, one run()), interrupted past it. */
  timeoutMs: number;
  /** WebAssembly heap of the engine; the statement is interrupted when the heap grows past it. */
  memoryBytes: number;
  /** Largest string or blob the engine builds (SQLITE_LIMIT_LENGTH). */
  valueBytes: number;
  /** Largest database file (enforced as max_page_count). */
  databaseBytes: number;
  /** Rows one run() may return. */
  resultRows: number;
  /** Bytes (UTF-8 text, blobs, 8 per number) one run() may return. */
  resultBytes: number;
  /** How long to wait for another process holding the database's lock. */
  busyTimeoutMs: number;
}

export const DEFAULT_TENANT_SQL_LIMITS: Readonly<TenantSqlLimits> = Object.freeze({
  timeoutMs: 5_000,
  memoryBytes: 256 * 1024 * 1024,
  valueBytes: 16 * 1024 * 1024,
  databaseBytes: 512 * 1024 * 1024,
  resultRows: 10_000,
  resultBytes: 8 * 1024 * 1024,
  busyTimeoutMs: 30_000,
});

export function tenantSqlLimits(overrides: Partial<TenantSqlLimits> = {}): TenantSqlLimits {
  const limits = { ...DEFAULT_TENANT_SQL_LIMITS, ...overrides };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`tenant SQL limit ${name} must be a positive integer, got ${value}`);
  }
  return limits;
}
