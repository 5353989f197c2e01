// Resource identity (checks: update-generation-fence, stale-generation-rejected,
// observe-fence-exact): desired-state mutations fence on the expected generation and a stale
// value fails generation_conflict (412).

import { refuse } from "../../errors.js";
import { accept, type RuleOutcome } from "../outcome.js";

export function generationFence(current: string, expected: string, action: string): RuleOutcome {
  if (expected === current) return accept();
  return refuse.generation_conflict(`${action}: the expected generation ${expected} is stale`);
}
