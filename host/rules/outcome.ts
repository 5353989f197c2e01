// The one result shape every pure rule returns: either ok (with the rule's own payload) or the
// refusal, a HostError (host/errors.ts) carrying one closed error code, a message that names the
// JSON pointer or relation involved and what was required, and that pointer. Rules never throw
// for a refusal; the pipeline calls `check`, which throws the refusal itself, pointer included.

import { HostError, refuse } from "../errors.js";

export { refuse };

/** A rule's refusal: the HostError it returns (ok === false). */
export type Refusal = HostError;

export type Accepted<T extends object = object> = { ok: true } & T;

export type RuleOutcome<T extends object = object> = Accepted<T> | Refusal;

export function accept(): Accepted;
export function accept<T extends object>(payload: T): Accepted<T>;
export function accept<T extends object>(payload?: T): Accepted<T> {
  return { ok: true, ...(payload ?? ({} as T)) };
}

export function isRefusal(outcome: { ok: boolean }): outcome is Refusal {
  return outcome.ok === false;
}

/** The accepted payload, or the refusal thrown (a refusal spread into a report is thrown as a HostError again). */
export function check<T extends object>(outcome: RuleOutcome<T>): Accepted<T> {
  if (outcome.ok) return outcome;
  if (outcome instanceof HostError) throw outcome;
  const copy: Refusal = outcome;
  throw new HostError(copy.code, copy.message, copy.pointer === undefined ? {} : { pointer: copy.pointer });
}

/** A refusal as the validate diagnostic it becomes (its pointer is the diagnostic's field). */
export function diagnosticOf(refusal: Refusal): { severity: "error"; message: string; field?: string } {
  return refusal.pointer === undefined
    ? { severity: "error", message: refusal.message }
    : { severity: "error", message: refusal.message, field: refusal.pointer };
}
