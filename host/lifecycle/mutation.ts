// The frame every fenced mutation (apply, import, observe, delete) runs in:
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
// Holding the tenant lock from the replay consult to the commit is what makes racing requests
// unable to pass one fence twice.

import { HostError, refuse } from "../errors.js";
import { idempotencyKey } from "../rules/shared-wire-rules/idempotency-key.js";
import { replayDecision } from "../rules/shared-wire-rules/replay-decision.js";
import { requestFingerprint } from "../rules/shared-wire-rules/request-fingerprint.js";
import { replayKey, uidKey } from "../store/keys.js";
import type { ReplayRecord, UidRecord } from "../store/records.js";
import { StoreConflictError, type StoreWrite } from "../store/store.js";
import { errorEnvelopeBody } from "../wire/error-envelope.js";
import type { HostContext, LifecycleResponse, MutationEnvelope } from "./context.js";

export interface MutationOutcome extends LifecycleResponse {
  writes: StoreWrite[];
  /** The incarnation the answer reports as live; absent for a delete. */
  boundUid?: string;
}

/** A refusal answered from inside the frame: rendered, recorded, and returned like any answer. */
export interface RecordedRefusal extends LifecycleResponse {
  error: HostError;
}

export async function runMutation(
  ctx: HostContext,
  envelope: MutationEnvelope,
  action: string,
  space: string,
  execute: () => Promise<MutationOutcome>,
): Promise<LifecycleResponse | RecordedRefusal> {
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
    const live =
      stored?.boundUid !== undefined && (ctx.store.get<UidRecord>(uidKey(scope, stored.boundUid))) !== undefined;
    const decision = replayDecision(stored, fingerprint, now, live);
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
      return { status: error.status, body, error };
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
