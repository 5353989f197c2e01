// edge.sql@1.0.0 over one SQLite database file, executed in Node with better-sqlite3 on the SAME
// file SQLiteMigrationApplication migrates (host/artifacts/database-files.ts). This is the narrow
// seam a tenant-SQL guard can replace: `openEdgeSql(file)` is the only way the runtime reaches a
// database, and every statement passes `admitStatement` before it runs.
//
// The interface's rules, each enforced by the engine where it can be:
//  - exactly one statement per call (better-sqlite3 refuses several in prepare);
//  - transaction control and schema changes are sql_error: refused by their leading keyword, and
//    caught by the engine afterwards (the host's own transaction ended, or PRAGMA schema_version
//    moved) with the effects rolled back;
//  - numbers outside +-(2^53-1), in parameters or results, are numeric_out_of_range, never rounded;
//  - a lock not obtained within the busy timeout is busy; limits of the interface are enforced.

import Database from "better-sqlite3";
import { LEDGER_TABLE, ledgerExists } from "../sqlite/ledger.js";
import { splitSqlStatements } from "../sqlite/sql-statements.js";

export type EdgeSqlCode = "sql_error" | "numeric_out_of_range" | "busy" | "backend_unavailable";

export class EdgeSqlError extends Error {
  constructor(readonly code: EdgeSqlCode, message: string) {
    super(message);
    this.name = "EdgeSqlError";
  }
}

export const EDGE_SQL_LIMITS = {
  maxStatementBytes: 100_000,
  maxBoundParameters: 100,
  maxRowsPerStatement: 10_000,
  maxColumnsPerRow: 100,
  maxTextBytesPerValue: 1_000_000,
  maxBlobBytesPerValue: 1_000_000,
  maxResultBytesPerCall: 8_388_608,
  maxStatementsPerTransaction: 100,
} as const;

export type SqlValue = null | number | string | { data: string; encoding: "base64" };
export interface SqlStatementInput { sql: string; params?: SqlValue[] }
export interface SqlResult { rows: Record<string, SqlValue>[]; rowsWritten: number }

const REFUSED_LEADING = new Set(["BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE", "CREATE", "DROP", "ALTER", "ATTACH", "DETACH", "PRAGMA", "VACUUM", "REINDEX", "ANALYZE"]);

/** The first rule every statement passes: one statement, no transaction control, no schema change. */
export function admitStatement(input: SqlStatementInput): void {
  if (typeof input?.sql !== "string" || input.sql.length === 0) throw new EdgeSqlError("sql_error", "sql must be a non-empty string");
  if (Buffer.byteLength(input.sql) > EDGE_SQL_LIMITS.maxStatementBytes) throw new EdgeSqlError("sql_error", `the statement exceeds ${EDGE_SQL_LIMITS.maxStatementBytes} bytes`);
  const params = input.params ?? [];
  if (!Array.isArray(params) || params.length > EDGE_SQL_LIMITS.maxBoundParameters) throw new EdgeSqlError("sql_error", `params must be an array of at most ${EDGE_SQL_LIMITS.maxBoundParameters} values`);
  const statements = splitSqlStatements(input.sql);
  if (statements.length !== 1) throw new EdgeSqlError("sql_error", `each call carries exactly one statement, found ${statements.length}`);
  const leading = statements[0]!.keywords[0] ?? "";
  if (REFUSED_LEADING.has(leading)) {
    throw new EdgeSqlError("sql_error", `${leading} is transaction control or a schema change; schema changes belong to migration applications`);
  }
}

export interface EdgeSql {
  execute(input: SqlStatementInput): SqlResult;
  query(input: SqlStatementInput): SqlResult;
  transaction(statements: SqlStatementInput[]): { results: SqlResult[] };
  close(): void;
}

export function openEdgeSql(file: string, options: { busyTimeoutMs?: number } = {}): EdgeSql {
  const db = new Database(file, { timeout: options.busyTimeoutMs ?? 1000 });
  const schemaVersion = () => db.pragma("schema_version", { simple: true }) as number;
  // The migration ledger lives inside the tenant's database but belongs to the host: a statement
  // that changed it is rolled back (compared by content, so no statement text is inspected).
  const ledger = () => (ledgerExists(db) ? JSON.stringify(db.prepare(`SELECT * FROM ${LEDGER_TABLE} ORDER BY ordinal`).all()) : "");
  /** Runs `work` inside the host's own transaction; commit decides whether its effects stay. */
  const inTransaction = <T>(work: () => T, commit: boolean): T => {
    return translate(() => {
      db.exec("BEGIN IMMEDIATE");
      const before = schemaVersion();
      const ledgerBefore = ledger();
      try {
        const out = work();
        if (db.inTransaction && ledger() !== ledgerBefore) throw new EdgeSqlError("sql_error", `the statement changed ${LEDGER_TABLE}, which belongs to the host's migration applications`);
        if (!db.inTransaction) throw new EdgeSqlError("sql_error", "the statement ended the host's transaction (transaction control is refused)");
        if (schemaVersion() !== before) throw new EdgeSqlError("sql_error", "the statement changed the schema; schema changes belong to migration applications");
        db.exec(commit ? "COMMIT" : "ROLLBACK");
        return out;
      } catch (error) {
        if (db.inTransaction) db.exec("ROLLBACK");
        throw error;
      }
    });
  };
  return {
    execute: (input) => inTransaction(() => runOne(db, input), true),
    query: (input) => ({ ...inTransaction(() => runOne(db, input), false), rowsWritten: 0 }),
    transaction(statements) {
      if (!Array.isArray(statements) || statements.length === 0 || statements.length > EDGE_SQL_LIMITS.maxStatementsPerTransaction) {
        throw new EdgeSqlError("sql_error", `a transaction carries 1..${EDGE_SQL_LIMITS.maxStatementsPerTransaction} statements`);
      }
      return inTransaction(() => {
        let bytes = 0;
        const results = statements.map((statement) => {
          const result = runOne(db, statement);
          bytes += JSON.stringify(result.rows).length;
          if (bytes > EDGE_SQL_LIMITS.maxResultBytesPerCall) throw new EdgeSqlError("sql_error", `the results exceed ${EDGE_SQL_LIMITS.maxResultBytesPerCall} bytes`);
          return result;
        });
        return { results };
      }, true);
    },
    close: () => db.close(),
  };
}

function runOne(db: Database.Database, input: SqlStatementInput): SqlResult {
  admitStatement(input);
  const statement = db.prepare(input.sql);
  const params = (input.params ?? []).map(toSqlite);
  if (!statement.reader) {
    const info = statement.run(...params);
    return { rows: [], rowsWritten: info.changes };
  }
  statement.safeIntegers(true);
  const rows: Record<string, SqlValue>[] = [];
  let bytes = 0;
  for (const raw of statement.iterate(...params) as Iterable<Record<string, unknown>>) {
    if (rows.length === EDGE_SQL_LIMITS.maxRowsPerStatement) throw new EdgeSqlError("sql_error", `the statement returns more than ${EDGE_SQL_LIMITS.maxRowsPerStatement} rows`);
    const columns = Object.keys(raw);
    if (columns.length > EDGE_SQL_LIMITS.maxColumnsPerRow) throw new EdgeSqlError("sql_error", `a row has more than ${EDGE_SQL_LIMITS.maxColumnsPerRow} columns`);
    const row: Record<string, SqlValue> = {};
    for (const column of columns) row[column] = fromSqlite(raw[column]);
    bytes += JSON.stringify(row).length;
    if (bytes > EDGE_SQL_LIMITS.maxResultBytesPerCall) throw new EdgeSqlError("sql_error", `the result exceeds ${EDGE_SQL_LIMITS.maxResultBytesPerCall} bytes`);
    rows.push(row);
  }
  return { rows, rowsWritten: 0 };
}

const SAFE = Number.MAX_SAFE_INTEGER;

function toSqlite(value: unknown, index: number): unknown {
  if (value === null) return null;
  if (typeof value === "number") {
    if (!Number.isFinite(value) || Math.abs(value) > SAFE) throw new EdgeSqlError("numeric_out_of_range", `params[${index}] is outside the safe integer corridor (magnitude at most 2^53-1)`);
    return Number.isInteger(value) ? BigInt(value) : value;
  }
  if (typeof value === "string") {
    if (Buffer.byteLength(value) > EDGE_SQL_LIMITS.maxTextBytesPerValue) throw new EdgeSqlError("sql_error", `params[${index}] exceeds ${EDGE_SQL_LIMITS.maxTextBytesPerValue} bytes`);
    return value;
  }
  if (value !== null && typeof value === "object" && (value as { encoding?: unknown }).encoding === "base64" && typeof (value as { data?: unknown }).data === "string") {
    const bytes = Buffer.from((value as { data: string }).data, "base64");
    if (bytes.length > EDGE_SQL_LIMITS.maxBlobBytesPerValue) throw new EdgeSqlError("sql_error", `params[${index}] exceeds ${EDGE_SQL_LIMITS.maxBlobBytesPerValue} bytes`);
    return bytes;
  }
  throw new EdgeSqlError("sql_error", `params[${index}] must be null, a number, a string or {data, encoding: "base64"}`);
}

function fromSqlite(value: unknown): SqlValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "bigint") {
    if (value > BigInt(SAFE) || value < -BigInt(SAFE)) throw new EdgeSqlError("numeric_out_of_range", `a result value ${value} is outside the safe integer corridor; it is never rounded`);
    return Number(value);
  }
  if (typeof value === "number") {
    if (!Number.isFinite(value) || Math.abs(value) > SAFE) throw new EdgeSqlError("numeric_out_of_range", `a result value is outside the safe corridor`);
    return value;
  }
  if (typeof value === "string") return value;
  if (Buffer.isBuffer(value)) return { data: value.toString("base64"), encoding: "base64" };
  return String(value);
}

/** Maps SQLite's errors onto the interface's vocabulary. */
function translate<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof EdgeSqlError) throw error;
    const code = (error as { code?: string }).code ?? "";
    const message = error instanceof Error ? error.message : String(error);
    if (code === "SQLITE_BUSY" || code === "SQLITE_LOCKED" || code.startsWith("SQLITE_BUSY")) throw new EdgeSqlError("busy", `the database lock could not be obtained in time: ${message}`);
    if (error instanceof RangeError || error instanceof TypeError) throw new EdgeSqlError("sql_error", message);
    if (code.startsWith("SQLITE_")) throw new EdgeSqlError("sql_error", message);
    throw new EdgeSqlError("backend_unavailable", message);
  }
}
