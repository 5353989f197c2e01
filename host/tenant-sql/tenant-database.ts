// The one door through which tenant SQL reaches SQLite (ADR 0170): migrations now, the edge.sql
// runtime binding later. openTenantDatabase(file) starts a worker thread that owns the file, so
// tenant SQL never runs on the host's event loop; every call is bounded in time (the engine
// interrupts it; a watchdog here ends the worker if the engine itself does not answer) and in
// memory, and answers a closed refusal instead of throwing.

import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { tenantSqlLimits, type TenantSqlLimits } from "./limits.js";
import { tenantSqlRefusal, type ExecFileResult, type RunResult, type SqlValue, type TenantSqlRefusal } from "./outcome.js";
import { MIGRATION_POLICY, type TenantSqlPolicy } from "./authorizer.js";
import type { ResultBounds, StatementInput, StatementsResult } from "./statements.js";
import type { LedgerAppend, WorkerData, WorkerReply, WorkerRequest } from "./worker.js";

export type { LedgerAppend } from "./worker.js";

export interface TenantDatabaseOptions {
  limits?: Partial<TenantSqlLimits>;
  /** Tables the host keeps inside the database; tenant SQL may not name them. */
  protectedTables?: readonly string[];
  /** What tenant SQL may do beyond rows: migrations change the schema (the default), edge.sql may not. */
  policy?: TenantSqlPolicy;
}

export interface TenantDatabase {
  /** Runs a script (every statement, engine-split) as one transaction, with an optional ledger row. */
  execFile(sql: string, options?: { ledger?: LedgerAppend }): Promise<ExecFileResult | TenantSqlRefusal>;
  /** Runs one statement with parameters as one transaction; rows bounded by the limits. */
  run(sql: string, params?: readonly SqlValue[]): Promise<RunResult | TenantSqlRefusal>;
  /**
   * Runs each entry (exactly one statement with its parameters) in ONE transaction, results per
   * entry checked against `bounds`; `commit: false` always rolls back (a read that keeps nothing).
   */
  statements(statements: readonly StatementInput[], options: { bounds: ResultBounds; commit: boolean }): Promise<StatementsResult | TenantSqlRefusal>;
  close(): Promise<void>;
}

type WorkerRequestBody = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, "id"> : never) : never;

/** How much longer than the engine's own budget the watchdog waits before ending the worker. */
const WATCHDOG_GRACE_MS = 2_000;

export function openTenantDatabase(file: string, options: TenantDatabaseOptions = {}): TenantDatabase {
  const limits = tenantSqlLimits(options.limits);
  const protectedTables = [...(options.protectedTables ?? [])];
  const policy = { ...(options.policy ?? MIGRATION_POLICY) };
  let worker: Worker | undefined;
  let ready: Promise<void> | undefined;
  let next = 0;
  let queue: Promise<unknown> = Promise.resolve();
  const waiting = new Map<number, (reply: WorkerReply | TenantSqlRefusal) => void>();

  const start = (): Promise<void> => {
    const started = spawnWorker({ file, limits, protectedTables, policy });
    worker = started;
    ready = new Promise<void>((resolve, reject) => {
      started.once("message", () => resolve());
      started.once("error", reject);
    });
    started.on("message", (reply: WorkerReply) => {
      const done = waiting.get(reply.id);
      if (done === undefined) return;
      waiting.delete(reply.id);
      done(reply);
    });
    started.on("error", (error) => settleAll(tenantSqlRefusal("tenant_sql_crashed", `the database worker failed: ${error.message}`)));
    started.on("exit", () => {
      if (worker === started) worker = undefined;
      settleAll(tenantSqlRefusal("tenant_sql_crashed", "the database worker exited"));
    });
    return ready;
  };

  const settleAll = (refusal: TenantSqlRefusal) => {
    for (const done of waiting.values()) done(refusal);
    waiting.clear();
  };

  const call = <R>(request: WorkerRequestBody): Promise<R | TenantSqlRefusal> => {
    const task = queue.then(async () => {
      if (worker === undefined) await start();
      else await ready;
      const current = worker!;
      const id = next++;
      const reply = await new Promise<WorkerReply | TenantSqlRefusal>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          resolve(
            tenantSqlRefusal(
              "tenant_sql_timeout",
              `the operation did not end within ${limits.timeoutMs} ms and its worker was stopped; nothing it did was kept`,
            ),
          );
          void current.terminate();
        }, limits.timeoutMs + WATCHDOG_GRACE_MS);
        timer.unref();
        waiting.set(id, (r) => {
          clearTimeout(timer);
          resolve(r);
        });
        current.postMessage({ ...request, id });
      });
      if ("result" in reply) {
        if (reply.recycle === true) await current.terminate();
        return reply.result as R | TenantSqlRefusal;
      }
      return reply;
    });
    queue = task.catch(() => undefined);
    return task;
  };

  return {
    execFile: (sql, opts = {}) => call<ExecFileResult>({ op: "execFile", sql, ...(opts.ledger === undefined ? {} : { ledger: opts.ledger }) }),
    run: (sql, params = []) => call<RunResult>({ op: "run", sql, params: [...params] }),
    statements: (statements, { bounds, commit }) =>
      call<StatementsResult>({ op: "statements", statements: statements.map((s) => ({ sql: s.sql, params: [...s.params] })), bounds, commit }),
    close: async () => {
      await queue;
      const current = worker;
      if (current === undefined) return;
      await call<{ ok: true }>({ op: "close" });
      await current.terminate();
    },
  };
}

/** The compiled worker beside this module (dist/), or the TypeScript source through tsx (tests). */
function spawnWorker(data: WorkerData): Worker {
  const here = fileURLToPath(import.meta.url);
  const resourceLimits = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 32 };
  if (here.endsWith(".js")) return new Worker(new URL("./worker.js", import.meta.url), { workerData: data, resourceLimits });
  const source = here.replace(/tenant-database\.ts$/, "worker.ts");
  if (!existsSync(source)) throw new Error(`tenant SQL worker not found beside ${here}`);
  const tsx = import.meta.resolve("tsx/esm/api");
  const bootstrap = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(pathToFileURL(source).href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: data, resourceLimits });
}
