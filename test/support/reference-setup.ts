// Vitest global setup: one line per run when the reference copy is absent (test/support/reference.ts),
// and, under TAKOFORM_REQUIRE_REFERENCE=1 (CI), a failed run instead.
import { existsSync } from "node:fs";
import { REFERENCE_DIR, REFERENCE_SHOWN, REQUIRE_REFERENCE_ENV, referenceRequired } from "./reference.js";

export default function setup(): void {
  if (existsSync(REFERENCE_DIR)) return;
  if (referenceRequired()) throw new Error(`${REFERENCE_SHOWN} is absent, and ${REQUIRE_REFERENCE_ENV}=1 requires the reference cross-checks to run`);
  console.log(
    `takoform: ${REFERENCE_SHOWN} is absent, so the tests that cross-check against the reference copy of the Takoform spec are skipped (set ${REQUIRE_REFERENCE_ENV}=1 to make that an error).`,
  );
}
