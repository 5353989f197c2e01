// The conformance runner against a real host process: a fresh host (random port, fresh data
// directory, three generated credentials, test-only probes enabled, a commit window wide enough for
// the checks that move the store between accept and commit) and the runner as a process. Every
// required and own check is implemented, and every one must pass.
// Needs a built dist/ (`npm run build`; `npm test` builds first).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REQUIRED_CHECKS } from "../../conformance/required-checks.js";
import { issue4Setup, type Issue4Setup } from "./issue4-support.js";
import { COMMIT_WINDOW_ARGS, failures, listChecks, runRunner, runnerPasses, startHost, type RunningHost } from "./support.js";

describe("takoform conformance against a fresh host", () => {
  let host: RunningHost;
  // The host installs, and the runner pins, the binding-probe Forms (docs/decisions/0083).
  let probes: Issue4Setup;
  beforeAll(async () => {
    probes = issue4Setup();
    host = await startHost([...probes.hostArgs, ...COMMIT_WINDOW_ARGS]);
  });
  afterAll(async () => {
    await host?.stop();
    probes?.cleanup();
  });

  it("registers every required check exactly once, and implements every one", async () => {
    const { implemented, pending } = await listChecks();
    expect(new Set(implemented).size).toBe(implemented.length);
    for (const required of REQUIRED_CHECKS) expect(implemented).toContain(required);
    expect(pending, "checks still pending").toEqual([]);
  });

  it("passes every implemented check (the commit-window checks in a pass of their own, after the others)", async () => {
    const { implemented } = await listChecks();
    const passes = runnerPasses(implemented);
    const reported: string[] = [];
    for (const only of passes) {
      const run = await runRunner(host.url, host.credentials.file, [...probes.runnerArgs, "--only", ...only]);
      reported.push(...run.checks.map((c) => c.name));
      const failed = failures(run.checks);
      expect(failed, `failing checks:\n${failed}`).toBe("");
      expect(run.exitCode).toBe(0);
      expect(run.stdout.trim().split("\n").at(-1)).toBe(`${only.length} passed, 0 failed`);
    }
    expect(reported.sort()).toEqual([...implemented].sort());
  }, 600_000);

  it("refuses to start without three usable credentials or with an unknown check name", async () => {
    const unknown = await runRunner(host.url, host.credentials.file, ["--only", "no-such-check"]);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(/unknown check name/);
    const { writeFileSync } = await import("node:fs");
    const path = await import("node:path");
    const two = path.join(host.dir, "two-credentials.json");
    writeFileSync(two, JSON.stringify({ credentials: [{ token: "a".repeat(20), tenant: "t", principal: "p" }, { token: "b".repeat(20), tenant: "t", principal: "q" }] }));
    const short = await runRunner(host.url, two, ["--only", "discovery-exact"]);
    expect(short.exitCode).toBe(2);
    expect(short.stderr).toMatch(/at least three/);
  });
});
