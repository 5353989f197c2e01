// The conformance runner through the round-robin front of two replicas on one PostgreSQL: every
// request of every check may land on either process, so each check passes only if what one
// replica accepted, minted or committed is what the other one sees.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issue4Setup, type Issue4Setup } from "../conformance/issue4-support.js";
import { COMMIT_WINDOW_ARGS, failures, listChecks, runRunner, runnerPasses, writeCredentials, type Credentials } from "../conformance/support.js";
import { freshDatabase, postgresServer } from "./database.js";
import { startReplicas, type ReplicaSet } from "./replicas.js";

const server = await postgresServer();

describe.skipIf(server === undefined)("takoform conformance through a round-robin front of two postgres replicas", () => {
  let set: ReplicaSet;
  let probes: Issue4Setup;
  let credentials: Credentials;
  const dir = mkdtempSync(path.join(tmpdir(), "takoform-replica-conformance-"));
  beforeAll(async () => {
    probes = issue4Setup();
    credentials = writeCredentials(dir);
    set = await startReplicas(2, await freshDatabase(server!), ["--conformance-probes", ...probes.hostArgs, ...COMMIT_WINDOW_ARGS], credentials.file);
  }, 120_000);
  afterAll(async () => {
    await set?.close();
    probes?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it("passes every implemented check", async () => {
    const { implemented } = await listChecks();
    const reported: string[] = [];
    for (const only of runnerPasses(implemented)) {
      const run = await runRunner(set.url, credentials.file, [...probes.runnerArgs, "--only", ...only]);
      reported.push(...run.checks.map((check) => check.name));
      const failed = failures(run.checks);
      expect(failed, `failing checks:\n${failed}`).toBe("");
      expect(run.exitCode).toBe(0);
    }
    expect(reported.sort()).toEqual([...implemented].sort());
  }, 900_000);
});
