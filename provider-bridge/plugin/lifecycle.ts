// Process rules for a plugin Terraform manages:
// - SIGINT reaches the whole process group on Ctrl-C; go-plugin servers ignore
//   it and Terraform sends StopProvider instead, so in-flight applies finish and
//   their results reach state.
// - When Terraform goes away (even SIGKILLed) the process exits, so no node
//   process is ever orphaned: a watchdog checks that the parent is still the
//   one that started it, and, when that parent is a wrapper shell that did not
//   exec node, that the shell is still Terraform's child.
// - A broken stdout or stderr (Terraform gone: both are its pipes) ends the
//   process cleanly instead of crashing on the write error.
import { readFileSync, readlinkSync } from "node:fs";
import { basename } from "node:path";

const WATCHDOG_MS = 250;
const SHELLS = new Set(["sh", "dash", "bash", "zsh", "ash", "ksh", "mksh", "busybox"]);

/**
 * The fields of /proc/<pid>/stat after the command name (state, ppid, ...), or undefined when it
 * cannot be read (gone, or not Linux).
 */
export function procStat(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    // pid (comm) state ppid ...; comm may contain spaces and parentheses
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** The parent pid of `pid` from /proc, or undefined when it cannot be read. */
export function parentOf(pid: number): number | undefined {
  const fields = procStat(pid);
  return fields === undefined ? undefined : Number(fields[1]);
}

/** A process and its start time (/proc/<pid>/stat field 22): the pair names it even after its pid is reused. */
export interface ProcessIdentity {
  pid: number;
  started: string;
}

/** `pid` with its start time while it runs: it exists and is not a zombie (as a dead spare nobody reaped is, under an init that reaps no orphans). */
export function processIdentity(pid: number): ProcessIdentity | undefined {
  const fields = procStat(pid);
  return fields === undefined || fields[0] === "Z" || fields[0] === "X" ? undefined : { pid, started: fields[19] ?? "" };
}

function isShell(pid: number): boolean {
  try {
    return SHELLS.has(basename(readlinkSync(`/proc/${pid}/exe`)));
  } catch {
    return false;
  }
}

/** Links [process, its parent] that must stay as they are while Terraform lives. */
export function watchedLinks(): [number, number][] {
  const links: [number, number][] = [[process.pid, process.ppid]];
  let pid = process.ppid;
  for (let depth = 0; depth < 4 && pid > 1 && isShell(pid); depth++) {
    const parent = parentOf(pid);
    if (parent === undefined) break;
    links.push([pid, parent]);
    pid = parent;
  }
  return links;
}

/**
 * links: what must stay as it is (default: this process and its parent shells up to Terraform;
 * a spare watches the launcher that claimed it and Terraform). streams: whose failure means
 * Terraform is gone.
 */
export function installProcessGuards(
  onExit: () => void,
  links: [number, number][] = watchedLinks(),
  streams: NodeJS.EventEmitter[] = [process.stdout, process.stderr],
): () => void {
  const ignore = (): void => undefined;
  process.on("SIGINT", ignore);
  const leave = (): void => {
    onExit();
    process.exit(0);
  };
  const timer = setInterval(() => {
    for (const [child, parent] of links) {
      const now = child === process.pid ? process.ppid : parentOf(child);
      if (now !== parent) return leave();
    }
  }, WATCHDOG_MS);
  timer.unref();
  for (const stream of streams) stream.on("error", leave);
  // Not sent by go-plugin, but by anyone else stopping the process: leave no socket directory behind.
  const terminated = (): void => {
    onExit();
    process.exit(143);
  };
  process.on("SIGTERM", terminated);
  process.on("exit", onExit);
  /** Removes the guards again: a spare that served a session and waits for the next (spare/run.ts). */
  return () => {
    clearInterval(timer);
    for (const stream of streams) stream.off("error", leave);
    process.off("SIGINT", ignore);
    process.off("SIGTERM", terminated);
    process.off("exit", onExit);
  };
}
