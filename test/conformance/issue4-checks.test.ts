// The issue-4 conformance checks (relations, binding verification, the Worker aggregate and its
// attachments, derived rendering) against a fresh host process: every one is registered as
// implemented, and every one passes.
//
// Needs a built dist/ (`npm run build`; `npm test` builds first).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OWN_CHECKS } from "../../conformance/registry.js";
import { ISSUE4_CHECKS, ISSUE4_OWN, issue4Setup, type Issue4Setup } from "./issue4-support.js";
import { failures, listChecks, runRunner, startHost, type RunningHost } from "./support.js";

describe("issue-4 conformance checks against a fresh host", () => {
  let host: RunningHost;
  let setup: Issue4Setup;
  beforeAll(async () => {
    setup = issue4Setup();
    host = await startHost(setup.hostArgs);
  });
  afterAll(async () => {
    await host?.stop();
    setup?.cleanup();
  });

  it("registers every issue-4 check as implemented, our own ones as own checks", async () => {
    const { implemented } = await listChecks();
    for (const name of ISSUE4_CHECKS) expect(implemented, `${name} is not implemented`).toContain(name);
    for (const name of ISSUE4_OWN) expect(OWN_CHECKS as readonly string[]).toContain(name);
  });

  it("passes every issue-4 check", async () => {
    const run = await runRunner(host.url, host.credentials.file, [...setup.runnerArgs, "--only", ...ISSUE4_CHECKS]);
    expect(run.checks.map((c) => c.name).sort()).toEqual([...ISSUE4_CHECKS].sort());
    const failed = failures(run.checks);
    expect(failed, `failing issue-4 checks:\n${failed}`).toBe("");
    expect(run.exitCode).toBe(0);
  }, 600_000);
});
