// A host killed without closing leaves its workerd running (it does not end with its parent); the
// next host of the same data directory ends it before starting its own (host/runtime/orphans.ts).
// Real `takoform host` processes, SIGKILLed.

import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";

const CLI = fileURLToPath(new URL("../../bin/takoform.mjs", import.meta.url));
const dataDir = mkdtempSync(path.join(os.tmpdir(), "takoform-runtime-orphans-"));
const started: ChildProcess[] = [];
const workerds: number[] = [];

/** [state, ppid] of a process, or undefined once it is gone. */
function statOf(pid: number): { state: string; ppid: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: state!, ppid: Number(ppid) };
  } catch {
    return undefined;
  }
}
const alive = (pid: number) => {
  const s = statOf(pid);
  return s !== undefined && s.state !== "Z";
};

function workerdChildrenOf(parent: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trimEnd() === "workerd" && statOf(Number(entry))?.ppid === parent) pids.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return pids;
}

async function until<T>(probe: () => T | undefined, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `takoform host` with its runtime on this data dir; resolves with the process and its workerd once both run. */
async function startHostProcess(): Promise<{ child: ChildProcess; workerd: number; stderr: () => string }> {
  const child = spawn(process.execPath, [CLI, "host", "--port", "0", "--gateway-port", "0", "--data", dataDir, "--quiet"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let out = "";
  let err = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
  await until(
    () =>
      out.includes("gateway on port")
        ? true
        : child.exitCode !== null
          ? (() => {
              throw new Error(`host exited: ${err}`);
            })()
          : undefined,
    "the host and its gateway",
  );
  // Miniflare may replace its first workerd while the runtime starts: take the one that stays.
  let last = "";
  let steady = 0;
  const workerd = await until(() => {
    const now = workerdChildrenOf(child.pid!);
    steady = now.join(",") === last ? steady + 1 : 0;
    last = now.join(",");
    return now.length === 1 && steady >= 10 ? now[0] : undefined;
  }, "the host's workerd");
  workerds.push(workerd);
  return { child, workerd, stderr: () => err };
}

afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill("SIGKILL");
  for (const pid of workerds) if (alive(pid)) process.kill(pid, "SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

it.skipIf(process.platform !== "linux")(
  "the next host of a data directory ends the workerd a killed host left running",
  async () => {
    const first = await startHostProcess();
    first.child.kill("SIGKILL");
    await until(() => (first.child.exitCode !== null || first.child.signalCode !== null ? true : undefined), "the killed host to exit");
    // Left behind: the killed host's workerd still runs, no longer its child.
    await new Promise((r) => setTimeout(r, 300));
    expect(alive(first.workerd), "the killed host's workerd outlives it").toBe(true);
    expect(statOf(first.workerd)?.ppid).not.toBe(first.child.pid);

    const second = await startHostProcess();
    await until(() => (alive(first.workerd) ? undefined : true), "the orphaned workerd to end", 2_000);
    expect(alive(second.workerd), "the new host's own workerd runs").toBe(true);
    expect(second.stderr()).toContain(`ended workerd ${first.workerd}, left running by an earlier host of this data directory`);

    second.child.kill("SIGTERM");
    await until(() => (second.child.exitCode !== null ? true : undefined), "the second host to stop");
    await until(() => (alive(second.workerd) ? undefined : true), "a closed host's workerd to end", 5_000);
  },
  90_000,
);
