// Checks written ahead of the host (docs/decisions/0094): an issue-5 check whose rule the host
// does not serve yet stays PENDING in the registry unless TAKOFORM_ISSUE5_WIRED=1 is set, so the
// suite that runs every implemented check stays an honest statement about the host as it is.
// With the variable set, the check runs and measures; removing this wrapper is the flip.

import { pending, type Check } from "../../check.js";

export const ISSUE5_WIRED_ENV = "TAKOFORM_ISSUE5_WIRED";

export function untilHostWiresIssue5(check: Check): Check {
  if (process.env[ISSUE5_WIRED_ENV] === "1") return check;
  return pending(`operations, artifacts and SQLite migrations arrive with issue 5 (written; set ${ISSUE5_WIRED_ENV}=1 to run it)`);
}
