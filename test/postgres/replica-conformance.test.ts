// The conformance runner through the round-robin front of two replicas on one PostgreSQL: every
// request of every check may land on either process, so each check passes only if what one
// replica accepted, minted or committed is what the other one sees.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failures, listChecks, runRunner, writeCredentials, type Credentials } from "../conformance/support.js";
import { freshDatabase, postgresServer } from "./database.js";
import { startReplicas, type ReplicaSet } from "./replicas.js";

const server = await postgresServer();

describe.skipIf(server === undefined)("takoform conformance through a round-robin front of two postgres replicas", () => {
  let set: ReplicaSet;
  let credentials: Credentials;
  const dir = mkdtempSync(path.join(tmpdir(), "takoform-replica-conformance-"));
  beforeAll(async () => {
    credentials = writeCredentials(dir);
    set = await startReplicas(2, await freshDatabase(server!), ["--conformance-probes"], credentials.file);
  }, 120_000);
  afterAll(async () => {
    await set?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("passes every implemented check", async () => {
    const { implemented } = await listChecks();
    const run = await runRunner(set.url, credentials.file);
    const failed = failures(run.checks);
    expect(failed, `failing checks:\n${failed}`).toBe("");
    expect(run.exitCode).toBe(0);
    expect(run.checks.map((check) => check.name).sort()).toEqual([...implemented].sort());
  }, 900_000);
});
