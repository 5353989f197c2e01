// Assertions whose failure messages say what was expected and what came back.

import { ERROR_STATUS, isErrorCode, mayBeRetryable, type ErrorCode } from "../../corpus/lib/index.js";
import { describeResponse, errorOf, type HostResponse } from "./http.js";

export class CheckFailure extends Error {
  override readonly name = "CheckFailure";
}

export function fail(message: string): never {
  throw new CheckFailure(message);
}

export function expectTrue(condition: unknown, message: string): asserts condition {
  if (!condition) fail(message);
}

/** The response has exactly this status (one of these statuses). */
export function expectStatus(res: HostResponse, expected: number | number[], what: string): void {
  const list = Array.isArray(expected) ? expected : [expected];
  if (!list.includes(res.status)) fail(`${what}: expected HTTP ${list.join(" or ")}, got ${describeResponse(res)}`);
}

/** The response is the error envelope of exactly this code, at the taxonomy's status. */
export function expectError(res: HostResponse, code: ErrorCode, what: string): void {
  const err = errorOf(res);
  const status = ERROR_STATUS[code];
  if (!err || err.code !== code || res.status !== status) {
    fail(`${what}: expected ${code} (HTTP ${status}), got ${describeResponse(res)}`);
  }
  // The envelope in full, as the upstream runner's expectStableError: a message and a requestId,
  // and retryable exactly as the taxonomy says for this code.
  if (typeof err.message !== "string" || err.message.trim() === "") fail(`${what}: the ${code} envelope carries no message: ${describeResponse(res)}`);
  if (typeof err.requestId !== "string" || err.requestId.trim() === "") fail(`${what}: the ${code} envelope carries no requestId: ${describeResponse(res)}`);
  if (err.retryable !== mayBeRetryable(code)) fail(`${what}: the ${code} envelope must say retryable: ${mayBeRetryable(code)}, it says ${show(err.retryable)}`);
}

/** The response is a success (2xx). */
export function expectSuccess(res: HostResponse, what: string): void {
  if (res.status < 200 || res.status > 299) fail(`${what}: expected success, got ${describeResponse(res)}`);
}

export function expectEqual<T>(actual: T, expected: T, what: string): void {
  if (!deepEqual(actual, expected)) {
    fail(`${what}: expected ${show(expected)}, got ${show(actual)}`);
  }
}

export function expectNotEqual<T>(actual: T, unexpected: T, what: string): void {
  if (deepEqual(actual, unexpected)) fail(`${what}: expected anything but ${show(unexpected)}, got it`);
}

/** Checks the generic envelope rules every error must follow; returns problems (empty when fine). */
export function envelopeProblems(res: HostResponse): string[] {
  const err = errorOf(res);
  if (!err) return [`HTTP ${res.status} carries no error envelope`];
  const problems: string[] = [];
  if (!isErrorCode(err.code)) problems.push(`code ${err.code} is outside the closed taxonomy`);
  else {
    if (ERROR_STATUS[err.code] !== res.status) problems.push(`code ${err.code} answered with HTTP ${res.status}, taxonomy says ${ERROR_STATUS[err.code]}`);
    if (err.retryable !== mayBeRetryable(err.code))
      problems.push(`code ${err.code} must say retryable: ${mayBeRetryable(err.code)}, it says ${show(err.retryable)}`);
  }
  return problems;
}

export function show(v: unknown): string {
  if (v === undefined) return "(absent)";
  const s = typeof v === "string" ? JSON.stringify(v) : JSON.stringify(v);
  return s.length > 240 ? s.slice(0, 240) + "…" : s;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => deepEqual(x, bb[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ak = Object.keys(ao);
  if (ak.length !== Object.keys(bo).length) return false;
  return ak.every((k) => Object.prototype.hasOwnProperty.call(bo, k) && deepEqual(ao[k], bo[k]));
}

/** A refusal that is neither a success nor the forbidden permission_denied disclosure. */
export function expectRefusedNotForbidden(res: HostResponse, what: string): void {
  if (res.status < 400) fail(`${what}: expected a refusal, got ${describeResponse(res)}`);
  if (res.status === 403) fail(`${what}: permission_denied discloses that the resource exists: ${describeResponse(res)}`);
}
