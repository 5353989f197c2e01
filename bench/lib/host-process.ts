// Starts `node bin/takoform.mjs host` as its own process, the way a user or a test run does, and
// records when it was spawned, when it printed its listening line, and its pid (for /proc).

import { spawn, type ChildProcess } from "node:child_process";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { launcher, repoRoot } from "./paths.js";
import { terminate } from "./terminate.js";

/** The resource quota of every benchmark host (the default, 10,000, is what the largest size stores). */
export const BENCH_QUOTA_RESOURCES = 1_000_000;

export interface HostOptions {
  dataDir: string;
  credentials: string;
  /** Extra node flags before the launcher, e.g. ["--cpu-prof", "--cpu-prof-dir", DIR]. */
  nodeArgs?: string[];
  /** Extra host flags, e.g. ["--store", "lowdb"]. */
  hostArgs?: string[];
  /** Another checkout's bin/takoform.mjs (bench/tools/ab-host.ts); default: this checkout's. */
  launcher?: string;
}

export interface HostProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** performance.now() just before spawn and when the listening line arrived. */
  spawnedAt: number;
  listeningAt: number;
  /** SIGTERM, wait for the exit; SIGKILL after graceMs. Resolves to the exit code. */
  stop(graceMs?: number): Promise<number | null>;
  stderrTail(): string;
}

export async function startHost(options: HostOptions): Promise<HostProcess> {
  const args = [
    ...(options.nodeArgs ?? []),
    options.launcher ?? launcher,
    "host",
    "--port",
    "0",
    "--runtime",
    "off",
    "--quiet",
    "--data",
    options.dataDir,
    "--credentials",
    options.credentials,
    // The benchmark's one tenant holds 10,000 resources and creates more: above the default quota.
    "--quota-resources",
    String(BENCH_QUOTA_RESOURCES),
    ...(options.hostArgs ?? []),
  ];
  return spawnListening(args);
}

/** Spawns `node ARGS` and waits for its "listening on http://127.0.0.1:PORT" line (the host, the floor server). */
export async function spawnListening(args: string[]): Promise<HostProcess> {
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const lines = createInterface({ input: child.stdout! });
  const { url, listeningAt } = await new Promise<{ url: string; listeningAt: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`host did not print its listening line within 60 s; stderr: ${stderr}`)), 60_000);
    lines.once("line", (line) => {
      const at = performance.now();
      clearTimeout(timer);
      const match = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
      if (match === null) reject(new Error(`unexpected first stdout line ${JSON.stringify(line)}; stderr: ${stderr}`));
      else resolve({ url: match[1]!, listeningAt: at });
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`host exited with ${code} before listening; stderr: ${stderr}`));
    });
  });
  lines.on("line", () => undefined);
  return {
    url,
    pid: child.pid!,
    child,
    spawnedAt,
    listeningAt,
    stop: (graceMs = 10_000) => terminate(child, graceMs),
    stderrTail: () => stderr,
  };
}
