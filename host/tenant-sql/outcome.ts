// What a tenant SQL operation answers: rows, or a refusal carrying one code of the closed taxonomy
// and a host code naming the guard or limit that refused it.

import type { ErrorCode } from "../../corpus/lib/index.js";

export type SqlValue = string | number | bigint | null | Uint8Array;

export type TenantSqlHostCode =
  | "tenant_sql_denied"
  | "tenant_sql_timeout"
  | "tenant_sql_memory"
  | "tenant_sql_too_big"
  | "tenant_sql_result_too_large"
  | "tenant_sql_numeric_range"
  | "tenant_sql_database_full"
  | "tenant_sql_busy"
  | "tenant_sql_error"
  | "tenant_sql_ledger_moved"
  | "tenant_sql_crashed";

export interface TenantSqlRefusal {
  ok: false;
  code: ErrorCode;
  hostCode: TenantSqlHostCode;
  message: string;
  /** 1-based index of the tenant statement that was refused or failed, when one was. */
  statement?: number;
}

export interface ExecFileResult {
  ok: true;
  /** Statements the engine prepared and stepped. */
  statements: number;
  /** True when the ledger already held this file (another process applied it): nothing ran. */
  skipped: boolean;
}

export interface RunResult {
  ok: true;
  columns: string[];
  rows: SqlValue[][];
  changes: number;
}

export const HOST_CODE_ERROR: Readonly<Record<TenantSqlHostCode, ErrorCode>> = Object.freeze({
  tenant_sql_denied: "policy_denied",
  tenant_sql_timeout: "deadline_exceeded",
  tenant_sql_memory: "policy_denied",
  tenant_sql_too_big: "policy_denied",
  tenant_sql_result_too_large: "policy_denied",
  tenant_sql_numeric_range: "invalid_argument",
  tenant_sql_database_full: "policy_denied",
  tenant_sql_busy: "resource_busy",
  tenant_sql_error: "invalid_argument",
  tenant_sql_ledger_moved: "migration_required",
  tenant_sql_crashed: "internal_error",
});

export function tenantSqlRefusal(hostCode: TenantSqlHostCode, message: string, statement?: number): TenantSqlRefusal {
  return { ok: false, code: HOST_CODE_ERROR[hostCode], hostCode, message, ...(statement === undefined ? {} : { statement }) };
}
