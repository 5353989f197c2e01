// Running the real `terraform` binary in e2e tests.
//
// Every run gets a clean environment: no inherited TF_* or TAKOFORM_* variables
// (this machine's global TF_CLI_CONFIG_FILE names a file that does not exist),
// TF_CLI_CONFIG_FILE pointing at the test's own CLI configuration, automation
// mode, no checkpoint calls, no plugin cache, and -no-color / -input=false
// added to the commands that take them. Each work directory also carries a
// unique marker variable, which Terraform passes on to every provider process
// it starts, so a test can find exactly the processes its run created.
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { execa, type ResultPromise } from "execa";

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
export const MARKER_ENV = "TAKOFORM_E2E_RUN";

const NO_COLOR = new Set([
  "init",
  "validate",
  "plan",
  "apply",
  "destroy",
  "import",
  "refresh",
  "show",
  "output",
  "console",
  "state",
  "taint",
  "untaint",
  "graph",
]);
const NO_INPUT = new Set(["init", "plan", "apply", "destroy", "import", "refresh"]);

export interface TerraformResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** stdout and stderr together, for assertions that do not care which. */
  all: string;
  millis: number;
}

/** A CLI configuration with a filesystem mirror for the given sources (and direct for the rest). */
export function cliConfigText(opts: { mirrorDir: string; include: string[] }): string {
  const list = opts.include.map((s) => JSON.stringify(s)).join(", ");
  return [
    "disable_checkpoint = true",
    "provider_installation {",
    `  filesystem_mirror {`,
    `    path    = ${JSON.stringify(opts.mirrorDir)}`,
    `    include = [${list}]`,
    "  }",
    `  direct {`,
    `    exclude = [${list}]`,
    "  }",
    "}",
    "",
  ].join("\n");
}

/** Writes cliConfigText(opts) as <dir>/terraform.tfrc and returns its path. */
export function writeCliConfigFile(dir: string, opts: { mirrorDir: string; include: string[] }): string {
  const file = join(dir, "terraform.tfrc");
  writeFileSync(file, cliConfigText(opts));
  return file;
}

/** The environment for one terraform run. */
export function terraformEnv(cliConfigFile: string, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || k.startsWith("TF_") || k.startsWith("TAKOFORM_") || k === "CHECKPOINT_DISABLE") continue;
    env[k] = v;
  }
  return { ...env, TF_CLI_CONFIG_FILE: cliConfigFile, TF_IN_AUTOMATION: "1", CHECKPOINT_DISABLE: "1", ...extra };
}

function withFlags(args: string[]): string[] {
  const [command, ...rest] = args;
  if (command === undefined) return args;
  const out = [command];
  if (NO_COLOR.has(command) && !rest.includes("-no-color")) out.push("-no-color");
  if (NO_INPUT.has(command) && !rest.some((a) => a.startsWith("-input"))) out.push("-input=false");
  return [...out, ...rest];
}

export class TerraformWorkdir {
  /** The value of MARKER_ENV in every run from this directory. */
  readonly marker = randomUUID();

  private constructor(
    readonly dir: string,
    readonly cliConfigFile: string,
    private readonly extraEnv: Record<string, string>,
  ) {}

  /** A fresh temporary working directory. Pass the CLI configuration file every run uses. */
  static create(opts: { cliConfigFile: string; env?: Record<string, string>; files?: Record<string, string> }): TerraformWorkdir {
    const dir = mkdtempSync(join(tmpdir(), "takoform-tf-"));
    const w = new TerraformWorkdir(dir, opts.cliConfigFile, opts.env ?? {});
    for (const [name, text] of Object.entries(opts.files ?? {})) w.write(name, text);
    return w;
  }

  write(name: string, text: string): void {
    writeFileSync(join(this.dir, name), text);
  }

  read(name: string): string {
    return readFileSync(join(this.dir, name), "utf8");
  }

  env(extra: Record<string, string> = {}): Record<string, string> {
    return terraformEnv(this.cliConfigFile, { ...this.extraEnv, [MARKER_ENV]: this.marker, ...extra });
  }

  /** Starts terraform without waiting (for tests that interrupt it). */
  start(args: string[], extraEnv: Record<string, string> = {}): ResultPromise<{ reject: false; all: true }> {
    const options = { cwd: this.dir, env: this.env(extraEnv), extendEnv: false, reject: false, all: true, stdin: "ignore" } as const;
    return execa("terraform", withFlags(args), options) as unknown as ResultPromise<{ reject: false; all: true }>;
  }

  /** Runs terraform to completion; never throws on a non-zero exit. */
  async run(args: string[], opts: { env?: Record<string, string>; timeoutMs?: number } = {}): Promise<TerraformResult> {
    const started = performance.now();
    const r = await execa("terraform", withFlags(args), {
      cwd: this.dir,
      env: this.env(opts.env),
      extendEnv: false,
      reject: false,
      all: true,
      stdin: "ignore",
      timeout: opts.timeoutMs ?? 120_000,
    });
    return { exitCode: r.exitCode ?? -1, stdout: r.stdout, stderr: r.stderr, all: r.all ?? "", millis: performance.now() - started };
  }

  /** Processes (other than terraform itself) that inherited this directory's marker. */
  survivors(exceptPid?: number): ProcessInfo[] {
    return processesWithEnv(MARKER_ENV, this.marker).filter((p) => p.pid !== exceptPid && p.comm !== "terraform");
  }

  /**
   * What this directory's runs still have running once nothing is left, or once `ms` have passed:
   * a command's own provider spare ends within some tens of milliseconds after Terraform (ADR 0290).
   */
  async survivorsAfter(ms = 1_000): Promise<ProcessInfo[]> {
    const deadline = Date.now() + ms;
    for (;;) {
      const left = this.survivors();
      if (left.length === 0 || Date.now() > deadline) return left;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Kills whatever this directory's runs left behind (a failed test must not leak processes), then removes it. */
  cleanup(): void {
    for (const p of processesWithEnv(MARKER_ENV, this.marker)) {
      try {
        process.kill(p.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export interface ProcessInfo {
  pid: number;
  comm: string;
  cmdline: string;
}

/** Live processes whose environment has name=value (Linux /proc). */
export function processesWithEnv(name: string, value: string): ProcessInfo[] {
  const needle = `${name}=${value}`;
  const found: ProcessInfo[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`, "latin1");
      if (!environ.split("\0").includes(needle)) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, "latin1");
      if (/\) Z /.test(stat)) continue; // a zombie is already dead
      const comm = readFileSync(`/proc/${entry}/comm`, "latin1").trim();
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "latin1").split("\0").join(" ").trim();
      found.push({ pid: Number(entry), comm, cmdline });
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

/** Polls until `check` returns a value other than undefined, or the deadline passes. */
export async function waitFor<T>(check: () => T | undefined, timeoutMs: number, intervalMs = 20): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) return undefined;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/**
 * Installs the takoform provider into `dir` with `takoform provider install`
 * (the built CLI) and returns the CLI configuration file it printed.
 */
export async function installTakoformProvider(dir: string): Promise<{ cliConfigFile: string; stdout: string; stderr: string }> {
  const r = await execa("node", [join(repoRoot, "bin", "takoform.mjs"), "provider", "install", "--dir", dir], { reject: false });
  if (r.exitCode !== 0) throw new Error(`takoform provider install failed (${String(r.exitCode)}): ${r.stderr}`);
  const m = /^export TF_CLI_CONFIG_FILE='(.*)'$/m.exec(r.stdout);
  if (!m) throw new Error(`takoform provider install printed no export line: ${r.stdout}`);
  return { cliConfigFile: m[1]!.replace(/'\\''/g, "'"), stdout: r.stdout, stderr: r.stderr };
}

/**
 * The terraform block that requires the installed takoform provider, and a provider block with
 * the given settings (strings quoted, booleans bare), as every end-to-end configuration starts.
 */
export function providerConfig(settings: Record<string, string | boolean>): string {
  const width = Math.max(...Object.keys(settings).map((key) => key.length));
  const lines = Object.entries(settings).map(([key, value]) => `  ${key.padEnd(width)} = ${typeof value === "string" ? JSON.stringify(value) : String(value)}`);
  return `
terraform {
  required_providers {
    takoform = { source = "takoform/takoform", version = "0.1.0" }
  }
}
provider "takoform" {
${lines.join("\n")}
}
`;
}

/** What an instance's status_json records (state schema version 2, ADR 0286); throws when it holds none. */
export interface RecordedStatus {
  form_ref: string;
  generation?: string;
  revision?: string;
  ready_reason?: string | null;
  ready_message?: string | null;
  conditions?: { type: string; status: string; reason?: string; message?: string; host_reason?: string }[];
  relations?: { pointer: string; relation: string; target_api_version: string; target_kind: string; target_name: string }[];
}

export function recordedStatus(values: Record<string, unknown> | undefined): RecordedStatus {
  const text = values?.["status_json"];
  if (typeof text !== "string") throw new Error(`the instance records no status_json (${JSON.stringify(text)})`);
  return JSON.parse(text) as RecordedStatus;
}
