// Everything one accepted mutation writes, computed against the state it is about to commit:
// the resource itself (rendered), its uid index, its adoption claim, its relation pins and its
// hostname claim, and the re-rendering of every resource the mutation can affect -- the holders
// pinned to its address, for a deployment the worker whose readiness it decides, and for a
// migration application every application of the same database (their ledger). Only the
// resources whose rendering actually changed are written (decision 0016).

import { EDGE_GROUP, WORKER_RELATION } from "../rules/worker-aggregate/aggregate.js";
import { claimKey, hostnameKey, pinKey, resourceKey, uidKey, type ResourceAddress } from "../store/keys.js";
import { StagedWrites } from "../store/overlay.js";
import type { ClaimRecord, HostnameRecord, PinRecord, ResourceRecord, UidRecord } from "../store/records.js";
import type { TenantScope } from "../store/scope.js";
import type { StoreWrite } from "../store/store.js";
import { DATABASE_RELATION, isMigrationApplication } from "./admit-migrations.js";
import { rendered } from "./rendering.js";
import { addressOf, viewFor, type ViewSources } from "./tenant-view.js";

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

function customDomainHostname(record: ResourceRecord | undefined): string | undefined {
  if (record === undefined || record.ref.apiVersion !== EDGE_GROUP || record.ref.kind !== "WorkerCustomDomain") return undefined;
  return typeof record.spec.hostname === "string" ? record.spec.hostname : undefined;
}

function stageIndexes(staged: StagedWrites, scope: TenantScope, before: ResourceRecord | undefined, after: ResourceRecord | undefined): void {
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
  const oldHost = customDomainHostname(before);
  const newHost = customDomainHostname(after);
  if (oldHost !== undefined && (oldHost !== newHost || before!.uid !== after?.uid)) staged.stage({ op: "delete", key: hostnameKey(scope, oldHost, before!.uid) });
  if (newHost !== undefined && (oldHost !== newHost || before?.uid !== after!.uid)) {
    const value: HostnameRecord = { uid: after!.uid, space: after!.space, name: after!.name, hostname: newHost };
    staged.stage({ op: "put", key: hostnameKey(scope, newHost, after!.uid), value });
  }
}

/**
 * Addresses of the databases a SQLiteMigrationApplication pins: every application of such a
 * database renders its readiness from the ledger this one's commit may have extended.
 */
function migratedDatabases(record: ResourceRecord | undefined): ResourceAddress[] {
  if (record === undefined || !isMigrationApplication(record.ref)) return [];
  return (record.relations ?? [])
    .filter((relation) => relation.relation === DATABASE_RELATION)
    .map((relation) => ({ space: record.space, apiVersion: relation.targetApiVersion, kind: relation.targetKind, name: relation.targetName }));
}

/** Worker uids whose readiness a deployment's /worker relation decides. */
function governedWorkers(record: ResourceRecord | undefined): string[] {
  if (record === undefined || record.ref.apiVersion !== EDGE_GROUP || record.ref.kind !== "WorkerDeployment") return [];
  return (record.relations ?? []).filter((relation) => relation.relation === WORKER_RELATION).map((relation) => relation.targetUid);
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
  stageIndexes(staged, scope, before, plan.after);

  const view = viewFor({ ...sources, store: staged }, scope);
  let after = plan.after;
  if (after !== undefined) {
    after = rendered(view, after, plan.revisionMoved || before === undefined, now);
    staged.stage({ op: "put", key, value: after, expectedVersion });
  }

  const affected = new Map<string, ResourceRecord>();
  for (const pinner of view.pinnersOf(address)) affected.set(pinner.uid, pinner);
  for (const uid of [...governedWorkers(before), ...governedWorkers(after)]) {
    const worker = view.recordByUid(uid);
    if (worker !== undefined) affected.set(uid, worker);
  }
  for (const database of [...migratedDatabases(before), ...migratedDatabases(after)]) {
    for (const sibling of view.pinnersOf(database)) if (isMigrationApplication(sibling.ref)) affected.set(sibling.uid, sibling);
  }
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
