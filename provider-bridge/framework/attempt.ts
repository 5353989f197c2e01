// The attempt of one planned change (ADR 0160): PlanResourceChange gives every planned change an
// attempt id in private state, and the Idempotency-Keys of that change's mutations are derived
// from it together with the exact request. Retries inside the apply therefore replay, an attempt
// the host accepted but had not finished (pending, interrupted) keeps its id in state and the next
// run resumes with the same keys, and every attempt that ends (success or terminal refusal) is
// retired, so the next run asks the host afresh instead of being answered with a stored refusal.
import { randomUUID } from "node:crypto";
import type { PrivateState } from "./resource.js";

/** Private-state member holding the attempt id of the change being applied. */
export const ATTEMPT = "attempt";

export function attemptOf(priv: PrivateState | undefined): string | undefined {
  const v = priv?.[ATTEMPT];
  return typeof v === "string" && v !== "" ? v : undefined;
}

/** The planned private data: the prior attempt when one is still open, else a new one. */
export function withAttempt(priv: PrivateState | undefined): PrivateState {
  return { ...priv, [ATTEMPT]: attemptOf(priv) ?? randomUUID() };
}

/** The private data once the attempt has ended: everything else is kept. */
export function retireAttempt(priv: PrivateState | undefined): PrivateState | undefined {
  if (priv === undefined || !(ATTEMPT in priv)) return priv;
  const { [ATTEMPT]: _ended, ...rest } = priv;
  return rest;
}
