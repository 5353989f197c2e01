// Provider spare processes (ADR 0282) seen from outside, as the tests count them: live processes
// (not zombies) whose command line is `start.cjs --spare DIR` for the given directory.
import { readdirSync, readFileSync } from "node:fs";

/** Spare processes waiting in or serving from `dir`. */
export function sparesOf(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv = readFileSync(`/proc/${entry}/cmdline`, "latin1").split("\0");
      if (argv.includes("--spare") && argv.includes(dir) && !/\) Z /.test(readFileSync(`/proc/${entry}/stat`, "latin1"))) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}
