// Lifecycle, role rules (check: revision-role-update-rejected): "an update to a revision-role
// resource fails invalid_argument". A revision is replaced, never updated in place: the host
// refuses every apply to an existing revision-role resource.

import { refuse } from "../../errors.js";
import { accept, type RuleOutcome } from "../outcome.js";

export function revisionRoleUpdateRejected(role: string, kind: string): RuleOutcome {
  if (role !== "revision") return accept();
  return refuse.invalid_argument(`${kind} has the revision role: an existing revision is never updated in place; create a new one`);
}
