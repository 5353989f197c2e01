// Runtime statements (the edge.sql binding): a list of statements, each with its own parameters,
// run inside ONE engine transaction by the worker. Each entry must be exactly one statement -- the
// engine says where a statement ends, never a text scanner -- and every result is checked against
// the caller's bounds INSIDE the transaction, so a refused result rolls back everything the list
// did (an execute whose RETURNING value is out of range keeps nothing).

import { EngineRefusal, type TenantEngine } from "./engine.js";
import { tenantSqlRefusal, type SqlValue, type TenantSqlHostCode } from "./outcome.js";

export interface StatementInput {
  sql: string;
  params: SqlValue[];
}

/** What one call's results may hold (the interface's limits, e.g. edge.sql@1.0.0's). */
export interface ResultBounds {
  rowsPerStatement: number;
  columnsPerRow: number;
  columnNameBytes: number;
  rowBytes: number;
  valueBytes: number;
  /** Summed over every statement of the call. */
  resultBytes: number;
  /** Numbers outside +-(2^53-1) (or not finite) are refused, never rounded. */
  safeNumbers: boolean;
}

export interface StatementResult {
  columns: string[];
  rows: SqlValue[][];
  /** Rows the statement inserted, updated or deleted. */
  changes: number;
}

export interface StatementsResult {
  ok: true;
  results: StatementResult[];
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Runs every statement in turn on `db` (inside the caller's transaction); throws EngineRefusal. */
export function runStatements(db: TenantEngine, statements: readonly StatementInput[], bounds: ResultBounds): StatementResult[] {
  const total = { bytes: 0 };
  return statements.map((statement, i) => {
    try {
      return runOne(db, statement, bounds, total, i + 1);
    } catch (error) {
      if (!(error instanceof EngineRefusal) || statements.length === 1) throw error;
      throw new EngineRefusal({ ...error.refusal, statement: i + 1, message: `statements[${i}]: ${error.refusal.message}` });
    }
  });
}

function runOne(db: TenantEngine, input: StatementInput, bounds: ResultBounds, total: { bytes: number }, at: number): StatementResult {
  const refuse = (code: TenantSqlHostCode, message: string) => new EngineRefusal(tenantSqlRefusal(code, message, at));
  const rows: SqlValue[][] = [];
  let columns: string[] = [];
  const before = db.changes();
  const count = db.tenantScript(input.sql, input.params, (stmt) => {
    if (rows.length === 0) columns = admitColumns(db.columnNames(stmt), bounds, refuse);
    if (rows.length === bounds.rowsPerStatement) throw refuse("tenant_sql_result_too_large", `the statement returns more than ${bounds.rowsPerStatement} rows`);
    const row = db.columnValues(stmt);
    total.bytes += admitRow(row, bounds, refuse);
    if (total.bytes > bounds.resultBytes) throw refuse("tenant_sql_result_too_large", `the results exceed ${bounds.resultBytes} bytes`);
    rows.push(row);
  });
  if (count !== 1) throw refuse("tenant_sql_error", `each statement entry carries exactly one SQL statement; the engine found ${count}`);
  return { columns, rows, changes: db.changes() - before };
}

type Refuse = (code: TenantSqlHostCode, message: string) => EngineRefusal;

function admitColumns(columns: string[], bounds: ResultBounds, refuse: Refuse): string[] {
  if (columns.length > bounds.columnsPerRow)
    throw refuse("tenant_sql_result_too_large", `a row has ${columns.length} columns; at most ${bounds.columnsPerRow} are allowed`);
  const long = columns.find((name) => Buffer.byteLength(name) > bounds.columnNameBytes);
  if (long !== undefined) throw refuse("tenant_sql_result_too_large", `a column name is longer than ${bounds.columnNameBytes} bytes (name it with AS)`);
  return columns;
}

/** The row's size in bytes (UTF-8 text, blobs, 8 per number), after checking every value. */
function admitRow(row: SqlValue[], bounds: ResultBounds, refuse: Refuse): number {
  let bytes = 0;
  for (const value of row) {
    if (typeof value === "bigint") {
      if (bounds.safeNumbers && (value > SAFE || value < -SAFE))
        throw refuse(
          "tenant_sql_numeric_range",
          `a result value ${value} is outside the safe integer corridor (magnitude at most 2^53-1); it is never rounded`,
        );
      bytes += 8;
    } else if (typeof value === "number") {
      if (bounds.safeNumbers && (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER))
        throw refuse("tenant_sql_numeric_range", `a result value ${value} is outside the safe corridor (finite, magnitude at most 2^53-1)`);
      bytes += 8;
    } else if (value !== null) {
      const size = typeof value === "string" ? Buffer.byteLength(value) : value.byteLength;
      if (size > bounds.valueBytes) throw refuse("tenant_sql_result_too_large", `a result value has ${size} bytes; at most ${bounds.valueBytes} are allowed`);
      bytes += size;
    }
  }
  if (bytes > bounds.rowBytes) throw refuse("tenant_sql_result_too_large", `a result row has ${bytes} bytes; at most ${bounds.rowBytes} are allowed`);
  return bytes;
}
