// Tenant SQL: the only way tenant-written SQL reaches SQLite (ADR 0170).
export { openTenantDatabase, type TenantDatabase, type TenantDatabaseOptions, type LedgerAppend } from "./tenant-database.js";
export { DEFAULT_TENANT_SQL_LIMITS, tenantSqlLimits, type TenantSqlLimits } from "./limits.js";
export { HOST_CODE_ERROR, type ExecFileResult, type RunResult, type SqlValue, type TenantSqlHostCode, type TenantSqlRefusal } from "./outcome.js";
export { MIGRATION_POLICY, tenantSqlDenial, type TenantSqlPolicy } from "./authorizer.js";
export type { ResultBounds, StatementInput, StatementResult, StatementsResult } from "./statements.js";
