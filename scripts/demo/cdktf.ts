// Runs the CDK CLI (node_modules/.bin/cdktn, or cdktf) on examples/edge-app against a host, with the
// real terraform binary, the offline provider mirror and no prompts or network look-ups.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync } from "node:fs";
import path from "node:path";
import { exampleDir, repoRoot } from "./paths.js";

export interface CdktfTarget {
  endpoint: string;
  token: string;
  /** TF_CLI_CONFIG_FILE written by `takoform provider install`. */
  cliConfigFile: string;
  synthOut: string;
  statePath: string;
  /** Extra environment for the app (EDGE_APP_CANARY_WEIGHT, EDGE_APP_DOMAIN). */
  appEnv?: Record<string, string>;
  /** The CDK CLI to run; default TAKOFORM_CDK_CLI, else cdktn. */
  cli?: "cdktn" | "cdktf";
}

export function cdktfEnv(target: CdktfTarget): NodeJS.ProcessEnv {
  return {
    ...process.env,
    TERRAFORM_BINARY_NAME: "terraform",
    TF_CLI_CONFIG_FILE: target.cliConfigFile,
    TF_IN_AUTOMATION: "1",
    TF_INPUT: "0",
    CHECKPOINT_DISABLE: "1",
    CDKTF_DISABLE_PLUGIN_CACHE_ENV: "1",
    CI: "1",
    FORCE_COLOR: "0",
    NO_COLOR: "1",
    TAKOFORM_ENDPOINT: target.endpoint,
    TAKOFORM_TOKEN: target.token,
    EDGE_APP_STATE: target.statePath,
    ...target.appEnv,
  };
}

export interface CdktfRun {
  code: number;
  output: string;
}

/**
 * The CDK CLI: CDK Terrain's cdktn by default; TAKOFORM_CDK_CLI=cdktf runs CDKTF's CLI instead
 * (same cdktf.json and cdk.tf.json; ADR 0230), from node_modules/.bin or the PATH.
 */
export function cliBinary(choice?: string): string {
  const name = choice ?? process.env["TAKOFORM_CDK_CLI"] ?? "cdktn";
  if (name !== "cdktf" && name !== "cdktn") throw new Error(`TAKOFORM_CDK_CLI must be cdktf or cdktn, not ${name}`);
  const local = path.join(repoRoot, "node_modules", ".bin", name);
  return existsSync(local) ? local : name;
}

/** `cdktf <args>` in examples/edge-app; every output line goes to onLine and the log file. */
export function runCdktf(args: string[], target: CdktfTarget, opts: { log?: string; onLine?: (line: string) => void } = {}): Promise<CdktfRun> {
  const bin = cliBinary(target.cli);
  const child = spawn(bin, [...args, "--output", target.synthOut], { cwd: exampleDir, env: cdktfEnv(target), stdio: ["ignore", "pipe", "pipe"] });
  const log = opts.log === undefined ? undefined : createWriteStream(opts.log, { flags: "a" });
  log?.write(`\n$ cdktf ${args.join(" ")}\n`);
  let output = "";
  let pending = "";
  const take = (chunk: Buffer): void => {
    const text = chunk.toString("utf8");
    output += text;
    log?.write(text);
    pending += text;
    const lines = pending.split(/\r?\n/);
    pending = lines.pop() ?? "";
    for (const l of lines) opts.onLine?.(l);
  };
  child.stdout.on("data", take);
  child.stderr.on("data", take);
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => {
      if (pending !== "") opts.onLine?.(pending);
      log?.end();
      resolve({ code: code ?? 1, output });
    });
  });
}

/** Flags every non-interactive deploy/destroy needs: no prompt, no online provider lock. */
export const APPLY_FLAGS = ["--auto-approve", "--skip-provider-lock"];
