// Long-running operations (Host API v1beta1 "Long-running operations"; decisions 0015, 0018).
//
// An accepted mutation answers 202 with an Operation and commits later: the request is stored
// with the Operation, and at commit it is executed again -- every rule, against the store as it is
// then -- after the commit has resolved the INCARNATION the mutation was accepted against: a name
// now held by another incarnation terminates uid_mismatch, a name held by nothing
// resource_not_found, and neither commits anything. A terminal Operation carries exactly one of
// result or error and replays byte-for-byte while its record exists. An operation id is bound to
// the tenant and principal that started it; anyone else gets operation_not_found.

import type { JsonObject } from "../../../corpus/lib/index.js";
import { HostError, refuse } from "../../errors.js";
import { operationKey } from "../../store/keys.js";
import type { OperationRecord, StoredRequest } from "../../store/records.js";
import type { StoreWrite } from "../../store/store.js";
import type { TenantScope } from "../../store/scope.js";
import type { HostContext, LifecycleResponse } from "../context.js";
import type { MutationOutcome } from "../mutation.js";
import { HELD_RETRY_AFTER } from "./operation-probe-hold.js";

export const OPERATION_API_VERSION = "operations.takoform.com/v1alpha1";

function retryAfter(ctx: HostContext, record: OperationRecord): Record<string, string> {
  if (record.heldPolls !== undefined) return { ...HELD_RETRY_AFTER };
  return { "Retry-After": String(Math.max(1, Math.ceil(ctx.scheduler.delayMs / 1000))) };
}

/** The Operation document of a record that is not yet terminal. */
export function pendingDocument(record: OperationRecord): JsonObject {
  const document: JsonObject = { apiVersion: OPERATION_API_VERSION, kind: "Operation", id: record.id, done: false };
  if (record.target !== undefined) document.target = { ...record.target };
  document.metadata = { phase: "Pending", progress: 0 };
  return document;
}

/** The terminal Operation document: exactly one of result or error. */
export function terminalDocument(record: OperationRecord, outcome: { result: JsonObject } | { error: HostError }): JsonObject {
  const document: JsonObject = { apiVersion: OPERATION_API_VERSION, kind: "Operation", id: record.id, done: true };
  if (record.target !== undefined) document.target = { ...record.target };
  if ("result" in outcome) {
    document.metadata = { phase: "Succeeded", progress: 100 };
    document.result = outcome.result;
  } else {
    const error: JsonObject = { code: outcome.error.code, message: outcome.error.message, retryable: outcome.error.retryable };
    if (outcome.error.hostCode !== undefined) error.hostCode = outcome.error.hostCode;
    document.metadata = { phase: outcome.error.code === "operation_cancelled" ? "Cancelled" : "Failed", progress: 100 };
    document.error = error;
  }
  return document;
}

export interface AcceptedOperation {
  operation: OperationRecord;
  response: LifecycleResponse;
  writes: StoreWrite[];
  schedule(): void;
}

/** Turns an admitted mutation into a pending Operation (nothing of the mutation itself is written). */
export function acceptOperation(
  ctx: HostContext,
  scope: TenantScope,
  request: StoredRequest,
  admitted: MutationOutcome,
  now: Date,
  heldPolls?: number,
): AcceptedOperation {
  const operation: OperationRecord = {
    id: "op_" + ctx.ids.uid(),
    request,
    acceptedAt: now.toISOString(),
    commitAt: new Date(now.getTime() + ctx.scheduler.delayMs).toISOString(),
    done: false,
  };
  if (heldPolls !== undefined) operation.heldPolls = heldPolls;
  if (admitted.accepted !== undefined) {
    operation.accepted = admitted.accepted;
    operation.target = { uid: admitted.accepted.uid };
  } else if (admitted.manifestDigest !== undefined) {
    operation.target = { manifestDigest: admitted.manifestDigest };
  }
  const body = JSON.stringify({ operation: pendingDocument(operation) });
  return {
    operation,
    response: { status: 202, body, headers: retryAfter(ctx, operation) },
    writes: [{ op: "put", key: operationKey(scope, operation.id), value: operation, expectedVersion: null }],
    schedule: () => {
      if (heldPolls === undefined) ctx.scheduler.schedule({ tenant: scope.tenant, principal: scope.principal }, operation.id);
    },
  };
}

export { retryAfter };

export function operationNotFound(): HostError {
  return refuse.operation_not_found("no operation with this id is addressable by this caller");
}
