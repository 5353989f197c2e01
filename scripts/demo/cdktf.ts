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

/** The CDK CLI to run, as a command line; `note` says why it is not the one asked for. */
export interface CdkCli {
  name: "cdktn" | "cdktf";
  file: string;
  args: string[];
  note?: string;
}

const major = (version: string): number => Number(version.replace(/^v/, "").split(".")[0]);

/**
 * A Node.js 22 or later to run cdktn-cli with: this process's own, else TAKOFORM_NODE22 (a path,
 * e.g. the binary of the npm package node@22 installed into a folder). cdktn-cli 0.24 bundles an
 * undici that calls worker_threads.markAsUncloneable, which Node 20 lacks: it crashes at start.
 */
export function node22(): string | undefined {
  if (major(process.versions.node) >= 22) return process.execPath;
  const given = process.env["TAKOFORM_NODE22"];
  return given !== undefined && given !== "" && existsSync(given) ? given : undefined;
}

/**
 * The CDK CLI: CDK Terrain's cdktn by default; TAKOFORM_CDK_CLI=cdktf runs CDKTF's CLI instead
 * (same cdktf.json and cdk.tf.json; ADR 0230). cdktn-cli needs Node 22: on an older Node without
 * TAKOFORM_NODE22 the default falls back to cdktf's CLI (the app itself still uses cdktn's library)
 * and says so; an explicit TAKOFORM_CDK_CLI=cdktn is an error naming what to install.
 */
export function cdkCli(choice?: string): CdkCli {
  const asked = choice ?? process.env["TAKOFORM_CDK_CLI"];
  const name = asked ?? "cdktn";
  if (name !== "cdktf" && name !== "cdktn") throw new Error(`TAKOFORM_CDK_CLI must be cdktn or cdktf, not ${name}`);
  const local = (n: string) => path.join(repoRoot, "node_modules", ".bin", n);
  const bin = (n: string) => (existsSync(local(n)) ? local(n) : n);
  if (name === "cdktf") return { name, file: bin("cdktf"), args: [] };
  const node = node22();
  if (node !== undefined) return { name, file: node, args: [path.join(repoRoot, "node_modules", "cdktn-cli", "bin", "cdktn")] };
  const why = `cdktn-cli needs Node.js 22 or later (this is ${process.version}); set TAKOFORM_NODE22 to a Node 22 binary (npm install --prefix DIR node@22, then DIR/node_modules/.bin/node)`;
  if (asked === "cdktn") throw new Error(why);
  return { name: "cdktf", file: bin("cdktf"), args: [], note: `${why}; running CDKTF's CLI on the same app instead` };
}

/** `cdktf <args>` in examples/edge-app; every output line goes to onLine and the log file. */
export function runCdktf(args: string[], target: CdktfTarget, opts: { log?: string; onLine?: (line: string) => void } = {}): Promise<CdktfRun> {
  const cli = cdkCli(target.cli);
  if (cli.note !== undefined) opts.onLine?.(`note: ${cli.note}`);
  const child = spawn(cli.file, [...cli.args, ...args, "--output", target.synthOut], {
    cwd: exampleDir,
    env: cdktfEnv(target),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log = opts.log === undefined ? undefined : createWriteStream(opts.log, { flags: "a" });
  log?.write(`\n$ ${cli.name} ${args.join(" ")}\n`);
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
