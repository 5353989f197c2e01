// The SQLite engine of ONE tenant database, inside its worker thread: the official SQLite
// WebAssembly build (ADR 0170) over an in-memory image of the file. The engine decides where each
// statement ends (sqlite3_prepare_v3 with a tail pointer), and each statement is prepared and
// stepped before the next is prepared. Guards, all engine-level:
//   - the WASM build has no path to the host's file system (its only VFS is in memory);
//   - SQLITE_LIMIT_ATTACHED 0, so ATTACH and VACUUM INTO cannot open a second database;
//   - an authorizer (authorizer.ts) refuses every action outside the tenant's own tables;
//   - SQLITE_DBCONFIG_DEFENSIVE, SQLITE_LIMIT_LENGTH, max_page_count;
//   - a progress handler interrupts a statement past the time budget or the memory bound.

import { MIGRATION_POLICY, tenantSqlDenial, type TenantSqlPolicy } from "./authorizer.js";
import type { TenantSqlLimits } from "./limits.js";
import { tenantSqlRefusal, type SqlValue, type TenantSqlHostCode, type TenantSqlRefusal } from "./outcome.js";

// The WASM module's typings are large; the engine uses a narrow, explicit surface of it.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Sqlite3 = any;

const SQLITE_OK = 0;
const SQLITE_ROW = 100;
const SQLITE_DONE = 101;
const SQLITE_DENY = 1;
const SQLITE_DESERIALIZE_FREEONCLOSE = 1;
const SQLITE_DESERIALIZE_RESIZEABLE = 2;
const PROGRESS_OPS = 1000;

export class EngineRefusal extends Error {
  constructor(readonly refusal: TenantSqlRefusal) {
    super(refusal.message);
  }
}

export class TenantEngine {
  readonly #sqlite3: Sqlite3;
  readonly #limits: TenantSqlLimits;
  readonly #protected: ReadonlySet<string>;
  readonly #policy: TenantSqlPolicy;
  #db: number;
  #tenantMode = true;
  #denial: string | undefined;
  #deadline = Infinity;
  #stopped: TenantSqlHostCode | undefined;
  #wrote = false;

  constructor(
    sqlite3: Sqlite3,
    image: Uint8Array | undefined,
    limits: TenantSqlLimits,
    protectedTables: readonly string[],
    policy: TenantSqlPolicy = MIGRATION_POLICY,
  ) {
    this.#sqlite3 = sqlite3;
    this.#policy = policy;
    this.#limits = limits;
    this.#protected = new Set(protectedTables.map((t) => t.toLowerCase()));
    this.#db = this.#open(image);
  }

  #open(image: Uint8Array | undefined): number {
    const { capi, wasm } = this.#sqlite3;
    const stack = wasm.pstack.pointer;
    let db = 0;
    try {
      const ppDb = wasm.pstack.allocPtr();
      const rc = capi.sqlite3_open_v2(":memory:", ppDb, capi.SQLITE_OPEN_READWRITE | capi.SQLITE_OPEN_CREATE, null);
      db = wasm.peekPtr(ppDb);
      if (rc !== SQLITE_OK) throw new Error(`sqlite3_open_v2 failed: ${rc}`);
    } finally {
      wasm.pstack.restore(stack);
    }
    if (image !== undefined && image.byteLength > 0) {
      const bytes = legacyJournalHeader(image);
      const pData = wasm.allocFromTypedArray(bytes);
      const rc = capi.sqlite3_deserialize(
        db,
        "main",
        pData,
        bytes.byteLength,
        bytes.byteLength,
        SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE,
      );
      if (rc !== SQLITE_OK) {
        capi.sqlite3_close_v2(db);
        throw new EngineRefusal(tenantSqlRefusal("tenant_sql_error", `the database file could not be loaded (${capi.sqlite3_js_rc_str(rc)})`));
      }
    }
    capi.sqlite3_limit(db, capi.SQLITE_LIMIT_ATTACHED, 0);
    capi.sqlite3_limit(db, capi.SQLITE_LIMIT_LENGTH, this.#limits.valueBytes);
    capi.sqlite3_db_config(db, capi.SQLITE_DBCONFIG_DEFENSIVE, 1, 0);
    capi.sqlite3_db_config(db, capi.SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, 0);
    capi.sqlite3_set_authorizer(
      db,
      (_p: number, action: number, a1: string | 0, a2: string | 0, a3: string | 0) => this.#authorize(action, a1 || null, a2 || null, a3 || null),
      0,
    );
    capi.sqlite3_progress_handler(db, PROGRESS_OPS, () => this.#progress(), 0);
    this.#db = db;
    // Temporary tables and sorts live in the WASM heap, where the memory bound sees them.
    this.#host("PRAGMA temp_store = MEMORY");
    this.#host(`PRAGMA max_page_count = ${Math.max(1, Math.floor(this.#limits.databaseBytes / this.#pageSize()))}`);
    return db;
  }

  #authorize(action: number, a1: string | null, a2: string | null, database: string | null): number {
    if (!this.#tenantMode) return SQLITE_OK;
    const denial = tenantSqlDenial(action, a1, a2, database, this.#protected, this.#policy);
    if (denial === undefined) return SQLITE_OK;
    this.#denial ??= denial;
    return SQLITE_DENY;
  }

  #progress(): number {
    if (Date.now() > this.#deadline) this.#stopped = "tenant_sql_timeout";
    else if (this.#sqlite3.wasm.heap8u().byteLength > this.#limits.memoryBytes) this.#stopped = "tenant_sql_memory";
    return this.#stopped === undefined ? 0 : 1;
  }

  #pageSize(): number {
    return Number(this.#hostRows("PRAGMA page_size")[0]?.[0] ?? 4096);
  }

  /** True when the WASM heap has grown past the bound (the worker should be replaced). */
  get heapExceeded(): boolean {
    return this.#sqlite3.wasm.heap8u().byteLength > this.#limits.memoryBytes;
  }

  /** Runs host SQL (no authorizer), no result. */
  #host(sql: string, params: readonly SqlValue[] = []): void {
    this.#hostRows(sql, params);
  }

  #hostRows(sql: string, params: readonly SqlValue[] = []): SqlValue[][] {
    const mode = this.#tenantMode;
    this.#tenantMode = false;
    try {
      const rows: SqlValue[][] = [];
      this.#each(sql, params, (stmt) => {
        const row: SqlValue[] = [];
        const n = this.#sqlite3.capi.sqlite3_column_count(stmt);
        for (let i = 0; i < n; i++) row.push(this.#sqlite3.capi.sqlite3_column_js(stmt, i) as SqlValue);
        rows.push(row);
      });
      return rows;
    } finally {
      this.#tenantMode = mode;
    }
  }

  /** Host-side query (authorizer off): for the ledger and checks the host itself makes. */
  hostQuery(sql: string, params: readonly SqlValue[] = []): SqlValue[][] {
    return this.#hostRows(sql, params);
  }

  begin(): void {
    this.#host("BEGIN IMMEDIATE");
  }

  commit(): void {
    this.#host("COMMIT");
  }

  rollback(): void {
    if (this.#sqlite3.capi.sqlite3_get_autocommit(this.#db) === 0) this.#host("ROLLBACK");
  }

  get inTransaction(): boolean {
    return this.#sqlite3.capi.sqlite3_get_autocommit(this.#db) === 0;
  }

  /** Starts the time budget of one operation. */
  arm(): void {
    this.#deadline = Date.now() + this.#limits.timeoutMs;
    this.#stopped = undefined;
    this.#wrote = false;
  }

  /**
   * Prepares and steps every statement of `sql` in turn, the engine telling where each ends. Rows
   * go to `onRow` (a migration discards them). Returns the number of statements run.
   */
  tenantScript(sql: string, params: readonly SqlValue[], onRow?: (stmt: number, index: number) => void): number {
    this.#tenantMode = true;
    try {
      return this.#each(sql, params, onRow);
    } finally {
      this.#tenantMode = false;
    }
  }

  #each(sql: string, params: readonly SqlValue[], onRow?: (stmt: number, index: number) => void): number {
    const { capi, wasm } = this.#sqlite3;
    const [pSql, nSql] = wasm.allocCString(sql, true) as [number, number];
    const stack = wasm.pstack.pointer;
    let index = 0;
    try {
      const ppStmt = wasm.pstack.allocPtr();
      const pzTail = wasm.pstack.allocPtr();
      let cursor = pSql;
      const end = pSql + nSql;
      while (cursor < end) {
        wasm.pokePtr(ppStmt, 0);
        this.#denial = undefined;
        const rc = capi.sqlite3_prepare_v3(this.#db, cursor, end - cursor, 0, ppStmt, pzTail);
        const stmt = wasm.peekPtr(ppStmt) as number;
        if (rc !== SQLITE_OK) throw this.#failure(rc, index + 1);
        cursor = wasm.peekPtr(pzTail);
        if (stmt === 0) continue; // only whitespace or comments remained
        index++;
        if (capi.sqlite3_stmt_readonly(stmt) === 0) this.#wrote = true;
        try {
          if (index === 1) this.#bind(stmt, params);
          else if (capi.sqlite3_bind_parameter_count(stmt) > 0) {
            throw new EngineRefusal(tenantSqlRefusal("tenant_sql_error", `statement ${index} has parameters; only a single statement may take them`, index));
          }
          for (;;) {
            const step = capi.sqlite3_step(stmt);
            if (step === SQLITE_ROW) onRow?.(stmt, index);
            else if (step === SQLITE_DONE) break;
            else throw this.#failure(step, index);
          }
        } finally {
          capi.sqlite3_finalize(stmt);
        }
      }
      return index;
    } finally {
      wasm.pstack.restore(stack);
      wasm.dealloc(pSql);
    }
  }

  #bind(stmt: number, params: readonly SqlValue[]): void {
    const { capi, wasm } = this.#sqlite3;
    const expected = capi.sqlite3_bind_parameter_count(stmt);
    if (expected !== params.length) {
      throw new EngineRefusal(tenantSqlRefusal("tenant_sql_error", `the statement takes ${expected} parameters; ${params.length} were given`, 1));
    }
    params.forEach((value, i) => {
      const at = i + 1;
      let rc: number;
      if (value === null) rc = capi.sqlite3_bind_null(stmt, at);
      else if (typeof value === "bigint") rc = capi.sqlite3_bind_int64(stmt, at, value);
      else if (typeof value === "number")
        rc = Number.isInteger(value) ? capi.sqlite3_bind_int64(stmt, at, BigInt(value)) : capi.sqlite3_bind_double(stmt, at, value);
      else if (typeof value === "string") {
        const [pText, nText] = wasm.allocCString(value, true) as [number, number];
        rc = capi.sqlite3_bind_text(stmt, at, pText, nText, capi.SQLITE_WASM_DEALLOC);
      } else {
        const pBlob = wasm.alloc(Math.max(1, value.byteLength)) as number;
        wasm.heap8u().set(value, pBlob);
        rc = capi.sqlite3_bind_blob(stmt, at, pBlob, value.byteLength, capi.SQLITE_WASM_DEALLOC);
      }
      if (rc !== SQLITE_OK) throw this.#failure(rc, 1);
    });
  }

  #failure(rc: number, statement: number): EngineRefusal {
    const { capi } = this.#sqlite3;
    const message = capi.sqlite3_errmsg(this.#db) as string;
    const primary = rc & 0xff;
    if (this.#stopped === "tenant_sql_timeout") {
      return new EngineRefusal(
        tenantSqlRefusal("tenant_sql_timeout", `statement ${statement} ran past the ${this.#limits.timeoutMs} ms limit and was interrupted`, statement),
      );
    }
    if (this.#stopped === "tenant_sql_memory" || primary === capi.SQLITE_NOMEM) {
      return new EngineRefusal(
        tenantSqlRefusal(
          "tenant_sql_memory",
          `statement ${statement} needed more than the ${this.#limits.memoryBytes} byte memory limit and was interrupted`,
          statement,
        ),
      );
    }
    if (primary === capi.SQLITE_AUTH || this.#denial !== undefined) {
      return new EngineRefusal(tenantSqlRefusal("tenant_sql_denied", `statement ${statement}: ${this.#denial ?? message}`, statement));
    }
    if (primary === capi.SQLITE_TOOBIG) {
      return new EngineRefusal(
        tenantSqlRefusal("tenant_sql_too_big", `statement ${statement} built a value larger than the ${this.#limits.valueBytes} byte limit`, statement),
      );
    }
    if (primary === capi.SQLITE_FULL) {
      return new EngineRefusal(
        tenantSqlRefusal(
          "tenant_sql_database_full",
          `statement ${statement} would grow the database past the ${this.#limits.databaseBytes} byte limit`,
          statement,
        ),
      );
    }
    if (/too many attached databases|cannot VACUUM/.test(message)) {
      return new EngineRefusal(
        tenantSqlRefusal(
          "tenant_sql_denied",
          `statement ${statement}: ATTACH and VACUUM are refused: tenant SQL reaches its own database only, inside the host's transaction (${message})`,
          statement,
        ),
      );
    }
    return new EngineRefusal(tenantSqlRefusal("tenant_sql_error", `statement ${statement}: ${message}`, statement));
  }

  columnNames(stmt: number): string[] {
    const { capi } = this.#sqlite3;
    const n = capi.sqlite3_column_count(stmt);
    return Array.from({ length: n }, (_, i) => String(capi.sqlite3_column_name(stmt, i)));
  }

  columnValues(stmt: number): SqlValue[] {
    const { capi } = this.#sqlite3;
    const n = capi.sqlite3_column_count(stmt);
    return Array.from({ length: n }, (_, i) => capi.sqlite3_column_js(stmt, i) as SqlValue);
  }

  /** Whether a statement that may write ran since arm(). */
  get wrote(): boolean {
    return this.#wrote;
  }

  changes(): number {
    return Number(this.#sqlite3.capi.sqlite3_total_changes64(this.#db));
  }

  /** The database image as a file's bytes. */
  image(): Uint8Array {
    return this.#sqlite3.capi.sqlite3_js_db_export(this.#db, "main");
  }

  close(): void {
    if (this.#db !== 0) this.#sqlite3.capi.sqlite3_close_v2(this.#db);
    this.#db = 0;
  }
}

/** A file written in WAL mode is read here as a rollback-journal file (bytes 18 and 19 = 1). */
function legacyJournalHeader(image: Uint8Array): Uint8Array {
  // A plain Uint8Array (not a Buffer): the WASM allocator picks its heap view by constructor.
  const copy = new Uint8Array(image);
  if (copy.byteLength < 100 || (copy[18] !== 2 && copy[19] !== 2)) return copy;
  copy[18] = 1;
  copy[19] = 1;
  return copy;
}
