// Resource identity (check: create-conflict-when-exists): a create is fenced with
// If-None-Match: * against the NAME, so a name taken within the caller's tenant, space, group
// and kind -- under any definition version (decision 0022 rule 4) -- fails generation_conflict.
// The closed taxonomy has no code of its own for a create that lost, so the refusal carries the
// host detail hostCode "create_conflict", which tells it apart from a stale generation fence
// (ADR 0265). Every engine and every replica reaches this one rule: a create that lost a race
// for the name is refused here, under the tenant lock, never by a version check at commit.
// A create names no incarnation, so an expectedUid cannot hold.

import { refuse } from "../../errors.js";
import { accept, type RuleOutcome } from "../outcome.js";

/** errorBody.hostCode of a create refused because the name is taken. */
export const CREATE_CONFLICT = "create_conflict";

export function createFence(nameTaken: boolean, expectedUid: string | undefined): RuleOutcome {
  if (expectedUid !== undefined) {
    return refuse.uid_mismatch("a create (If-None-Match: *) names no existing incarnation, so expectedUid cannot match");
  }
  if (nameTaken) {
    return refuse.generation_conflict("a resource with this name already exists (If-None-Match: * does not hold)", { hostCode: CREATE_CONFLICT });
  }
  return accept();
}
