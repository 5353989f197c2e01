// SQLite migration execution (issue 5).
export * from "./ledger.js";
export * from "./ledger-prefix.js";
export * from "./migration-files.js";
export * from "./migration-executor.js";
export * from "./migration-readiness.js";
export { withPathLock, lockKey } from "./path-lock.js";
