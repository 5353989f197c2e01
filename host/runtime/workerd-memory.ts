// How much memory a tenant's workerd holds, and how much it may (ADR 0305). workerd puts no limit
// on what an isolate allocates: a worker that keeps 100 MB arrays in a module-level list held
// 3 GB in one workerd here, and would go on until the machine's OOM killer picks a process, the
// host's or another tenant's among them. Each tenant has a workerd of its own (ADR 0300), so the
// watchdog reads each one's resident memory from /proc and replaces one that holds more than its
// limit, as it replaces one that stalls.

import { readFileSync } from "node:fs";
import { openTargets, workerdProcesses } from "./orphans.js";

export interface MemoryPolicy {
  /** What a tenant's workerd may hold beside its versions: workerd itself and the host's workers. */
  baseBytes: number;
  /** What each version the workerd runs may add (an edge platform gives an isolate 128 MB). */
  perVersionBytes: number;
}

/**
 * 2 GiB beside the versions: workerd holds far more than its workers keep under load (V8 and the
 * allocator keep what requests used). Plain Miniflare serving a worker that keeps nothing went
 * from 49 MiB to 460 MiB over 80,000 requests at 8 in flight and levelled off near 900 MiB at 32
 * in flight (ADR 0305, amendment); a limit below that replaced healthy, busy workers.
 */
export const DEFAULT_MEMORY_POLICY: MemoryPolicy = { baseBytes: 2 * 1024 ** 3, perVersionBytes: 128 * 1024 ** 2 };

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

/** The workerd process that listens on 127.0.0.1:`port` (undefined: none, or /proc unreadable). */
export function workerdListeningOn(port: number): number | undefined {
  try {
    const inode = listeningInode(port);
    if (inode === undefined) return undefined;
    const pid = workerdProcesses().find((candidate) => openTargets(candidate).includes(`socket:[${inode}]`));
    return pid === undefined ? undefined : Number(pid);
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

  /** `target`'s resident memory and limit when it holds more than the limit; `versions`: the tenant versions it runs. */
  over(target: URL, versions: number): { residentBytes: number; limitBytes: number } | undefined {
    let pid = this.#pids.get(target.href);
    if (pid === undefined) {
      pid = workerdListeningOn(Number(target.port));
      if (pid === undefined) return undefined;
      this.#pids.set(target.href, pid);
    }
    const resident = residentBytes(pid);
    const limit = memoryLimitOf(versions, this.policy);
    return resident !== undefined && resident > limit ? { residentBytes: resident, limitBytes: limit } : undefined;
  }

  /** Forgets the instances no longer serving (`serving`: the front sockets of those that are). */
  retain(serving: readonly URL[]): void {
    const kept = new Set(serving.map((url) => url.href));
    for (const href of this.#pids.keys()) if (!kept.has(href)) this.#pids.delete(href);
  }
}
