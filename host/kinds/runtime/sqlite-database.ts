// SQLiteDatabase -> the edge.sql binding: a small wrapper worker gives the version
// env.NAME.execute / query / transaction, and forwards each call to Node, where openEdgeSql runs
// it through the tenant-SQL guard (a worker thread per database) on the incarnation's database file (the file SQLiteMigrationApplication migrated).

import type { WorkerOptions } from "miniflare";
import { stat } from "node:fs/promises";
import type { ResourceRecord } from "../../store/records.js";
import { EdgeSqlError, type SqlStatementInput } from "../../runtime/edge-sql.js";
import { wrapperWorkerName } from "../../runtime/names.js";
import { HOST_WORKER, json, tagged, type ProjectionDeps, type RuntimeProjection } from "../../runtime/projection.js";

const WRAPPER = `
function input(sql, params) { return typeof sql === "object" && sql !== null ? sql : { sql, params: params ?? [] }; }
export default function (env) {
  async function call(op, body) {
    const response = await env.RPC.fetch("http://edge.sql/" + op, { method: "POST", body: JSON.stringify(body) });
    const out = await response.json();
    if (out.error) { const error = new Error(out.error.message); error.code = out.error.code; throw error; }
    return out.result;
  }
  return {
    execute: (sql, params) => call("execute", input(sql, params)),
    query: (sql, params) => call("query", input(sql, params)),
    transaction: (statements) => call("transaction", { statements: Array.isArray(statements) ? statements.map((s) => input(s.sql ?? s, s.params)) : statements?.statements }),
  };
}`;

/** The bytes a database file takes now (0 before its first write). */
async function fileSize(file: string): Promise<number> {
  return (await stat(file).catch(() => undefined))?.size ?? 0;
}

/**
 * A call that may write starts only while the tenant is under its storage quota, and what it grew
 * the database by is charged to it (ADR 0303). A call's growth is known only after it ran, so a
 * tenant can pass its quota by the calls it has in flight when it reaches it, each within the
 * database's own bound (512 MiB).
 */
async function underQuota<T>(deps: ProjectionDeps, tenant: string, file: string, write: () => Promise<T>): Promise<T> {
  const outcome = await deps.storage.within(tenant, 1, async () => {
    const before = await fileSize(file);
    const result = await write();
    return { result, stored: Math.max(0, (await fileSize(file)) - before) };
  });
  if (!outcome.ok) throw new EdgeSqlError("backend_unavailable", outcome.message);
  return outcome.result;
}

export function sqliteWrapperWorker(database: ResourceRecord, deps: ProjectionDeps): WorkerOptions {
  const file = deps.databases.pathOf(database.tenant, database.uid);
  const name = wrapperWorkerName("sql", database);
  // A wrapped binding runs with the compatibility date of the worker that holds it (none of its own).
  return {
    ...HOST_WORKER,
    name,
    modulesRoot: "/",
    modules: [{ type: "ESModule", path: "/edge-sql.js", contents: WRAPPER }],
    serviceBindings: {
      RPC: tagged(`sql:${file}`, async (request) => {
        const op = new URL(request.url).pathname.slice(1);
        try {
          const body = (await request.json()) as SqlStatementInput & { statements?: SqlStatementInput[] };
          const sql = deps.sql(file);
          if (op === "query") return json({ result: await sql.query(body) });
          if (op === "execute") return json({ result: await underQuota(deps, database.tenant, file, () => sql.execute(body)) });
          if (op === "transaction") return json({ result: await underQuota(deps, database.tenant, file, () => sql.transaction(body.statements ?? [])) });
          return json({ error: { code: "sql_error", message: `unknown operation ${op}` } });
        } catch (error) {
          const code = error instanceof EdgeSqlError ? error.code : "sql_error";
          return json({ error: { code, message: error instanceof Error ? error.message : String(error) } });
        }
      }),
    },
  };
}

export const sqliteDatabaseRuntime: RuntimeProjection = {
  binding: sqliteWrapperWorker,
  data: (database) => ({ area: "sqlite", tenant: database.tenant, uid: database.uid }),
};
