// A workerd left running by an earlier host of this data directory. Miniflare's workerd does not
// end with the process that started it: a host killed without closing (SIGKILL, the OOM killer, a
// power cut of the container's init) leaves it serving nothing, holding memory, a loopback port
// and the runtime's SQLite files (DATA/runtime/cache is open in every instance). A host holds its
// data directory alone (store/data-dir-hold.ts, ADR 0284), so before its runtime starts, any
// workerd that still has a file open under DATA/runtime was started by an earlier host of this
// directory, and is ended. Linux only (/proc); elsewhere nothing is looked for.

import { readdirSync, readFileSync, readlinkSync, realpathSync } from "node:fs";

/** What process `pid` has open: the target of each of its descriptors (none when they are not ours to read). */
export function openTargets(pid: string): string[] {
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return [];
  }
  const targets: string[] = [];
  for (const fd of fds) {
    try {
      targets.push(readlinkSync(`/proc/${pid}/fd/${fd}`));
    } catch {
      // closed while we looked
    }
  }
  return targets;
}

/** Whether process `pid` has a file open at or under `root`. */
function holdsFilesUnder(pid: string, root: string): boolean {
  return openTargets(pid).some((target) => target === root || target.startsWith(`${root}/`));
}

/** The processes named workerd among `/proc`'s entries (this process aside). */
export function workerdProcesses(entries: readonly string[] = readdirSync("/proc")): string[] {
  return entries.filter((entry) => {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) return false;
    try {
      return readFileSync(`/proc/${entry}/comm`, "utf8").trimEnd() === "workerd";
    } catch {
      return false; // ended meanwhile
    }
  });
}

/**
 * Ends (SIGKILL) every workerd process holding a file under `runtimeDir`; returns their pids. Call
 * it while holding the data directory and before this host starts a workerd of its own.
 */
export function endOrphanedWorkerd(runtimeDir: string, kill: (pid: number) => void = (pid) => process.kill(pid, "SIGKILL")): number[] {
  if (process.platform !== "linux") return [];
  let root: string;
  let entries: string[];
  try {
    root = realpathSync(runtimeDir);
    entries = readdirSync("/proc");
  } catch {
    return []; // no runtime folder yet: no workerd ever ran here
  }
  const ended: number[] = [];
  for (const pid of workerdProcesses(entries)) {
    if (!holdsFilesUnder(pid, root)) continue;
    try {
      kill(Number(pid));
      ended.push(Number(pid));
    } catch {
      // ended meanwhile
    }
  }
  return ended;
}
