// The operation checks do not race a clock: every one drives the pending state through the async
// probe, which a host started with --conformance-probes holds pending until its owner polls it
// (docs/decisions/0210). So they pass while other processes keep every core busy: two spinning
// node processes (this machine has two cores) run for the whole pass and are killed at its end.
// Needs a built dist/ (`npm run build`; `npm test` builds first).

import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failures, OPERATION_CHECKS, runRunner, startHost, STORES, type RunningHost } from "./support.js";

const BURNERS = 2;

describe.each(STORES)("the operation checks while both cores are busy (%s store)", (store) => {
  let host: RunningHost;
  let burners: ChildProcess[] = [];
  beforeAll(async () => {
    host = await startHost(["--store", store]);
  });
  afterAll(async () => {
    for (const b of burners) if (b.exitCode === null) b.kill("SIGKILL");
    await host?.stop();
  });

  it("passes every operation check with two CPU-burning processes running", async () => {
    burners = [];
    for (let i = 0; i < BURNERS; i++) burners.push(spawn(process.execPath, ["-e", "for(;;){}"], { stdio: "ignore" }));
    try {
      const run = await runRunner(host.url, host.credentials.file, ["--only", ...OPERATION_CHECKS]);
      expect(
        burners.every((b) => b.exitCode === null),
        "a burner stopped before the pass ended",
      ).toBe(true);
      const failed = failures(run.checks);
      expect(failed, `failing operation checks under load:\n${failed}`).toBe("");
      expect(run.checks.map((c) => c.name).sort()).toEqual([...OPERATION_CHECKS].sort());
      expect(run.exitCode).toBe(0);
    } finally {
      for (const b of burners) b.kill("SIGKILL");
    }
  }, 900_000);
});
