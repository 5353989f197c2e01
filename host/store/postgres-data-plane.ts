// The data plane of replicas sharing one PostgreSQL store (ADR 0266): it runs on ONE replica at a
// time, the one holding the data-plane advisory lock on a connection of its own (a session lock,
// so it is released the moment that replica's connection ends, killed or stopped). Another replica
// started with --runtime on serves the control plane and retries the lock, so it takes the data
// plane over when the holder goes away. The holder follows commits made through every replica:
// when the database's change sequence moved it refreshes its view and reconciles.

import type pg from "pg";
import { DATA_PLANE_LOCK, LOCK_SPACE } from "./postgres-schema.js";
import type { PostgresStore } from "./postgres.js";

export interface DataPlaneLease {
  release(): Promise<void>;
}

/** The data-plane lock when this replica got it now, undefined when another replica holds it. */
export async function tryDataPlaneLock(pool: pg.Pool): Promise<DataPlaneLease | undefined> {
  const client = await pool.connect();
  try {
    const held = await client.query<{ held: boolean }>("SELECT pg_try_advisory_lock($1, $2) AS held", [LOCK_SPACE, DATA_PLANE_LOCK]);
    if (held.rows[0]?.held === true) {
      return {
        async release() {
          try {
            await client.query("SELECT pg_advisory_unlock($1, $2)", [LOCK_SPACE, DATA_PLANE_LOCK]);
          } finally {
            client.release();
          }
        },
      };
    }
  } catch (error) {
    client.release();
    throw error;
  }
  client.release();
  return undefined;
}

/** The database's change sequence as text: it moves with every commit of every replica. */
async function changeMark(pool: pg.Pool): Promise<string> {
  const result = await pool.query<{ mark: string }>("SELECT last_value::text || ':' || is_called::text AS mark FROM takoform_change_seq");
  return result.rows[0]?.mark ?? "";
}

/** Every intervalMs: when any replica committed since the last look, refresh the view and call onChange. */
export function followCommits(store: PostgresStore, onChange: () => void, report: (error: unknown) => void, intervalMs = 1000): { stop(): void } {
  let last: string | undefined;
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void (async () => {
      const mark = await changeMark(store.pool);
      if (mark === last) return;
      await store.refreshAll?.();
      // The first look reconciles too (a commit may have landed since the runtime started; a
      // reconcile of an unchanged plan switches nothing).
      onChange();
      last = mark;
    })()
      .catch(report)
      .finally(() => (busy = false));
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
