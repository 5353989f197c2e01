// The issue-5 conformance checks (long-running operations, content-addressed artifacts, SQLite
// migrations). Every one is registered as implemented; runner.test.ts runs them with every other
// check against a real host process started with a commit window (COMMIT_WINDOW_ARGS), which is
// where they must pass.
//
// Here: the runner stays honest against a host WITHOUT a window. A host started with
// --async-commit-delay-ms 0 commits an accepted 202 before any client can move the store, so no
// check that needs the move may pass there: each must fail saying it could not measure and which
// host option it needs (docs/decisions/0091, 0110).
// Needs a built dist/ (`npm run build`; `npm test` builds first).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OWN_CHECKS } from "../../conformance/registry.js";
import { REQUIRED_CHECKS } from "../../conformance/required-checks.js";
import { listChecks, PENDING_SEEKING_CHECKS, runRunner, startHost, WINDOW_CHECKS, type RunningHost } from "./support.js";

const ISSUE5_REQUIRED = [
  ...WINDOW_CHECKS,
  ...PENDING_SEEKING_CHECKS,
  "operation-resumable-after-settlement",
  "attachment-claim-decided-on-import",
  "upload-session-bound-to-its-creating-principal",
  "artifact-digest-is-not-a-capability",
  "manifest-reference-is-not-a-capability",
  "bundle-main-module-is-loadable",
  "artifact-upload-missing-blob",
  "artifact-digest-mismatch",
  "artifact-commit-idempotent",
  "artifact-then-bundle-apply",
  "artifact-manifest-reject-list",
  "artifact-commit-binds-declared-size",
  "artifact-manifest-kind-exclusive",
  "artifact-retention-while-referenced",
] as const;

const ISSUE5_OWN = ["declared-handler-not-exported-rejected-on-uploaded-bundle"] as const;

describe("issue-5 checks in the registry", () => {
  it("names every issue-5 check: required ones from the contract, ours as own checks, all implemented", async () => {
    for (const name of ISSUE5_REQUIRED) expect(REQUIRED_CHECKS as readonly string[]).toContain(name);
    for (const name of ISSUE5_OWN) expect(OWN_CHECKS as readonly string[]).toContain(name);
    const { implemented, pending } = await listChecks();
    for (const name of [...ISSUE5_REQUIRED, ...ISSUE5_OWN]) expect(implemented, `${name} is not implemented`).toContain(name);
    expect(pending.map((p) => p.name).filter((n) => (ISSUE5_REQUIRED as readonly string[]).includes(n))).toEqual([]);
  });
});

describe("issue-5 window checks against a host without a commit window", () => {
  let host: RunningHost;
  beforeAll(async () => {
    host = await startHost(["--async-commit-delay-ms", "0"]);
  });
  afterAll(async () => {
    await host?.stop();
  });

  it("none passes: each fails saying the operation finished before it could move the store, naming --async-commit-delay-ms", async () => {
    const run = await runRunner(host.url, host.credentials.file, ["--only", ...WINDOW_CHECKS]);
    expect(run.checks.map((c) => c.name).sort()).toEqual([...WINDOW_CHECKS].sort());
    for (const check of run.checks) {
      expect(check.status, `${check.name} passed against a host that commits at once: ${check.message}`).toBe("failed");
      expect(check.message, check.name).toMatch(/finished (before|while) .*--async-commit-delay-ms/s);
      expect(check.message, check.name).not.toMatch(/^not implemented/);
    }
    expect(run.exitCode).toBe(1);
    expect(run.stdout.trim().split("\n").at(-1)).toBe(`0 passed, ${WINDOW_CHECKS.length} failed`);
  }, 300_000);
});
