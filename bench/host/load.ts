// Runs one LoadJob in a separate load process (node --import tsx bench/host/load-worker.ts).

import { spawn } from "node:child_process";
import path from "node:path";
import { repoRoot } from "../lib/paths.js";
import { TIMED_MARKER, type LoadJob, type LoadResult } from "./load-job.js";

const worker = path.join(repoRoot, "bench/host/load-worker.ts");

export interface LoadHooks {
  /** Called once, when the load process starts its timed run (after its start-up and any warm-up). */
  onTimed?(): void;
}

export function runLoad(job: LoadJob, hooks: LoadHooks = {}): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", worker], { cwd: repoRoot, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let timed = false;
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      if (!timed && stderr.includes(TIMED_MARKER)) {
        timed = true;
        hooks.onTimed?.();
      }
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`load process (${job.op}) exited with ${code}: ${stderr.slice(-2000)}`));
      if (!timed) return reject(new Error(`load process (${job.op}) never started its timed run: ${stderr.slice(-1000)}`));
      try {
        resolve(JSON.parse(stdout) as LoadResult);
      } catch {
        reject(new Error(`load process (${job.op}) wrote no result: ${stdout.slice(0, 500)} ${stderr.slice(-1000)}`));
      }
    });
    child.stdin.end(JSON.stringify(job));
  });
}
