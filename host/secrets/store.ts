// Sensitive values in the store (host extension, docs/decisions/0200-sensitive-values.md). Each
// value is one record at secretKey(tenant, space, worker, name) holding only sealed bytes. A put
// or delete re-renders, in the same transaction, every WorkerVersion of that worker whose
// readiness names the value (rendering.ts: a missing required value is Ready=False).

import { refuse } from "../errors.js";
import type { HostContext } from "../lifecycle/context.js";
import { rendered } from "../lifecycle/admission/rendering.js";
import { addressOf, viewFor } from "../lifecycle/admission/tenant-view.js";
import { EDGE_GROUP } from "../../corpus/lib/index.js";
import { resourceKey, secretKey, workerSecretsPrefix } from "../store/keys.js";
import { StagedWrites, type StoreReader } from "../store/overlay.js";
import type { TenantScope } from "../store/scope.js";
import type { StoreWrite } from "../store/store.js";
import type { SealedValue, SecretBox } from "./seal.js";
import { secretsPerWorkerRule } from "./rules.js";

export interface SecretRecord {
  sealed: SealedValue;
  updatedAt: string;
}

export interface WorkerRef {
  space: string;
  worker: string;
}

/** What a listing or a put answers: names and times, never a value. */
export interface SecretSummary {
  name: string;
  updatedAt: string;
}

export function listSecrets(store: StoreReader, scope: TenantScope, ref: WorkerRef): SecretSummary[] {
  return store.list<SecretRecord>(workerSecretsPrefix(scope, ref.space, ref.worker)).map((entry) => ({
    name: decodeURIComponent(entry.key.slice(entry.key.lastIndexOf("/") + 1)),
    updatedAt: entry.value.updatedAt,
  }));
}

/** The writes re-rendering every WorkerVersion of the worker after `writes` (same transaction). */
function withVersionRendering(ctx: HostContext, scope: TenantScope, ref: WorkerRef, writes: StoreWrite[]): StoreWrite[] {
  const staged = new StagedWrites(ctx.store);
  for (const write of writes) staged.stage(write);
  const view = viewFor({ ...ctx, store: staged }, scope);
  const worker = { space: ref.space, apiVersion: EDGE_GROUP, kind: "ModuleWorker", name: ref.worker };
  const now = ctx.clock.now();
  for (const holder of view.pinnersOf(worker)) {
    if (holder.ref.apiVersion !== EDGE_GROUP || holder.ref.kind !== "WorkerVersion") continue;
    const next = rendered(view, holder, false, now);
    if (next === holder) continue;
    const key = resourceKey(scope, addressOf(holder));
    const version = ctx.store.get(key)?.version;
    staged.stage({ op: "put", key, value: next, ...(version === undefined ? {} : { expectedVersion: version }) });
  }
  return staged.writes();
}

export async function putSecret(
  ctx: HostContext,
  box: SecretBox,
  scope: TenantScope,
  ref: WorkerRef,
  name: string,
  value: string,
): Promise<{ created: boolean; summary: SecretSummary }> {
  return ctx.locks.run(scope.tenant, async () => {
    const key = secretKey(scope, ref.space, ref.worker, name);
    const existing = ctx.store.get<SecretRecord>(key);
    const quota = secretsPerWorkerRule(listSecrets(ctx.store, scope, ref).length, existing === undefined);
    if (quota !== undefined) throw quota;
    const record: SecretRecord = {
      sealed: box.seal({ tenant: scope.tenant, space: ref.space, worker: ref.worker, name }, value),
      updatedAt: ctx.clock.now().toISOString(),
    };
    const write: StoreWrite = { op: "put", key, value: record, expectedVersion: existing?.version ?? null };
    await ctx.store.transaction(withVersionRendering(ctx, scope, ref, [write]));
    return { created: existing === undefined, summary: { name, updatedAt: record.updatedAt } };
  });
}

export async function deleteSecret(ctx: HostContext, scope: TenantScope, ref: WorkerRef, name: string): Promise<void> {
  return ctx.locks.run(scope.tenant, async () => {
    const key = secretKey(scope, ref.space, ref.worker, name);
    const existing = ctx.store.get(key);
    if (existing === undefined) {
      throw refuse.resource_not_found(`no sensitive value ${name} is set for worker ${ref.worker} in this space; list them with takoform secret list`);
    }
    await ctx.store.transaction(withVersionRendering(ctx, scope, ref, [{ op: "delete", key, expectedVersion: existing.version }]));
  });
}
