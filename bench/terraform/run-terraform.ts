// Runs one terraform command, timing it from spawn to exit and watching its descendant provider
// processes (their peak RSS and how many were started).

import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import { commandLineOf, descendantsOf, memoryOf } from "../lib/proc.js";

export interface TerraformRun {
  ms: number;
  code: number | null;
  stdout: string;
  stderr: string;
  /** Highest VmHWM seen over the provider processes, bytes (NaN if none was seen). */
  providerPeakRss: number;
  /** Distinct provider processes seen. */
  providerProcesses: number;
}

const POLL_MS = 50;
/** The CLI (`takoform.mjs provider`) and the bundle the installed launcher runs. */
const PROVIDER_MARKERS = ["takoform", "provider-bridge/bundle/start.cjs", "provider-bridge/bundle/provider.cjs"];

function isProvider(commandLine: string, markers: readonly string[]): boolean {
  return markers.some((m) => commandLine.includes(m));
}

export function terraformEnv(cliConfigFile: string | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, TF_IN_AUTOMATION: "1", CHECKPOINT_DISABLE: "1", TF_INPUT: "0" };
  delete env["TF_LOG"];
  if (cliConfigFile !== undefined) env["TF_CLI_CONFIG_FILE"] = cliConfigFile;
  return env;
}

/**
 * `terraform <args>` in dir. The /proc poll runs for every command alike (terraform_data ones
 * too), so it costs both sides of a ratio the same.
 */
export function runTerraform(
  dir: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  providerMarkers: readonly string[] = PROVIDER_MARKERS,
): Promise<TerraformRun> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn("terraform", [`-chdir=${dir}`, ...args, "-no-color"], { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout = (stdout + c.toString()).slice(-20_000)));
    child.stderr.on("data", (c: Buffer) => (stderr = (stderr + c.toString()).slice(-20_000)));
    const seen = new Map<number, number>();
    const poll = () => {
      for (const pid of descendantsOf(child.pid!)) {
        if (!seen.has(pid) && !isProvider(commandLineOf(pid), providerMarkers)) continue;
        const peak = memoryOf(pid)?.peak;
        if (peak !== undefined) seen.set(pid, Math.max(seen.get(pid) ?? 0, peak));
      }
    };
    const timer = setInterval(poll, POLL_MS);
    child.once("error", (error) => {
      clearInterval(timer);
      reject(error);
    });
    child.once("exit", (code) => {
      const ms = performance.now() - t0;
      clearInterval(timer);
      const peaks = [...seen.values()];
      resolve({
        ms,
        code,
        stdout,
        stderr,
        providerPeakRss: peaks.length === 0 ? Number.NaN : Math.max(...peaks),
        providerProcesses: seen.size,
      });
    });
  });
}
