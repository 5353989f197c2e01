// How much memory a tenant's workerd holds, and how much it may (ADR 0305). workerd puts no limit
// on what an isolate allocates: a worker that keeps 100 MB arrays in a module-level list held
// 3 GB in one workerd here, and would go on until the machine's OOM killer picks a process, the
// host's or another tenant's among them. Each tenant has a workerd of its own (ADR 0300), so the
// watchdog reads each one's resident memory from /proc and replaces one that holds more than its
// limit, as it replaces one that stalls.

import { readdirSync, readFileSync } from "node:fs";
import { openTargets } from "./orphans.js";

export interface MemoryPolicy {
  /** What a tenant's workerd may hold beside its versions: workerd itself and the host's workers. */
  baseBytes: number;
  /** What each version the workerd runs may add (an edge platform gives an isolate 128 MB). */
  perVersionBytes: number;
}

export const DEFAULT_MEMORY_POLICY: MemoryPolicy = { baseBytes: 256 * 1024 ** 2, perVersionBytes: 128 * 1024 ** 2 };

/** The most resident memory a workerd running `versions` tenant versions may hold. */
export function memoryLimitOf(versions: number, policy: MemoryPolicy): number {
  return policy.baseBytes + policy.perVersionBytes * Math.max(1, versions);
}

/** The inode of the socket listening on 127.0.0.1:`port` (undefined: nothing listens there). */
function listeningInode(port: number): string | undefined {
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  for (const line of readFileSync("/proc/net/tcp", "utf8").split("\n").slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields[1] === local && fields[3] === "0A") return fields[9];
  }
  return undefined;
}

/** The child of `parent` named workerd that listens on 127.0.0.1:`port` (undefined: none, or /proc unreadable). */
export function workerdListeningOn(port: number, parent: number = process.pid): number | undefined {
  try {
    const inode = listeningInode(port);
    if (inode === undefined) return undefined;
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = readStat(entry);
      if (stat === undefined) continue;
      const close = stat.lastIndexOf(")");
      const name = stat.slice(stat.indexOf("(") + 1, close);
      const ppid = Number(stat.slice(close + 2).split(" ")[1]);
      if (name !== "workerd" || ppid !== parent) continue;
      if (openTargets(entry).includes(`socket:[${inode}]`)) return Number(entry);
    }
  } catch {
    return undefined;
  }
  return undefined;
}

function readStat(pid: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
}

/** The resident memory of `pid` in bytes (undefined: it has exited). */
export function residentBytes(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match === null ? undefined : Number(match[1]) * 1024;
  } catch {
    return undefined;
  }
}

/**
 * The serving instances' memory against their limits, for the watchdog: each instance's workerd
 * is found once (by its front socket) and its resident memory read at every ask.
 */
export class MemoryWatch {
  readonly #pids = new Map<string, number>();

  constructor(private readonly policy: MemoryPolicy) {}

  /** `target`'s resident memory and limit when it holds more than the limit; `serving` are the instances serving now. */
  over(target: URL, serving: readonly { url: URL; versions: number }[]): { residentBytes: number; limitBytes: number } | undefined {
    const instance = serving.find((s) => s.url.href === target.href);
    if (instance === undefined) return undefined;
    for (const href of this.#pids.keys()) if (!serving.some((s) => s.url.href === href)) this.#pids.delete(href);
    let pid = this.#pids.get(target.href);
    if (pid === undefined) {
      pid = workerdListeningOn(Number(target.port));
      if (pid === undefined) return undefined;
      this.#pids.set(target.href, pid);
    }
    const resident = residentBytes(pid);
    const limit = memoryLimitOf(instance.versions, this.policy);
    return resident !== undefined && resident > limit ? { residentBytes: resident, limitBytes: limit } : undefined;
  }

  /** The instance at `target` is being replaced. */
  forget(target: URL): void {
    this.#pids.delete(target.href);
  }
}
