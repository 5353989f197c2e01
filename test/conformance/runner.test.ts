// The conformance runner against a real host process, once per store engine: a fresh host
// (random port, fresh data directory, three generated credentials, `--conformance-probes`, which
// also installs the runner's probe corpus) and the runner as a process with nothing else. Every
// required and own check is implemented, and every one must pass in a single run: the checks
// that need an operation pending drive it through the async probe, which the host holds pending
// until its owner polls (docs/decisions/0210), so no check depends on a clock.
// Needs a built dist/ (`npm run build`; `npm test` builds first).

import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REQUIRED_CHECKS } from "../../conformance/required-checks.js";
import { failures, listChecks, runRunner, startHost, STORES, type RunningHost } from "./support.js";

describe("the conformance registry", () => {
  it("registers every required check exactly once, and implements every one", async () => {
    const { implemented, pending } = await listChecks();
    expect(new Set(implemented).size).toBe(implemented.length);
    for (const required of REQUIRED_CHECKS) expect(implemented).toContain(required);
    expect(pending, "checks still pending").toEqual([]);
  });
});

describe.each(STORES)("takoform conformance against a fresh host on the %s store", (store) => {
  let host: RunningHost;
  beforeAll(async () => {
    host = await startHost(["--store", store]);
  });
  afterAll(async () => {
    await host?.stop();
  });

  it("passes every implemented check in one run", async () => {
    const { implemented } = await listChecks();
    const run = await runRunner(host.url, host.credentials.file);
    const failed = failures(run.checks);
    expect(failed, `failing checks:\n${failed}`).toBe("");
    expect(run.exitCode).toBe(0);
    expect(run.stdout.trim().split("\n").at(-1)).toBe(`${implemented.length} passed, 0 failed`);
    expect(run.checks.map((c) => c.name).sort()).toEqual([...implemented].sort());
  }, 600_000);

  it("refuses to start without three usable credentials or with an unknown check name", async () => {
    const unknown = await runRunner(host.url, host.credentials.file, ["--only", "no-such-check"]);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(/unknown check name/);
    const two = path.join(host.dir, "two-credentials.json");
    writeFileSync(
      two,
      JSON.stringify({
        credentials: [
          { token: "a".repeat(20), tenant: "t", principal: "p" },
          { token: "b".repeat(20), tenant: "t", principal: "q" },
        ],
      }),
    );
    const short = await runRunner(host.url, two, ["--only", "discovery-exact"]);
    expect(short.exitCode).toBe(2);
    expect(short.stderr).toMatch(/at least three/);
  });
});
