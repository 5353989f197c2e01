// Taking over operations another replica accepted (store shared by several processes only). The
// replica that accepted a 202 commits it from a timer; if it dies first, the start-up sweep of a
// replica started later would commit it, but a replica already running must not wait for that.
// Every interval each replica asks the database for the operations still pending (`pending`, one
// range query) and commits each one `graceMs` past its commit time. commitOperation decides under
// the tenant's database lock, against a view refreshed under it, and commits only a record still
// pending, so an operation the accepting replica is committing at that moment is committed once,
// by whichever takes the lock first.

import type { OperationRecord } from "../../store/records.js";
import type { HostContext } from "../context.js";

export const TAKEOVER_INTERVAL_MS = 1000;
export const TAKEOVER_GRACE_MS = 2000;

/** The Operation records the shared store holds as pending, of every tenant. */
export type PendingOperations = () => Promise<OperationRecord[]>;

/** Schedules now every operation pending longer than graceMs past its commit time; how many. */
export async function takeOverStalledOperations(ctx: Pick<HostContext, "scheduler" | "clock">, pending: PendingOperations, graceMs: number): Promise<number> {
  const now = ctx.clock.now().getTime();
  let taken = 0;
  for (const record of await pending()) {
    if (record.done || Date.parse(record.commitAt) + graceMs > now) continue;
    ctx.scheduler.schedule({ tenant: record.request.tenant, principal: record.request.principal }, record.id, 0);
    taken++;
  }
  return taken;
}

export function startOperationTakeover(
  ctx: Pick<HostContext, "scheduler" | "clock">,
  pending: PendingOperations,
  report: (error: unknown) => void,
): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    takeOverStalledOperations(ctx, pending, TAKEOVER_GRACE_MS)
      .catch(report)
      .finally(() => {
        running = false;
      });
  }, TAKEOVER_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
