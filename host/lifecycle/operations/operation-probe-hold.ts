// The probe-held operation (test-only; only on a host started with --conformance-probes). A
// mutation that carried `Takoform-Conformance-Probe: async` is accepted like any other (202, a
// durable Operation), but no timer commits it: it stays pending for PROBE_HELD_POLLS reads by its
// owner and commits on the read that exhausts them, as the upstream reference host does. A
// conformance check can therefore move the store, cancel, or read as another principal while the
// operation is certainly pending, however busy the machine is: nothing but the owner's polls moves
// it. Foreign reads never reach the record (operation_not_found), so they never count. A mutation
// without the probe keeps the ordinary timer path (operation-scheduler.ts), probes or not.
// docs/decisions/0210.

import { operationKey } from "../../store/keys.js";
import type { OperationRecord } from "../../store/records.js";
import type { TenantScope } from "../../store/scope.js";
import type { HostContext, MutationEnvelope } from "../context.js";

/** Owner polls a probe-held operation answers pending before the one that commits it. */
export const PROBE_HELD_POLLS = 2;

/** How many owner polls hold this mutation's Operation, or undefined for the timer path. */
export function probeHeldPolls(envelope: Pick<MutationEnvelope, "probe">): number | undefined {
  return envelope.probe === "async" ? PROBE_HELD_POLLS : undefined;
}

/** Retry-After of a held pending Operation: the next poll is what moves it, so at once. */
export const HELD_RETRY_AFTER: Readonly<Record<string, string>> = { "Retry-After": "0" };

/**
 * Counts one owner poll of a held, pending operation (under the tenant lock, durably); true when
 * this poll exhausts the hold and the caller must commit the operation now.
 */
export function countHeldPoll(ctx: HostContext, scope: TenantScope, operationId: string): Promise<boolean> {
  return ctx.locks.run(scope.tenant, async () => {
    const key = operationKey(scope, operationId);
    const entry = ctx.store.get<OperationRecord>(key);
    if (entry === undefined || entry.value.done || entry.value.heldPolls === undefined) return false;
    const heldPolls = entry.value.heldPolls - 1;
    await ctx.store.transaction([{ op: "put", key, value: { ...entry.value, heldPolls }, expectedVersion: entry.version }]);
    return heldPolls <= 0;
  });
}
