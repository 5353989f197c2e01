// Taking over operations another replica accepted (store shared by several processes only). The
// replica that accepted a 202 commits it from a timer; if it dies first, the start-up sweep of a
// replica started later would commit it, but a replica already running must not wait for that.
// Every interval the view of every tenant is refreshed and each operation still pending `graceMs`
// after its commit time is committed here. commitOperation decides under the tenant's database
// lock and commits only a record still pending, so an operation the accepting replica is
// committing at that moment is committed once, by whichever takes the lock first.

import { everyOperationPrefix } from "../store/keys.js";
import type { OperationRecord } from "../store/records.js";
import type { HostContext } from "./context.js";

export const TAKEOVER_INTERVAL_MS = 1000;
export const TAKEOVER_GRACE_MS = 2000;

/** Schedules now every operation pending longer than graceMs past its commit time; how many. */
export async function takeOverStalledOperations(ctx: Pick<HostContext, "store" | "scheduler" | "clock">, graceMs: number): Promise<number> {
  await ctx.store.refreshAll?.();
  const now = ctx.clock.now().getTime();
  let taken = 0;
  for (const { value: record } of ctx.store.list<OperationRecord>(everyOperationPrefix())) {
    if (record.done || Date.parse(record.commitAt) + graceMs > now) continue;
    ctx.scheduler.schedule({ tenant: record.request.tenant, principal: record.request.principal }, record.id, 0);
    taken++;
  }
  return taken;
}

export function startOperationTakeover(ctx: Pick<HostContext, "store" | "scheduler" | "clock">, report: (error: unknown) => void): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    takeOverStalledOperations(ctx, TAKEOVER_GRACE_MS)
      .catch(report)
      .finally(() => {
        running = false;
      });
  }, TAKEOVER_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
