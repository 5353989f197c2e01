// Resource identity (check: expected-uid-mismatch-rejected): "A client MAY fence any mutation
// with expectedUid; mismatch fails uid_mismatch (409)." The uid is decided before any
// generation or revision fence: a fence is only meaningful about the incarnation it names.

import { refuse } from "../../errors.js";
import { accept, type RuleOutcome } from "../outcome.js";

export function expectedUidFence(uid: string, expectedUid: string | undefined): RuleOutcome {
  if (expectedUid === undefined || expectedUid === uid) return accept();
  return refuse.uid_mismatch("expectedUid does not match the host-issued uid of this resource");
}
