// The frame every fenced mutation (apply, import, observe, delete, artifact upload/commit/abandon)
// runs in:
//
// 1. the Idempotency-Key is required and the request is fingerprinted (Shared wire rules);
// 2. under the caller's TENANT LOCK, the replay record namespaced by (tenant, principal, space,
//    key) is consulted: replayed, refused as a reused key, or retired with its incarnation;
// 3. the operation runs every rule against the store as it is, and returns the writes of its
//    mutation, or throws the refusal;
// 4. the writes and the replay record of the answer commit in ONE store transaction, so an
//    acknowledged answer and its replay record are durable together, and a refusal stores
//    nothing but its own replay record.
//
// An accepted asynchronous mutation (202, operations.ts) takes step 3 as its admission check and
// commits, instead of the writes, an Operation that executes the same request again at commit.
//
// Holding the tenant lock from the replay consult to the commit is what makes racing requests
// unable to pass one fence twice.

import type { ExactFormRef, JsonObject } from "../../corpus/lib/index.js";
import { HostError, refuse } from "../errors.js";
import { idempotencyKey } from "../rules/shared-wire-rules/idempotency-key.js";
import { replayDecision } from "../rules/shared-wire-rules/replay-decision.js";
import { requestFingerprint } from "../rules/shared-wire-rules/request-fingerprint.js";
import { operationKey, replayKey, uidKey, type ResourceAddress } from "../store/keys.js";
import type { OperationRecord, ReplayRecord, ResourceRecord, StoredRequest, UidRecord } from "../store/records.js";
import { StoreConflictError, type StoreWrite } from "../store/store.js";
import { revisionETag } from "../wire/decimal.js";
import { errorEnvelopeBody } from "../wire/error-envelope.js";
import { renderResource } from "../wire/render-resource.js";
import type { HostContext, LifecycleResponse, MutationEnvelope } from "./context.js";
import { probeHeldPolls } from "./operations/operation-probe-hold.js";
import { acceptOperation } from "./operations/operations.js";

export interface MutationOutcome extends LifecycleResponse {
  writes: StoreWrite[];
  /** The incarnation the answer reports as live; absent for a delete. */
  boundUid?: string;
  /** The incarnation an update, import or delete acted on (what a 202 is bound to). */
  accepted?: { address: ResourceAddress; uid: string; ref: ExactFormRef };
  /** The terminal result an Operation reports for this outcome. */
  result?: JsonObject;
  /** What an Operation names as its target when it is not a resource (an artifact commit). */
  manifestDigest?: string;
}

/** The answer of a mutation that leaves `record` stored: status, strong ETag, representation. */
export function resourceOutcome(status: number, record: ResourceRecord, writes: StoreWrite[]): MutationOutcome {
  const resource = renderResource(record);
  // An operation's result is stored as JSON; a RenderedResource is JSON by construction (its
  // interfaces only lack the index signature JsonObject spells).
  return {
    status,
    etag: revisionETag(record.revision),
    body: JSON.stringify(resource),
    boundUid: record.uid,
    writes,
    result: { resource: resource as unknown as JsonObject },
  };
}

/** What a route must say for its mutation to be accepted asynchronously. */
export type AsyncRoute = Pick<StoredRequest, "action" | "path" | "address" | "uploadId">;

function storedRequest(envelope: MutationEnvelope, route: AsyncRoute): StoredRequest {
  const stored: StoredRequest = {
    ...route,
    tenant: envelope.scope.tenant,
    principal: envelope.scope.principal,
    requestId: envelope.requestId,
    method: envelope.method,
    target: envelope.target,
    bodyBase64: envelope.body.toString("base64"),
  };
  if (envelope.idempotencyKey !== undefined) stored.idempotencyKey = envelope.idempotencyKey;
  if (envelope.ifMatch !== undefined) stored.ifMatch = envelope.ifMatch;
  if (envelope.ifNoneMatch !== undefined) stored.ifNoneMatch = envelope.ifNoneMatch;
  if (envelope.expectedGeneration !== undefined) stored.expectedGeneration = envelope.expectedGeneration;
  if (envelope.probe !== undefined && envelope.probe !== "async") stored.probe = envelope.probe;
  return stored;
}

export async function runMutation(
  ctx: HostContext,
  envelope: MutationEnvelope,
  action: string,
  space: string,
  execute: () => Promise<MutationOutcome>,
  asyncRoute?: AsyncRoute,
): Promise<LifecycleResponse> {
  const key = idempotencyKey(envelope.idempotencyKey, action);
  if (key instanceof HostError) throw key;
  const fingerprint = requestFingerprint({
    method: envelope.method,
    target: envelope.target,
    ifMatch: envelope.ifMatch,
    ifNoneMatch: envelope.ifNoneMatch,
    expectedGeneration: envelope.expectedGeneration,
    body: envelope.body,
  });
  const scope = envelope.scope;
  const recordKey = replayKey(scope, space, key);

  return ctx.locks.run(scope.tenant, async () => {
    const now = ctx.clock.now();
    const stored = ctx.store.get<ReplayRecord>(recordKey)?.value;
    // A 202's record follows its Operation: it is bound to the incarnation the operation committed.
    const boundUid =
      stored?.boundOperation === undefined ? stored?.boundUid : ctx.store.get<OperationRecord>(operationKey(scope, stored.boundOperation))?.value.committedUid;
    const live = boundUid !== undefined && ctx.store.get<UidRecord>(uidKey(scope, boundUid)) !== undefined;
    const decision = replayDecision(stored === undefined ? undefined : { ...stored, ...(boundUid === undefined ? {} : { boundUid }) }, fingerprint, now, live);
    if (decision instanceof HostError) throw decision;
    if (decision.action === "replay") {
      const { status, etag, body } = decision.record;
      return etag === undefined ? { status, body } : { status, etag, body };
    }
    const expiresAt = new Date(now.getTime() + ctx.replayRetentionMs).toISOString();
    let outcome: MutationOutcome;
    try {
      outcome = await execute();
    } catch (error) {
      if (!(error instanceof HostError) || error.retryable || error.code === "internal_error") throw error;
      // Every refusal is recorded bound to nothing and keeps replaying (decision 0011).
      const body = errorEnvelopeBody(error, envelope.requestId);
      const record: ReplayRecord = { fingerprint, status: error.status, body, expiresAt };
      await ctx.store.transaction([{ op: "put", key: recordKey, value: record }]);
      return { status: error.status, body };
    }
    if (envelope.async === true && asyncRoute !== undefined) {
      const accepted = acceptOperation(ctx, scope, storedRequest(envelope, asyncRoute), outcome, now, probeHeldPolls(envelope));
      const record: ReplayRecord = { fingerprint, status: 202, body: accepted.response.body, boundOperation: accepted.operation.id, expiresAt };
      await ctx.store.transaction([...accepted.writes, { op: "put", key: recordKey, value: record }]);
      accepted.schedule();
      return accepted.response;
    }
    const record: ReplayRecord = { fingerprint, status: outcome.status, body: outcome.body, expiresAt };
    if (outcome.etag !== undefined) record.etag = outcome.etag;
    if (outcome.boundUid !== undefined) record.boundUid = outcome.boundUid;
    try {
      await ctx.store.transaction([...outcome.writes, { op: "put", key: recordKey, value: record }]);
    } catch (error) {
      if (error instanceof StoreConflictError) {
        throw refuse.resource_busy("another mutation of this resource committed first; retry", { retryAfterSeconds: 1 });
      }
      throw error;
    }
    const { status, etag, body } = outcome;
    return etag === undefined ? { status, body } : { status, etag, body };
  });
}
