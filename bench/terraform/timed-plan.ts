// `terraform plan` under GNU time: wall ms and CPU seconds of terraform and its reaped children.
// `emptyOnly` refuses a plan with changes (exit 2); otherwise only a failed plan (exit 1) is refused.

import { execFile } from "node:child_process";
import { performance } from "node:perf_hooks";
import { terraformError } from "./errors.js";

export function timedPlan(
  label: string,
  dir: string,
  env: NodeJS.ProcessEnv | undefined,
  options: { emptyOnly: boolean },
): Promise<{ ms: number; cpu: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    execFile(
      "/usr/bin/time",
      ["-f", "cpu %U %S", "terraform", `-chdir=${dir}`, "plan", "-input=false", "-detailed-exitcode", "-no-color"],
      { env, maxBuffer: 1 << 26 },
      (error, stdout, stderr) => {
        const ms = performance.now() - t0;
        const code = (error as { code?: number } | null)?.code ?? 0;
        const cpu = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(stderr);
        const accepted = code === 0 || (code === 2 && !options.emptyOnly);
        if (!accepted || cpu === null) {
          const why = options.emptyOnly
            ? `plan was not empty (exit ${code}): ${stderr.slice(-2000)}${stdout.slice(-2000)}`
            : `plan failed: ${terraformError(stderr, stdout)}`;
          return reject(new Error(`${label}: ${why}`));
        }
        resolve({ ms, cpu: Number(cpu[1]) + Number(cpu[2]) });
      },
    );
  });
}
