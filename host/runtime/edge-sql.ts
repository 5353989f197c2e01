// edge.sql@1.0.0 over one SQLite database file, through the tenant-SQL door (host/tenant-sql,
// ADR 0170): the SAME file SQLiteMigrationApplication migrates (host/files/database-files.ts),
// run in the database's worker thread by the official SQLite WASM build, under the authorizer,
// the time and memory limits, never on the host's event loop. ADR 0175 covers the runtime's part.
//
// The interface's rules, each enforced by the engine:
//  - exactly one statement per call: the engine says where a statement ends;
//  - schema changes are refused by the authorizer's action codes (this connection's policy), and
//    transaction control, ATTACH and the migration ledger by the same authorizer -> sql_error;
//  - query runs in a transaction that is always rolled back; transaction commits all or none;
//  - numbers outside +-(2^53-1), in parameters or results, are numeric_out_of_range, never
//    rounded (the engine hands big integers over as bigint, checked before anything commits);
//  - the database's lock not obtained within the busy timeout is busy.
// This file only checks the shape of the input values and translates the guard's answers.

import { LEDGER_TABLE } from "../sqlite-migrations/ledger.js";
import {
  openTenantDatabase,
  type ResultBounds,
  type SqlValue as EngineValue,
  type StatementInput,
  type StatementsResult,
  type TenantSqlLimits,
  type TenantSqlRefusal,
} from "../tenant-sql/index.js";

export type EdgeSqlCode = "sql_error" | "numeric_out_of_range" | "busy" | "backend_unavailable";

export class EdgeSqlError extends Error {
  constructor(
    readonly code: EdgeSqlCode,
    message: string,
  ) {
    super(message);
    this.name = "EdgeSqlError";
  }
}

export const EDGE_SQL_LIMITS = {
  maxStatementBytes: 100_000,
  maxBoundParameters: 100,
  maxRowsPerStatement: 10_000,
  maxColumnsPerRow: 100,
  maxColumnNameBytes: 128,
  maxRowBytes: 2_000_000,
  maxTextBytesPerValue: 1_000_000,
  maxBlobBytesPerValue: 1_000_000,
  maxResultBytesPerCall: 8_388_608,
  maxStatementsPerTransaction: 100,
} as const;

export type SqlValue = null | number | string | { data: string; encoding: "base64" };
export interface SqlStatementInput {
  sql: string;
  params?: SqlValue[];
}
export interface SqlResult {
  rows: Record<string, SqlValue>[];
  rowsWritten: number;
}

export interface EdgeSql {
  execute(input: SqlStatementInput): Promise<SqlResult>;
  query(input: SqlStatementInput): Promise<SqlResult>;
  transaction(statements: SqlStatementInput[]): Promise<{ results: SqlResult[] }>;
  close(): Promise<void>;
}

export interface EdgeSqlOptions {
  busyTimeoutMs?: number;
  /** The guard's limits for this connection (time budget, memory, database size). */
  limits?: Partial<TenantSqlLimits>;
}

/** How long a runtime call waits for the database's lock before answering busy. */
export const EDGE_SQL_BUSY_TIMEOUT_MS = 1_000;

const BOUNDS: ResultBounds = {
  rowsPerStatement: EDGE_SQL_LIMITS.maxRowsPerStatement,
  columnsPerRow: EDGE_SQL_LIMITS.maxColumnsPerRow,
  columnNameBytes: EDGE_SQL_LIMITS.maxColumnNameBytes,
  rowBytes: EDGE_SQL_LIMITS.maxRowBytes,
  valueBytes: Math.max(EDGE_SQL_LIMITS.maxTextBytesPerValue, EDGE_SQL_LIMITS.maxBlobBytesPerValue),
  resultBytes: EDGE_SQL_LIMITS.maxResultBytesPerCall,
  safeNumbers: true,
};

/** One connection (one worker thread) per database file; the runtime reuses it across requests. */
export function openEdgeSql(file: string, options: EdgeSqlOptions = {}): EdgeSql {
  const db = openTenantDatabase(file, {
    limits: { ...options.limits, busyTimeoutMs: options.busyTimeoutMs ?? options.limits?.busyTimeoutMs ?? EDGE_SQL_BUSY_TIMEOUT_MS },
    protectedTables: [LEDGER_TABLE],
    policy: { schemaChanges: false },
  });
  const run = async (inputs: SqlStatementInput[], commit: boolean): Promise<SqlResult[]> => {
    const statements = inputs.map(admitStatement);
    let outcome: StatementsResult | TenantSqlRefusal;
    try {
      outcome = await db.statements(statements, { bounds: BOUNDS, commit });
    } catch (error) {
      throw new EdgeSqlError("backend_unavailable", `the database could not be reached: ${(error as Error).message}`);
    }
    if (!outcome.ok) throw new EdgeSqlError(edgeSqlCode(outcome), outcome.message);
    return outcome.results.map((result) => ({
      rows: result.rows.map((row) => Object.fromEntries(result.columns.map((column, i) => [column, toWire(row[i] ?? null)]))),
      rowsWritten: commit ? result.changes : 0,
    }));
  };
  return {
    execute: async (input) => (await run([input], true))[0]!,
    query: async (input) => (await run([input], false))[0]!,
    async transaction(statements) {
      if (!Array.isArray(statements) || statements.length === 0 || statements.length > EDGE_SQL_LIMITS.maxStatementsPerTransaction) {
        throw new EdgeSqlError("sql_error", `a transaction carries 1..${EDGE_SQL_LIMITS.maxStatementsPerTransaction} statements`);
      }
      return { results: await run(statements, true) };
    },
    close: () => db.close(),
  };
}

/** The interface's code for a refusal of the tenant-SQL guard. */
export function edgeSqlCode(refusal: TenantSqlRefusal): EdgeSqlCode {
  switch (refusal.hostCode) {
    case "tenant_sql_busy":
      return "busy";
    case "tenant_sql_numeric_range":
      return "numeric_out_of_range";
    case "tenant_sql_crashed":
      return "backend_unavailable";
    default:
      // Refused by the authorizer (schema change, transaction control, ATTACH, the ledger), a
      // syntax or constraint error, or a limit (time, memory, size): the statement's fault.
      return "sql_error";
  }
}

/** The shape of one statement's input: a non-empty string within the limits and wire values. */
export function admitStatement(input: SqlStatementInput): StatementInput {
  if (typeof input?.sql !== "string" || input.sql.length === 0) throw new EdgeSqlError("sql_error", "sql must be a non-empty string");
  if (Buffer.byteLength(input.sql) > EDGE_SQL_LIMITS.maxStatementBytes)
    throw new EdgeSqlError("sql_error", `the statement exceeds ${EDGE_SQL_LIMITS.maxStatementBytes} bytes`);
  const params = input.params ?? [];
  if (!Array.isArray(params) || params.length > EDGE_SQL_LIMITS.maxBoundParameters)
    throw new EdgeSqlError("sql_error", `params must be an array of at most ${EDGE_SQL_LIMITS.maxBoundParameters} values`);
  return { sql: input.sql, params: params.map(fromWire) };
}

function fromWire(value: unknown, index: number): EngineValue {
  if (value === null) return null;
  if (typeof value === "number") {
    if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER)
      throw new EdgeSqlError("numeric_out_of_range", `params[${index}] is outside the safe integer corridor (magnitude at most 2^53-1)`);
    return value;
  }
  if (typeof value === "string") {
    if (Buffer.byteLength(value) > EDGE_SQL_LIMITS.maxTextBytesPerValue)
      throw new EdgeSqlError("sql_error", `params[${index}] exceeds ${EDGE_SQL_LIMITS.maxTextBytesPerValue} bytes`);
    return value;
  }
  if (typeof value === "object" && (value as { encoding?: unknown }).encoding === "base64" && typeof (value as { data?: unknown }).data === "string") {
    const bytes = Buffer.from((value as { data: string }).data, "base64");
    if (bytes.length > EDGE_SQL_LIMITS.maxBlobBytesPerValue)
      throw new EdgeSqlError("sql_error", `params[${index}] exceeds ${EDGE_SQL_LIMITS.maxBlobBytesPerValue} bytes`);
    return new Uint8Array(bytes);
  }
  throw new EdgeSqlError("sql_error", `params[${index}] must be null, a number, a string or {data, encoding: "base64"}`);
}

/** A result value as the interface carries it (the guard already refused numbers outside the corridor). */
function toWire(value: EngineValue): SqlValue {
  if (value === null || typeof value === "string" || typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  return { data: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("base64"), encoding: "base64" };
}
