// The one result shape every rule in host/rules/<issue-4/5 folders> returns: either ok (with the
// rule's own payload) or a typed refusal carrying one closed error code and a message that names
// the JSON pointer or relation involved and what was required. Rules never throw for a refusal.

import type { ErrorCode } from "../../../corpus/lib/index.js";

export interface Refusal {
  ok: false;
  code: ErrorCode;
  /** Human-readable; names the pointer/relation and what was required. */
  message: string;
  /** The JSON pointer (in the request's spec, or in a manifest) the refusal is about, when there is one. */
  pointer?: string;
}

export type Accepted<T extends object = object> = { ok: true } & T;

export type RuleOutcome<T extends object = object> = Accepted<T> | Refusal;

export function refuse(code: ErrorCode, message: string, pointer?: string): Refusal {
  return pointer === undefined ? { ok: false, code, message } : { ok: false, code, message, pointer };
}

export function accept(): Accepted;
export function accept<T extends object>(payload: T): Accepted<T>;
export function accept<T extends object>(payload?: T): Accepted<T> {
  return { ok: true, ...(payload ?? ({} as T)) };
}

export function isRefusal(outcome: { ok: boolean }): outcome is Refusal {
  return outcome.ok === false;
}

/** A refusal as the validate diagnostic it becomes (its pointer is the diagnostic's field). */
export function diagnosticOf(refusal: Refusal): { severity: "error"; message: string; field?: string } {
  return refusal.pointer === undefined ? { severity: "error", message: refusal.message } : { severity: "error", message: refusal.message, field: refusal.pointer };
}
