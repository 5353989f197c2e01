// Lifecycle capabilities (check: no-update-spec-change-rejected): "A host MUST refuse a
// spec-CHANGING apply to an existing resource whose Form Definition omits update, failing
// invalid_argument before any mutation." A spec-identical apply changes nothing and is not an
// update.

import { refuse } from "../../errors.js";
import { accept, type RuleOutcome } from "../outcome.js";

export function noUpdateSpecChangeRejected(declaresUpdate: boolean, kind: string, storedSpecDigest: string, requestedSpecDigest: string): RuleOutcome {
  if (declaresUpdate || storedSpecDigest === requestedSpecDigest) return accept();
  return refuse.invalid_argument(`the ${kind} Form Definition declares no update capability; a spec change requires replacing the resource`);
}
