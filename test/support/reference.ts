// The one way tests reach the read-only reference copy of the Takoform spec repository,
// ../shared/reference/takoform beside the checkout (never copied into the repository). A user's
// clone has no ../shared: the tests that cross-check against the reference are then skipped, each
// group as one skipped test whose title names the folder, and the run prints one line saying so
// (test/support/reference-setup.ts). CI always has the folder and sets TAKOFORM_REQUIRE_REFERENCE=1
// (.ci/run): a missing folder or file is then an error instead of a skip, so none of these tests
// can silently not run.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, it } from "vitest";

export const REPO_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** How the folder is named to a reader: relative to the repository root. */
export const REFERENCE_SHOWN = "../shared/reference/takoform";
export const REFERENCE_DIR = path.resolve(REPO_DIR, REFERENCE_SHOWN);
export const REQUIRE_REFERENCE_ENV = "TAKOFORM_REQUIRE_REFERENCE";

export function referenceRequired(): boolean {
  return process.env[REQUIRE_REFERENCE_ENV] === "1";
}

/** A path under the reference copy (nothing is read). */
export function referencePath(...rel: string[]): string {
  return path.join(REFERENCE_DIR, ...rel);
}

/** The first of the needed paths (the folder itself when none is named) that does not exist. */
function missing(rel: string[]): string | undefined {
  const wanted = rel.length === 0 ? [""] : rel;
  return wanted.map((r) => referencePath(r)).find((p) => !existsSync(p));
}

export function skipReason(what: string): string {
  return `[skipped: ${what} is absent; these tests cross-check against the reference copy of the Takoform spec]`;
}

/**
 * Whether the reference (and each named path below it) is there. Absent: false, or, under
 * TAKOFORM_REQUIRE_REFERENCE=1, an error naming what is missing.
 */
export function referencePresent(...rel: string[]): boolean {
  const gone = missing(rel);
  if (gone === undefined) return true;
  if (referenceRequired()) {
    throw new Error(
      `${path.relative(REPO_DIR, gone)} is missing, and ${REQUIRE_REFERENCE_ENV}=1 requires every reference cross-check to run (put the reference copy at ${REFERENCE_SHOWN})`,
    );
  }
  return false;
}

function shownMissing(rel: string[]): string {
  const gone = missing(rel);
  return gone === undefined ? REFERENCE_SHOWN : path.relative(REPO_DIR, gone);
}

/**
 * A describe whose tests need the reference. Absent, its factory is never called (it may read the
 * reference while collecting tests): one skipped test stands for the group.
 */
export function describeWithReference(title: string, factory: () => void, ...rel: string[]): void {
  if (referencePresent(...rel)) {
    describe(title, factory);
    return;
  }
  const reason = skipReason(shownMissing(rel));
  describe.skip(title, () => {
    it(reason, () => undefined);
  });
}

/** One test that needs the reference. */
export function itWithReference(title: string, fn: () => unknown, ...rel: string[]): void {
  if (referencePresent(...rel)) it(title, fn);
  else it.skip(`${title} ${skipReason(shownMissing(rel))}`, () => undefined);
}
