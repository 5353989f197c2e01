// Ends a child process the way Terraform or an operator would: SIGTERM, so that it runs its exit
// handlers (a provider removes its socket folder and writes its code cache, a host seals its
// store), and SIGKILL only if it has not exited `graceMs` later.

import type { ChildProcess } from "node:child_process";
import { once } from "node:events";

/** Resolves with the exit code (null when a signal ended it) once `child` is gone, or at once if it never started. */
export async function terminate(child: ChildProcess, graceMs: number): Promise<number | null> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
  child.kill("SIGTERM");
  const force = setTimeout(() => child.kill("SIGKILL"), graceMs);
  try {
    return (await exited)[0];
  } finally {
    clearTimeout(force);
  }
}
