// The Operation document (operations.takoform.com/v1alpha1) and the rules about it a schema
// cannot state: a finished operation carries EXACTLY one of result or error (the schema only
// forbids both), a pending one carries neither, and an error uses the closed taxonomy with
// retryable only on the four retryable codes. Every Operation the runner reads goes through
// operationProblems, on top of the wire-schema validation the caller already did.

import { isErrorCode, mayBeRetryable } from "../../../corpus/lib/index.js";
import { fail, show } from "../assert.js";
import { describeResponse, type HostResponse } from "../http.js";

export interface OperationError {
  code: string;
  message: string;
  retryable: boolean;
  hostCode?: string;
}

export interface OperationDoc {
  apiVersion: string;
  kind: string;
  id: string;
  done: boolean;
  target?: { uid?: string; manifestDigest?: string };
  metadata?: { phase?: string; progress?: number };
  result?: Record<string, unknown>;
  error?: OperationError;
}

/** Violations of the Operation rules the schema leaves to prose (empty when none). */
export function operationProblems(op: OperationDoc): string[] {
  const problems: string[] = [];
  const hasResult = op.result !== undefined;
  const hasError = op.error !== undefined;
  if (!op.done && (hasResult || hasError)) problems.push(`a pending operation carries ${hasResult ? "result" : "error"}`);
  if (op.done && hasResult === hasError)
    problems.push(`a finished operation must carry exactly one of result or error, it carries ${hasResult ? "both" : "neither"}`);
  if (op.error) {
    if (!isErrorCode(op.error.code)) problems.push(`error code ${show(op.error.code)} is outside the closed taxonomy`);
    else if (op.error.retryable !== mayBeRetryable(op.error.code))
      problems.push(`error code ${op.error.code} must say retryable: ${mayBeRetryable(op.error.code)}, it says ${show(op.error.retryable)}`);
  }
  return problems;
}

function checked(op: OperationDoc, res: HostResponse, what: string): OperationDoc {
  const problems = operationProblems(op);
  if (problems.length) fail(`${what}: ${describeResponse(res)}: invalid Operation: ${problems.join("; ")}`);
  return op;
}

/** The Operation a 202 Accepted carries ({operation: {...}}), checked. */
export function operationOfAccepted(res: HostResponse, what: string): OperationDoc {
  if (res.status !== 202) fail(`${what}: expected 202 Accepted with an Operation envelope, got ${describeResponse(res)}`);
  const op = (res.body as { operation?: OperationDoc } | undefined)?.operation;
  if (!op) fail(`${what}: the 202 carries no operation: ${describeResponse(res)}`);
  return checked(op, res, what);
}

/** The Operation a GET {api}/operations/{id} or a cancel answers (the bare document), checked. */
export function operationOfRead(res: HostResponse, what: string): OperationDoc {
  if (res.status !== 200) fail(`${what}: expected 200 with the Operation, got ${describeResponse(res)}`);
  return checked(res.body as OperationDoc, res, what);
}

/** A short description of an operation's state, for messages. */
export function describeOperation(op: OperationDoc): string {
  if (!op.done) return `${op.id} pending`;
  if (op.error) return `${op.id} failed ${op.error.code} (${op.error.message})`;
  return `${op.id} succeeded`;
}
