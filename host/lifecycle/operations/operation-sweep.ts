// The start-up sweep of accepted operations. A 202 is answered only once its Operation record is
// durable, but the timer that commits it lives in the process: a host killed between accept and
// commit would otherwise leave the operation pending until some client read it. At start-up every
// pending record, of every tenant, is scheduled again under the tenant and principal it was
// admitted from: at its recorded commit time, or after this process's own delay when that is
// sooner (the record's time was computed under the configuration the host had then; a commit is
// never owed to a client at an exact moment), at once when the time has passed.

import { everyOperationPrefix } from "../../store/keys.js";
import type { OperationRecord } from "../../store/records.js";
import type { HostContext } from "../context.js";

/** Schedules every pending operation; returns how many were pending. */
export function resumeAcceptedOperations(ctx: Pick<HostContext, "store" | "scheduler" | "clock">): number {
  const now = ctx.clock.now().getTime();
  let pending = 0;
  for (const { value: record } of ctx.store.list<OperationRecord>(everyOperationPrefix())) {
    // A probe-held operation commits on its owner's polls, never on a timer (operation-probe-hold.ts).
    if (record.done || record.heldPolls !== undefined) continue;
    pending++;
    const identity = { tenant: record.request.tenant, principal: record.request.principal };
    ctx.scheduler.schedule(identity, record.id, Math.min(Date.parse(record.commitAt) - now, ctx.scheduler.delayMs));
  }
  return pending;
}
