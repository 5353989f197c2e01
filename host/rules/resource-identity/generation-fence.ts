// Resource identity (checks: update-generation-fence, stale-generation-rejected,
// observe-fence-exact): desired-state mutations fence on the expected generation and a stale
// value fails generation_conflict (412).

import { refuse, type HostError } from "../../errors.js";

export function generationFence(current: string, expected: string, action: string): HostError | undefined {
  if (expected === current) return undefined;
  return refuse.generation_conflict(`${action}: the expected generation ${expected} is stale`);
}
