// Committing, reading and cancelling Operations (see operations.ts).

import { HostError, refuse } from "../../errors.js";
import { operationKey, resourceKey } from "../../store/keys.js";
import type { OperationRecord, ResourceRecord, StoredRequest } from "../../store/records.js";
import { admittedScope, type AuthenticatedIdentity, type TenantScope } from "../../store/scope.js";
import { sameFormRef } from "../../../corpus/lib/index.js";
import { decodeResourceRequest } from "../../wire/resource-request.js";
import { decodeDocument } from "../../wire/decode-body.js";
import { executeApply } from "../verbs/apply.js";
import { executeCommit } from "../artifact-upload/artifact-upload.js";
import type { HostContext, LifecycleResponse, MutationEnvelope, Probe } from "../context.js";
import { executeDelete } from "../verbs/delete.js";
import { executeImport } from "../verbs/import.js";
import type { MutationOutcome } from "../mutation.js";
import { countHeldPoll } from "./operation-probe-hold.js";
import { operationNotFound, pendingDocument, retryAfter, terminalDocument } from "./operations.js";

function envelopeOf(scope: TenantScope, request: StoredRequest): MutationEnvelope {
  const envelope: MutationEnvelope = {
    scope,
    requestId: request.requestId,
    method: request.method,
    target: request.target,
    body: Buffer.from(request.bodyBase64, "base64"),
  };
  if (request.idempotencyKey !== undefined) envelope.idempotencyKey = request.idempotencyKey;
  if (request.ifMatch !== undefined) envelope.ifMatch = request.ifMatch;
  if (request.ifNoneMatch !== undefined) envelope.ifNoneMatch = request.ifNoneMatch;
  if (request.expectedGeneration !== undefined) envelope.expectedGeneration = request.expectedGeneration;
  if (request.probe !== undefined) envelope.probe = request.probe as Probe;
  return envelope;
}

/** Executes a stored request again, every rule included, against the store as it is now. */
function executeStored(ctx: HostContext, scope: TenantScope, request: StoredRequest, admittedAt: Date): Promise<MutationOutcome> {
  const envelope = { ...envelopeOf(scope, request), admittedAt };
  switch (request.action) {
    case "apply":
      return executeApply(ctx, envelope, decodeResourceRequest(decodeDocument(envelope.body), "apply"), request.path!);
    case "import":
      return executeImport(ctx, envelope, decodeResourceRequest(decodeDocument(envelope.body), "import"), request.path!);
    case "delete":
      return executeDelete(ctx, envelope, request.address!);
    case "artifact-commit":
      return executeCommit(ctx, envelope, request.uploadId!);
  }
}

/** The incarnation this operation was accepted against must still hold the name (decision 0015). */
function acceptedIncarnation(ctx: HostContext, scope: TenantScope, record: OperationRecord): HostError | undefined {
  if (record.accepted === undefined) return undefined;
  const current = ctx.store.get<ResourceRecord>(resourceKey(scope, record.accepted.address))?.value;
  if (current === undefined) return refuse.resource_not_found("the resource this operation was accepted for no longer exists");
  if (current.uid !== record.accepted.uid || !sameFormRef(current.ref, record.accepted.ref)) {
    return refuse.uid_mismatch(`the resource this operation was accepted for (uid ${record.accepted.uid}) is gone; the name is now held by uid ${current.uid}`);
  }
  return undefined;
}

/** Commits a pending operation (once; a settled or cancelled one is left as it is). */
export async function commitOperation(ctx: HostContext, identity: AuthenticatedIdentity, operationId: string): Promise<void> {
  const scope = admittedScope(identity);
  await ctx.locks.run(scope.tenant, async () => {
    const key = operationKey(scope, operationId);
    const entry = ctx.store.get<OperationRecord>(key);
    if (entry === undefined || entry.value.done) return;
    const record = entry.value;
    let outcome: MutationOutcome | undefined;
    let failure: HostError | undefined;
    try {
      failure = acceptedIncarnation(ctx, scope, record);
      if (failure === undefined) outcome = await executeStored(ctx, scope, record.request, new Date(record.acceptedAt));
    } catch (error) {
      if (!(error instanceof HostError)) throw error;
      failure = error;
    }
    const settled: OperationRecord = { ...record, done: true, settledAt: ctx.clock.now().toISOString() };
    if (outcome !== undefined) {
      if (outcome.boundUid !== undefined) {
        settled.committedUid = outcome.boundUid;
        settled.target = { ...(settled.target ?? {}), uid: outcome.boundUid };
      }
      settled.terminal = JSON.stringify(terminalDocument(settled, { result: outcome.result ?? {} }));
      await ctx.store.transaction([...outcome.writes, { op: "put", key, value: settled, expectedVersion: entry.version }]);
    } else {
      settled.terminal = JSON.stringify(terminalDocument(settled, { error: failure! }));
      await ctx.store.transaction([{ op: "put", key, value: settled, expectedVersion: entry.version }]);
    }
  });
}

function ownedOperation(ctx: HostContext, scope: TenantScope, operationId: string): OperationRecord {
  const record = /^op_[A-Za-z0-9][A-Za-z0-9._-]{0,124}$/.test(operationId)
    ? ctx.store.get<OperationRecord>(operationKey(scope, operationId))?.value
    : undefined;
  if (record === undefined) throw operationNotFound();
  return record;
}

function answer(ctx: HostContext, record: OperationRecord): LifecycleResponse {
  if (record.done && record.terminal !== undefined) return { status: 200, body: record.terminal };
  return { status: 200, body: JSON.stringify(pendingDocument(record)), headers: retryAfter(ctx, record) };
}

/**
 * GET {api}/operations/{id}: a pending operation past its commit time is committed first; a
 * probe-held one counts this poll and commits on the poll that exhausts its hold.
 */
export async function readOperation(ctx: HostContext, scope: TenantScope, operationId: string): Promise<LifecycleResponse> {
  const record = ownedOperation(ctx, scope, operationId);
  if (!record.done && record.heldPolls !== undefined) {
    if (await countHeldPoll(ctx, scope, operationId)) await commitOperation(ctx, scope, operationId);
    return answer(ctx, ownedOperation(ctx, scope, operationId));
  }
  if (!record.done && Date.parse(record.commitAt) <= ctx.clock.now().getTime()) {
    await commitOperation(ctx, scope, operationId);
    return answer(ctx, ownedOperation(ctx, scope, operationId));
  }
  return answer(ctx, record);
}

/** POST {api}/operations/{id}/cancel: a pending operation is stopped (operation_cancelled); a terminal one replays. */
export async function cancelOperation(ctx: HostContext, scope: TenantScope, operationId: string, key: string | undefined): Promise<LifecycleResponse> {
  if (key === undefined) throw refuse.invalid_argument("cancel requires an Idempotency-Key header");
  return ctx.locks.run(scope.tenant, async () => {
    const storeKey = operationKey(scope, operationId);
    const record = ownedOperation(ctx, scope, operationId);
    if (record.done) return answer(ctx, record);
    const settled: OperationRecord = { ...record, done: true, settledAt: ctx.clock.now().toISOString() };
    settled.terminal = JSON.stringify(terminalDocument(settled, { error: refuse.operation_cancelled("the operation was cancelled before it committed") }));
    await ctx.store.transaction([{ op: "put", key: storeKey, value: settled }]);
    return answer(ctx, settled);
  });
}
