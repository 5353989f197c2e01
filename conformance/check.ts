// What a conformance check is, and the two ways a registry entry can be filled.
//
// An implemented check drives a host black-box through its CheckContext and resolves to a short
// statement of what it proved; it fails by throwing (harness/assert.ts builds the messages). A
// pending check is a named, explicit gap: it always reports "failed" with "not implemented:
// <reason>", so a missing rule can never read as a passing one.

import type { CheckContext } from "./harness/context.js";

export interface ImplementedCheck {
  readonly kind: "implemented";
  /** One line: the rule this check holds a host to. */
  readonly rule: string;
  /** Runs the check; resolves to what was proven, throws CheckFailure when the host broke the rule. */
  run(ctx: CheckContext): Promise<string>;
}

export interface PendingCheck {
  readonly kind: "pending";
  readonly reason: string;
}

export type Check = ImplementedCheck | PendingCheck;

export function defineCheck(rule: string, run: (ctx: CheckContext) => Promise<string>): ImplementedCheck {
  return { kind: "implemented", rule, run };
}

export function pending(reason: string): PendingCheck {
  return { kind: "pending", reason };
}

export type CheckStatus = "passed" | "failed";

export interface CheckResult {
  name: string;
  status: CheckStatus;
  message: string;
}
