// The authorizer rule of tenant SQL (sqlite3_set_authorizer): SQLite asks it about every action a
// statement would take while the statement is PREPARED, so what the engine parsed -- not what a
// text scanner guessed -- decides. A tenant statement may read and change its own database's
// tables; it may not reach another database (ATTACH/DETACH, a schema name other than main/temp),
// control the host's transaction, change connection or file state through a PRAGMA, load code,
// or touch a table the host keeps in the database (the migration ledger).

/** SQLite's authorizer action codes (sqlite3.h; stable ABI). */
export const ACTION = Object.freeze({
  CREATE_INDEX: 1,
  CREATE_TABLE: 2,
  CREATE_TEMP_INDEX: 3,
  CREATE_TEMP_TABLE: 4,
  CREATE_TEMP_TRIGGER: 5,
  CREATE_TEMP_VIEW: 6,
  CREATE_TRIGGER: 7,
  CREATE_VIEW: 8,
  DELETE: 9,
  DROP_INDEX: 10,
  DROP_TABLE: 11,
  DROP_TEMP_INDEX: 12,
  DROP_TEMP_TABLE: 13,
  DROP_TEMP_TRIGGER: 14,
  DROP_TEMP_VIEW: 15,
  DROP_TRIGGER: 16,
  DROP_VIEW: 17,
  INSERT: 18,
  PRAGMA: 19,
  READ: 20,
  SELECT: 21,
  TRANSACTION: 22,
  UPDATE: 23,
  ATTACH: 24,
  DETACH: 25,
  ALTER_TABLE: 26,
  REINDEX: 27,
  ANALYZE: 28,
  CREATE_VTABLE: 29,
  DROP_VTABLE: 30,
  FUNCTION: 31,
  SAVEPOINT: 32,
  RECURSIVE: 33,
});

/** PRAGMAs that only read or change the tenant's own schema data, never a file, the connection or the host. */
const SAFE_PRAGMAS = new Set([
  "table_info",
  "table_xinfo",
  "table_list",
  "index_list",
  "index_info",
  "index_xinfo",
  "foreign_key_list",
  "foreign_key_check",
  "user_version",
  "application_id",
  "defer_foreign_keys",
]);

/** Functions that load code or reach outside the database (absent from the WASM build; refused regardless). */
const REFUSED_FUNCTIONS = new Set(["load_extension", "fts3_tokenizer", "readfile", "writefile", "edit", "fsdir"]);

/** Virtual-table modules a tenant may create. */
const SAFE_MODULES = new Set(["fts5", "fts4", "fts3", "rtree"]);

/** Actions that change the schema: a connection whose policy refuses schema changes denies them. */
const SCHEMA_ACTIONS = new Set<number>([
  ACTION.CREATE_INDEX,
  ACTION.CREATE_TABLE,
  ACTION.CREATE_TEMP_INDEX,
  ACTION.CREATE_TEMP_TABLE,
  ACTION.CREATE_TEMP_TRIGGER,
  ACTION.CREATE_TEMP_VIEW,
  ACTION.CREATE_TRIGGER,
  ACTION.CREATE_VIEW,
  ACTION.DROP_INDEX,
  ACTION.DROP_TABLE,
  ACTION.DROP_TEMP_INDEX,
  ACTION.DROP_TEMP_TABLE,
  ACTION.DROP_TEMP_TRIGGER,
  ACTION.DROP_TEMP_VIEW,
  ACTION.DROP_TRIGGER,
  ACTION.DROP_VIEW,
  ACTION.ALTER_TABLE,
  ACTION.REINDEX,
  ACTION.ANALYZE,
  ACTION.CREATE_VTABLE,
  ACTION.DROP_VTABLE,
]);

/** What a connection lets tenant SQL do beyond reading and writing rows. */
export interface TenantSqlPolicy {
  /** Migrations change the schema; the runtime's edge.sql connection may not (ADR 0175). */
  schemaChanges: boolean;
}

export const MIGRATION_POLICY: Readonly<TenantSqlPolicy> = Object.freeze({ schemaChanges: true });

const ACTION_NAMES = new Map<number, string>(Object.entries(ACTION).map(([name, code]) => [code, name]));

export function actionName(code: number): string {
  return ACTION_NAMES.get(code) ?? `action ${code}`;
}

/**
 * Why a tenant statement may not take this action, or undefined when it may. Arguments are the
 * authorizer's (arg1, arg2, database name); `protectedTables` are lower-case names.
 */
export function tenantSqlDenial(
  action: number,
  arg1: string | null,
  arg2: string | null,
  database: string | null,
  protectedTables: ReadonlySet<string>,
  policy: TenantSqlPolicy = MIGRATION_POLICY,
): string | undefined {
  if (!policy.schemaChanges && SCHEMA_ACTIONS.has(action)) {
    return `${actionName(action)} is refused: schema changes belong to migration applications`;
  }
  switch (action) {
    case ACTION.ATTACH:
    case ACTION.DETACH:
      return "ATTACH and DETACH are refused: tenant SQL reaches its own database only";
    case ACTION.TRANSACTION:
    case ACTION.SAVEPOINT:
      return "transaction control is refused: the host runs each file or statement in its own transaction";
    case ACTION.PRAGMA:
      return SAFE_PRAGMAS.has((arg1 ?? "").toLowerCase()) ? undefined : `PRAGMA ${arg1} is refused: it changes connection, file or host state`;
    case ACTION.FUNCTION:
      return REFUSED_FUNCTIONS.has((arg2 ?? "").toLowerCase()) ? `function ${arg2}() is refused` : undefined;
    case ACTION.CREATE_VTABLE:
    case ACTION.DROP_VTABLE:
      return SAFE_MODULES.has((arg2 ?? "").toLowerCase()) ? undefined : `virtual table module ${arg2} is refused`;
  }
  if (database !== null && database !== "main" && database !== "temp") {
    return `schema ${database} is refused: tenant SQL reaches its own database only`;
  }
  for (const name of [arg1, arg2]) {
    if (name !== null && protectedTables.has(name.toLowerCase())) {
      return `${name} belongs to the host (${actionName(action)} refused)`;
    }
  }
  return undefined;
}
