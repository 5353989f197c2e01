// Turns a pure rule's RuleOutcome refusal into the HostError the pipeline throws.

import { refuse, type HostError } from "../errors.js";
import type { RuleOutcome } from "../rules/relations/outcome.js";

export function hostErrorOf<T extends object>(outcome: RuleOutcome<T>): HostError | undefined {
  return outcome.ok ? undefined : refuse[outcome.code](outcome.message);
}

/** The accepted payload, or the refusal thrown as a HostError. */
export function accepted<T extends object>(outcome: RuleOutcome<T>): T {
  if (!outcome.ok) throw refuse[outcome.code](outcome.message);
  return outcome;
}
