// Wall time and peak memory of one command: GNU /usr/bin/time -v when the machine has it,
// otherwise our own clock and a /proc poll of VmHWM over the process and its descendants.

import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { descendantsOf, memoryOf } from "./proc.js";
import { parseTimeReport } from "./time-v.js";

export interface CommandMeasure {
  wallMs: number;
  peakRssBytes: number;
  exitCode: number | null;
  stdout: string;
  stderr: string;
  method: "/usr/bin/time -v" | "/proc poll";
}

const GNU_TIME = "/usr/bin/time";
const REPORT_MARK = "Command being timed:";

export function measureCommand(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CommandMeasure> {
  const useTime = existsSync(GNU_TIME);
  const [file, argv] = useTime ? [GNU_TIME, ["-v", command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(file, argv, { cwd: options.cwd, env: options.env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    let peak = 0;
    const poll = () => {
      for (const pid of [child.pid!, ...descendantsOf(child.pid!)]) peak = Math.max(peak, memoryOf(pid)?.peak ?? 0);
    };
    const timer = useTime ? undefined : setInterval(poll, 20);
    child.once("error", reject);
    child.once("exit", (code) => {
      const wallMs = performance.now() - t0;
      if (timer !== undefined) clearInterval(timer);
      if (!useTime) return resolve({ wallMs, peakRssBytes: peak, exitCode: code, stdout, stderr, method: "/proc poll" });
      const at = stderr.lastIndexOf(REPORT_MARK);
      if (at < 0) return reject(new Error(`/usr/bin/time wrote no report: ${stderr.slice(-500)}`));
      const report = parseTimeReport(stderr.slice(at));
      resolve({
        wallMs: report.wallMs,
        peakRssBytes: report.maxRssBytes,
        exitCode: report.exitStatus,
        stdout,
        stderr: stderr.slice(0, at),
        method: "/usr/bin/time -v",
      });
    });
  });
}
