// The conformance runner against a real host process: a fresh host (random port, fresh data
// directory, three generated credentials, test-only probes enabled) and the runner as a process.
// Every implemented check must pass; every pending one must say so and fail.
// Needs a built dist/ (`npm run build`; `npm test` builds first).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REQUIRED_CHECKS } from "../../conformance/required-checks.js";
import { issue4Setup, type Issue4Setup } from "./issue4-support.js";
import { failures, listChecks, runRunner, startHost, type RunningHost } from "./support.js";

describe("takoform conformance against a fresh host", () => {
  let host: RunningHost;
  // The host installs, and the runner pins, the binding-probe Forms (docs/decisions/0083).
  let probes: Issue4Setup;
  beforeAll(async () => {
    probes = issue4Setup();
    host = await startHost(probes.hostArgs);
  });
  afterAll(async () => {
    await host?.stop();
    probes?.cleanup();
  });

  it("registers every required check exactly once, implemented or explicitly pending", async () => {
    const { implemented, pending } = await listChecks();
    const names = [...implemented, ...pending.map((p) => p.name)];
    expect(new Set(names).size).toBe(names.length);
    for (const required of REQUIRED_CHECKS) expect(names).toContain(required);
    for (const p of pending) expect(p.reason, `${p.name} is pending without a reason`).not.toBe("");
    expect(implemented.length).toBeGreaterThan(0);
  });

  it("passes every implemented check", async () => {
    const { implemented } = await listChecks();
    const run = await runRunner(host.url, host.credentials.file, [...probes.runnerArgs, "--only", ...implemented]);
    const reported = run.checks.map((c) => c.name).sort();
    expect(reported).toEqual([...implemented].sort());
    const failed = failures(run.checks);
    expect(failed, `failing checks:\n${failed}`).toBe("");
    expect(run.exitCode).toBe(0);
    const last = run.stdout.trim().split("\n").at(-1);
    expect(last).toBe(`${implemented.length} passed, 0 failed`);
  }, 600_000);

  it("reports pending checks as failed, never passed, and exits 1", async () => {
    const { pending } = await listChecks();
    const sample = pending.slice(0, 3);
    if (sample.length === 0) return;
    const run = await runRunner(host.url, host.credentials.file, ["--only", ...sample.map((p) => p.name)]);
    expect(run.exitCode).toBe(1);
    for (const p of sample) {
      const c = run.checks.find((x) => x.name === p.name);
      expect(c).toEqual({ name: p.name, status: "failed", message: `not implemented: ${p.reason}` });
    }
    expect(run.stdout.trim().split("\n").at(-1)).toBe(`0 passed, ${sample.length} failed`);
  });

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
