// Issue-5 checks that need more of the host than the suite's shared host offers (docs/decisions/
// 0094): a commit window between accept and commit wide enough for the check to move the store
// (a host started with --async-commit-delay-ms of a second or more), or SQLite migration execution.
// Such a check stays PENDING in the registry unless TAKOFORM_ISSUE5_WIRED=1 is set, so the suite
// that runs every implemented check against a default host stays an honest statement about it.
// With the variable set, the check runs and measures; removing this wrapper is the flip.

import { pending, type Check } from "../../check.js";

export const ISSUE5_WIRED_ENV = "TAKOFORM_ISSUE5_WIRED";

export function untilHostWiresIssue5(check: Check): Check {
  if (process.env[ISSUE5_WIRED_ENV] === "1") return check;
  return pending(`issue 5: written; needs a host started with --async-commit-delay-ms >= 1000 that executes SQLite migrations (set ${ISSUE5_WIRED_ENV}=1 to run it against one)`);
}
