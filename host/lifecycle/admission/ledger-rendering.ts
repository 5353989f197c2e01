// Readiness that lives outside the store. A kind whose rendering reads state the store does not
// hold (KindBehaviour.rendersOutsideStore; e.g. a migration application is Ready exactly when the
// durable ledger INSIDE its database equals its ordered set, and that ledger moves without the
// resource being mutated) is re-rendered whenever the resource is read or observed (and, in
// commit-plan.ts, whenever a commit its kind names as affecting it lands). A changed rendering is
// stored -- the revision moves, the generation does not -- so a representation and its ETag never
// disagree.

import type { ResourceRecord } from "../../store/records.js";
import type { TenantScope } from "../../store/scope.js";
import type { StoreWrite } from "../../store/store.js";
import type { AddressedRecord } from "../verbs/addressed.js";
import type { HostContext } from "../context.js";
import { rendered } from "./rendering.js";
import { viewFor } from "./tenant-view.js";

/** The record re-rendered against the store and the durable ledger now, and the write that stores it (if it changed). */
export function ledgerRendering(ctx: HostContext, scope: TenantScope, addressed: AddressedRecord): { record: ResourceRecord; writes: StoreWrite[] } {
  const { key, record, version } = addressed;
  const view = viewFor(ctx, scope);
  if (view.kindOf(record.ref)?.rendersOutsideStore !== true) return { record, writes: [] };
  const next = rendered(view, record, false, ctx.clock.now());
  if (next === record) return { record, writes: [] };
  return { record: next, writes: [{ op: "put", key, value: next, expectedVersion: version }] };
}

/**
 * For a lock-free read: the addressed record with its outside-the-store rendering brought up to
 * date. Only when it changed is the tenant lock taken, the record read again and its new rendering
 * stored; a read racing a delete or a replacement answers what it first addressed.
 */
export async function refreshedForRead(ctx: HostContext, scope: TenantScope, addressed: AddressedRecord): Promise<ResourceRecord> {
  if (ledgerRendering(ctx, scope, addressed).writes.length === 0) return addressed.record;
  return ctx.locks.run(scope.tenant, async () => {
    const current = ctx.store.get<ResourceRecord>(addressed.key);
    if (current === undefined || current.value.uid !== addressed.record.uid) return addressed.record;
    const { record, writes } = ledgerRendering(ctx, scope, { key: addressed.key, record: current.value, version: current.version });
    // Under the tenant lock nothing else writes this key, so the version read is the one replaced.
    if (writes.length > 0) await ctx.store.transaction(writes);
    return record;
  });
}
