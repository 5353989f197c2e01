// Wall time of short child processes, measured from just before spawn.

import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";

/** Spawn to exit of `command args`, milliseconds; rejects on a non-zero exit. */
export function timeToExit(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(command, args, { stdio: "ignore", env });
    child.once("error", reject);
    child.once("exit", (code) => {
      const elapsed = performance.now() - t0;
      if (code === 0) resolve(elapsed);
      else reject(new Error(`${command} ${args.join(" ")} exited with ${code}`));
    });
  });
}
