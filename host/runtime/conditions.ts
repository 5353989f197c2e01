// Reports what the runtime could not run on the resources concerned: Ready=False, reason Failed,
// hostReason RuntimeRejected and the runtime's message, written as a host-side status change (the
// revision moves, the generation does not) under the tenant lock. When the problem is gone the
// resource's ordinary rendering comes back. Nothing here touches desired state.

import { rfc3339 } from "../clock.js";
import type { HostContext } from "../lifecycle/context.js";
import { renderConditions } from "../lifecycle/admission/rendering.js";
import { viewFor } from "../lifecycle/admission/tenant-view.js";
import { resourceKey } from "../store/keys.js";
import type { ResourceRecord } from "../store/records.js";
import { admittedScope } from "../store/scope.js";
import type { Condition } from "../wire/conditions.js";
import { nextDecimal } from "../wire/decimal.js";
import type { RuntimeProblem } from "./plan.js";

export const RUNTIME_HOST_REASON = "RuntimeRejected";

/** The Ready condition a runtime problem renders to (pure). */
export function runtimeFailureCondition(message: string, previous: Condition | undefined, now: Date): Condition {
  const same = previous !== undefined && previous.status === "False" && previous.reason === "Failed";
  return {
    type: "Ready",
    status: "False",
    reason: "Failed",
    hostReason: RUNTIME_HOST_REASON,
    message: `the runtime cannot run this resource: ${message}`.slice(0, 4096),
    lastTransitionTime: same && previous.lastTransitionTime !== "" ? previous.lastTransitionTime : rfc3339(now),
  };
}

const flaggedNow = (record: ResourceRecord) => record.conditions.some((c) => c.type === "Ready" && c.hostReason === RUNTIME_HOST_REASON);

/** Writes the conditions the problems call for, and clears them where a problem is gone. */
export async function reportRuntimeProblems(ctx: HostContext, problems: readonly RuntimeProblem[], flagged: Map<string, ResourceRecord>): Promise<void> {
  const wanted = new Map(problems.map((p) => [`${p.record.tenant}\u0000${p.record.uid}`, p]));
  const touched = new Map<string, { record: ResourceRecord; message?: string }>();
  for (const [key, problem] of wanted) touched.set(key, { record: problem.record, message: problem.message });
  for (const [key, record] of flagged) if (!wanted.has(key)) touched.set(key, { record });
  for (const [key, { record, message }] of touched) {
    await ctx.locks.run(record.tenant, async () => {
      const scope = admittedScope({ tenant: record.tenant, principal: "runtime" });
      const storeKey = resourceKey(scope, { space: record.space, apiVersion: record.ref.apiVersion, kind: record.ref.kind, name: record.name });
      const current = ctx.store.get<ResourceRecord>(storeKey);
      if (current === undefined || current.value.uid !== record.uid) return void flagged.delete(key);
      const now = ctx.clock.now();
      const previous = current.value.conditions.find((c) => c.type === "Ready");
      const conditions = message !== undefined ? [runtimeFailureCondition(message, previous, now)] : renderConditions(viewFor(ctx, scope), current.value, now);
      if (message === undefined && !flaggedNow(current.value)) return void flagged.delete(key);
      if (JSON.stringify(conditions) === JSON.stringify(current.value.conditions)) return;
      const next: ResourceRecord = { ...current.value, conditions, revision: nextDecimal(current.value.revision) };
      await ctx.store.transaction([{ op: "put", key: storeKey, value: next, expectedVersion: current.version }]);
      if (message !== undefined) flagged.set(key, next);
      else flagged.delete(key);
    });
  }
}
