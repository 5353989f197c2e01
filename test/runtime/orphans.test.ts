// A host killed without closing leaves its workerd running (it does not end with its parent); the
// next host of the same data directory ends it before starting its own (host/runtime/orphans.ts)
// and clears the temporary directories its Miniflare instances left (host/runtime/instance-tmp.ts).
// Real `takoform host` processes, SIGKILLed. A host runs a workerd for each tenant with a
// deployment (ADR 0300), so the first host is given one.

import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { CREDENTIALS } from "../unit/host/harness.js";
import { alive, deployWorker, eventually, processStat, workerdChildrenOf } from "./support.js";

const CLI = fileURLToPath(new URL("../../bin/takoform.mjs", import.meta.url));
const dataDir = mkdtempSync(path.join(os.tmpdir(), "takoform-runtime-orphans-"));
const credentials = path.join(mkdtempSync(path.join(os.tmpdir(), "takoform-runtime-orphans-credentials-")), "credentials.json");
writeFileSync(credentials, JSON.stringify({ credentials: CREDENTIALS }));
const started: ChildProcess[] = [];
const workerds: number[] = [];

/**
 * `takoform host` with its runtime on this data dir; `deploying` deploys a worker once the host
 * listens. Resolves with the process and its workerd once both run.
 */
async function startHostProcess(deploying = false): Promise<{ child: ChildProcess; workerd: number; stderr: () => string }> {
  const child = spawn(process.execPath, [CLI, "host", "--port", "0", "--gateway-port", "0", "--data", dataDir, "--credentials", credentials, "--quiet"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let out = "";
  let err = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`host exited: ${err}`);
      return out.includes("gateway on port");
    },
    (up) => up,
    "the host and its gateway",
  );
  if (deploying) {
    const url = /listening on (http:\/\/\S+)/.exec(out)![1]!;
    await deployWorker(url, "orphans", "kept", { source: `export default { fetch() { return new Response("ok"); } };` });
  }
  // Miniflare may replace its first workerd while the runtime starts: take the one that stays.
  let last = "";
  let steady = 0;
  const [workerd] = await eventually(
    async () => {
      const now = workerdChildrenOf(child.pid!);
      steady = now.join(",") === last ? steady + 1 : 0;
      last = now.join(",");
      return now;
    },
    (now) => now.length === 1 && steady >= 5,
    "the host's workerd",
  );
  workerds.push(workerd!);
  return { child, workerd: workerd!, stderr: () => err };
}

afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill("SIGKILL");
  for (const pid of workerds) if (alive(pid)) process.kill(pid, "SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(path.dirname(credentials), { recursive: true, force: true });
});

it.skipIf(process.platform !== "linux")(
  "the next host of a data directory ends the workerd a killed host left running",
  async () => {
    const first = await startHostProcess(true);
    // Miniflare's temporary directory of each instance is made under the data directory, where
    // the next host can clear it, not in the machine's temporary folder (instance-tmp.ts).
    const instanceTmp = path.join(dataDir, "runtime", "tmp");
    const firstInstances = existsSync(instanceTmp) ? readdirSync(instanceTmp) : [];
    expect(
      firstInstances.filter((name) => name.startsWith("miniflare-")),
      "the first host's instance directories",
    ).not.toEqual([]);
    first.child.kill("SIGKILL");
    await eventually(
      async () => first.child.exitCode !== null || first.child.signalCode !== null,
      (ended) => ended,
      "the killed host to exit",
    );
    // Left behind: the killed host's workerd still runs, no longer its child.
    await new Promise((r) => setTimeout(r, 300));
    expect(alive(first.workerd), "the killed host's workerd outlives it").toBe(true);
    expect(processStat(first.workerd)?.ppid).not.toBe(first.child.pid);

    const second = await startHostProcess();
    await eventually(
      async () => alive(first.workerd),
      (running) => !running,
      "the orphaned workerd to end",
      2_000,
    );
    expect(alive(second.workerd), "the new host's own workerd runs").toBe(true);
    expect(second.stderr()).toContain(`ended workerd ${first.workerd}, left running by an earlier host of this data directory`);
    const left = readdirSync(instanceTmp);
    expect(
      left.filter((name) => firstInstances.includes(name)),
      "the killed host's instance directories are cleared",
    ).toEqual([]);
    expect(
      left.filter((name) => name.startsWith("miniflare-")),
      "the second host's own",
    ).not.toEqual([]);

    second.child.kill("SIGTERM");
    await eventually(
      async () => second.child.exitCode !== null,
      (stopped) => stopped,
      "the second host to stop",
    );
    await eventually(
      async () => alive(second.workerd),
      (running) => !running,
      "a closed host's workerd to end",
      5_000,
    );
  },
  90_000,
);
