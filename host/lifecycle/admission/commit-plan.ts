// Everything one accepted mutation writes, computed against the state it is about to commit:
// the resource itself (rendered), its uid index, its adoption claim, its relation pins and the
// indexes its kind maintains (KindBehaviour.indexes), and the re-rendering of every resource the
// mutation can affect -- the holders pinned to its address and whatever its kind names
// (KindBehaviour.affected, before and after the mutation). Only the resources whose rendering
// actually changed are written (decision 0016).

import type { KindBehaviour } from "../../kinds/behaviour.js";
import { claimKey, pinKey, resourceKey, uidKey, type ResourceAddress, type ScopedKey } from "../../store/keys.js";
import { StagedWrites } from "../../store/overlay.js";
import type { ClaimRecord, PinRecord, ResourceRecord, UidRecord } from "../../store/records.js";
import type { TenantScope } from "../../store/scope.js";
import type { StoreWrite } from "../../store/store.js";
import { rendered } from "./rendering.js";
import { addressOf, viewFor, type TenantView, type ViewSources } from "./tenant-view.js";

export interface MutationPlan {
  /** The stored incarnation before the mutation (absent on create). */
  before?: { record: ResourceRecord; version: number };
  /** The incarnation after it (absent on delete), before rendering. */
  after?: ResourceRecord;
  /** Whether the mutation itself already advanced after.revision. */
  revisionMoved: boolean;
}

export interface CommitResult {
  writes: StoreWrite[];
  /** The stored, rendered incarnation after the mutation. */
  after?: ResourceRecord;
}

function targetAddresses(record: ResourceRecord | undefined): Map<string, ResourceAddress> {
  const out = new Map<string, ResourceAddress>();
  for (const relation of record?.relations ?? []) {
    const address = { space: record!.space, apiVersion: relation.targetApiVersion, kind: relation.targetKind, name: relation.targetName };
    out.set(JSON.stringify(address), address);
  }
  return out;
}

function kindIndexes(kind: KindBehaviour | undefined, scope: TenantScope, record: ResourceRecord | undefined): Map<ScopedKey, unknown> {
  const out = new Map<ScopedKey, unknown>();
  if (record === undefined || kind?.indexes === undefined) return out;
  for (const entry of kind.indexes(scope, record)) out.set(entry.key, entry.value);
  return out;
}

function stageIndexes(
  staged: StagedWrites,
  scope: TenantScope,
  kind: KindBehaviour | undefined,
  before: ResourceRecord | undefined,
  after: ResourceRecord | undefined,
): void {
  if (before !== undefined && before.uid !== after?.uid) staged.stage({ op: "delete", key: uidKey(scope, before.uid) });
  if (after !== undefined && after.uid !== before?.uid) {
    const value: UidRecord = { address: addressOf(after) };
    staged.stage({ op: "put", key: uidKey(scope, after.uid), value, expectedVersion: null });
  }
  if (before?.nativeId !== undefined && before.nativeId !== after?.nativeId) staged.stage({ op: "delete", key: claimKey(scope, before.nativeId) });
  if (after?.nativeId !== undefined && after.nativeId !== before?.nativeId) {
    const value: ClaimRecord = { uid: after.uid, address: addressOf(after) };
    staged.stage({ op: "put", key: claimKey(scope, after.nativeId), value, expectedVersion: null });
  }
  const oldPins = targetAddresses(before);
  const newPins = targetAddresses(after);
  for (const [id, address] of oldPins) {
    if (!newPins.has(id) || before!.uid !== after?.uid) staged.stage({ op: "delete", key: pinKey(scope, address, before!.uid) });
  }
  for (const [id, address] of newPins) {
    if (!oldPins.has(id) || before?.uid !== after!.uid) {
      const value: PinRecord = { holder: addressOf(after!) };
      staged.stage({ op: "put", key: pinKey(scope, address, after!.uid), value });
    }
  }
  // Kind indexes carry the holder's uid in their keys: a changed key is a released and a new entry.
  const oldEntries = kindIndexes(kind, scope, before);
  const newEntries = kindIndexes(kind, scope, after);
  for (const key of oldEntries.keys()) if (!newEntries.has(key)) staged.stage({ op: "delete", key });
  for (const [key, value] of newEntries) {
    if (!oldEntries.has(key) || JSON.stringify(oldEntries.get(key)) !== JSON.stringify(value)) staged.stage({ op: "put", key, value });
  }
}

/** Records whose rendering the kind says a commit of `record` may change. */
function kindAffected(view: TenantView, record: ResourceRecord | undefined): ResourceRecord[] {
  if (record === undefined) return [];
  return view.kindOf(record.ref)?.affected?.(view, record) ?? [];
}

export function planCommit(sources: ViewSources, scope: TenantScope, plan: MutationPlan, now: Date): CommitResult {
  const store = sources.store;
  const staged = new StagedWrites(store);
  const before = plan.before?.record;
  const address = addressOf((plan.after ?? before)!);
  const key = resourceKey(scope, address);
  const expectedVersion = plan.before?.version ?? null;
  if (plan.after !== undefined) staged.stage({ op: "put", key, value: plan.after, expectedVersion });
  else staged.stage({ op: "delete", key, expectedVersion: expectedVersion ?? 0 });
  stageIndexes(staged, scope, sources.kinds.of(address), before, plan.after);

  const view = viewFor({ ...sources, store: staged }, scope);
  let after = plan.after;
  if (after !== undefined) {
    after = rendered(view, after, plan.revisionMoved || before === undefined, now);
    staged.stage({ op: "put", key, value: after, expectedVersion });
  }

  const affected = new Map<string, ResourceRecord>();
  for (const pinner of view.pinnersOf(address)) affected.set(pinner.uid, pinner);
  for (const record of [...kindAffected(view, before), ...kindAffected(view, after)]) affected.set(record.uid, record);
  if (after !== undefined) affected.delete(after.uid);
  for (const record of affected.values()) {
    const next = rendered(view, record, false, now);
    if (next === record) continue;
    const recordKey = resourceKey(scope, addressOf(record));
    const version = store.get(recordKey)?.version;
    staged.stage({ op: "put", key: recordKey, value: next, ...(version === undefined ? {} : { expectedVersion: version }) });
  }
  return after === undefined ? { writes: staged.writes() } : { writes: staged.writes(), after };
}
