// Linux /proc readers: resident memory of a process, its descendants, the machine's load, and
// the apparent size of a directory tree.

import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, lstatSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface MemoryStatus {
  /** Resident set size now, bytes. */
  rss: number;
  /** Peak resident set size ("high water mark"), bytes. */
  peak: number;
}

function kib(status: string, field: string): number | undefined {
  const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB$`, "m").exec(status);
  return match === null ? undefined : Number(match[1]) * 1024;
}

/** VmRSS and VmHWM of a live process; undefined when it is gone or /proc is unavailable. */
export function memoryOf(pid: number): MemoryStatus | undefined {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return undefined;
  }
  const rss = kib(status, "VmRSS");
  const peak = kib(status, "VmHWM");
  if (rss === undefined || peak === undefined) return undefined;
  return { rss, peak };
}

/**
 * Proportional set size of a live process, bytes: its resident pages, each shared page divided by
 * the processes sharing it (/proc/PID/smaps_rollup). Summed over processes that run one binary
 * (several workerd), it counts the binary's pages once where RSS counts them in every process.
 */
export function pssOf(pid: number): number | undefined {
  try {
    return kib(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"), "Pss");
  } catch {
    return undefined;
  }
}

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** Fields of /proc/<pid>/stat after "(comm)", so index 0 is the state. */
function statFields(pid: number | string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so cut at the last ")".
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** CPU time (user + system) a live process has used so far, milliseconds; undefined when gone. */
export function cpuTimeOf(pid: number): number | undefined {
  const fields = statFields(pid);
  if (fields === undefined) return undefined;
  // utime and stime are stat fields 14 and 15, i.e. 11 and 12 after the state (field 3).
  return ((Number(fields[11]) + Number(fields[12])) / clockTicks()) * 1000;
}

/** Parent pid of every live process, read from /proc/<pid>/stat. */
function parents(): Map<number, number> {
  const out = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return out;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (fields !== undefined) out.set(Number(entry), Number(fields[1]));
  }
  return out;
}

/** Every live descendant of pid (children, grandchildren, ...). */
export function descendantsOf(pid: number): number[] {
  const byParent = new Map<number, number[]>();
  for (const [child, parent] of parents()) {
    const list = byParent.get(parent) ?? [];
    list.push(child);
    byParent.set(parent, list);
  }
  const out: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of byParent.get(queue.shift()!) ?? []) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

/** The command line of a live process, arguments joined by spaces ("" when gone). */
export function commandLineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8")
      .split("\0")
      .filter((s) => s !== "")
      .join(" ");
  } catch {
    return "";
  }
}

export function loadAverage(): [number, number, number] {
  const [a, b, c] = os.loadavg();
  return [a ?? 0, b ?? 0, c ?? 0];
}

/** Sum of the apparent sizes of every regular file below dir (symlinks not followed). */
export function treeSize(dir: string): number {
  let total = 0;
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = path.join(d, name);
      const st = lstatSync(full);
      if (st.isDirectory()) walk(full);
      else if (st.isFile()) total += st.size;
    }
  };
  walk(dir);
  return total;
}
