// Resource identity (check: create-conflict-when-exists): a create is fenced with
// If-None-Match: * against the NAME, so a name taken within the caller's tenant, space, group
// and kind -- under any definition version (decision 0022 rule 4) -- fails generation_conflict.
// A create names no incarnation, so an expectedUid cannot hold.

import { refuse } from "../../errors.js";
import { accept, type RuleOutcome } from "../outcome.js";

export function createFence(nameTaken: boolean, expectedUid: string | undefined): RuleOutcome {
  if (expectedUid !== undefined) {
    return refuse.uid_mismatch("a create (If-None-Match: *) names no existing incarnation, so expectedUid cannot match");
  }
  if (nameTaken) {
    return refuse.generation_conflict("a resource with this name already exists (If-None-Match: * does not hold)");
  }
  return accept();
}
