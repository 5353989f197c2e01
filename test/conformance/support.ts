// Process-level helpers for the conformance suites: start a real host process on a random port
// with a fresh data directory and a generated credentials file, and run the runner as a process
// (`node bin/takoform.mjs conformance ...`) against it. Needs a built dist/ (`npm run build`).

import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { REFERENCE_DIR } from "../support/reference.js";

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const reference = REFERENCE_DIR;
const cli = path.join(repo, "bin", "takoform.mjs");

export interface Credentials {
  file: string;
  tokens: { primary: string; peer: string; stranger: string };
}

/** Three credentials: two principals of one tenant, then a principal of another tenant. */
export function writeCredentials(dir: string): Credentials {
  const token = (label: string) => `${label}-${randomBytes(16).toString("hex")}`;
  const tokens = { primary: token("primary"), peer: token("peer"), stranger: token("stranger") };
  const file = path.join(dir, "credentials.json");
  writeFileSync(
    file,
    JSON.stringify({
      credentials: [
        { token: tokens.primary, tenant: "tenant-one", principal: "alice" },
        { token: tokens.peer, tenant: "tenant-one", principal: "bob" },
        { token: tokens.stranger, tenant: "tenant-two", principal: "carol" },
      ],
    }),
  );
  return { file, tokens };
}

/**
 * The checks that drive an accepted operation's pending state (every one through the async
 * probe, which a host started with --conformance-probes holds pending until its owner polls;
 * docs/decisions/0210). The load test runs them while other processes burn every core.
 */
export const OPERATION_CHECKS: readonly string[] = [
  "async-operation-flow",
  "operation-replay-terminal",
  "operation-bound-to-its-creating-principal",
  "async-commit-binds-the-accepted-identity",
  "async-commit-revalidates",
  "attachment-claim-revalidated-at-commit",
  "sqlite-migration-ledger-readiness",
  "operation-cancel",
  "operation-resumable-after-settlement",
];

/** The store engines the host offers; the conformance suite runs against each. */
export const STORES = ["sqlite", "lowdb"] as const;

export interface RunningHost {
  url: string;
  dir: string;
  credentials: Credentials;
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function startHost(extraArgs: string[] = []): Promise<RunningHost> {
  const dir = mkdtempSync(path.join(tmpdir(), "takoform-conformance-"));
  const credentials = writeCredentials(dir);
  const child = spawn(
    process.execPath,
    [
      cli,
      "host",
      "--port",
      "0",
      "--data",
      path.join(dir, "data"),
      "--credentials",
      credentials.file,
      "--conformance-probes",
      "--runtime",
      "off",
      "--quiet",
      ...extraArgs,
    ],
    { cwd: repo, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error(`host did not start within 30 s: ${stderr}`)), 30_000);
    lines.once("line", (line) => {
      clearTimeout(timer);
      const m = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
      if (m) resolve(m[1]!);
      else reject(new Error(`unexpected first line from the host: ${line} ${stderr}`));
    });
    child.once("exit", (code) => reject(new Error(`host exited with ${code}: ${stderr}`)));
  });
  return {
    url,
    dir,
    credentials,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface CheckReport {
  name: string;
  status: "passed" | "failed";
  message: string;
}

export interface RunnerRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  checks: CheckReport[];
}

export async function runRunner(hostUrl: string, credentialsFile: string, args: string[] = []): Promise<RunnerRun> {
  const dir = mkdtempSync(path.join(tmpdir(), "takoform-report-"));
  const json = path.join(dir, "report.json");
  try {
    const r = await execa(process.execPath, [cli, "conformance", "--host", hostUrl, "--credentials", credentialsFile, "--json", json, ...args], {
      cwd: repo,
      reject: false,
      timeout: 600_000,
    });
    let checks: CheckReport[] = [];
    try {
      checks = (JSON.parse(readFileSync(json, "utf8")) as { checks: CheckReport[] }).checks;
    } catch {
      checks = [];
    }
    return { exitCode: r.exitCode ?? -1, stdout: r.stdout, stderr: r.stderr, checks };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The registry as the CLI reports it: implemented names and pending names with reasons. */
export async function listChecks(): Promise<{ implemented: string[]; pending: { name: string; reason: string }[] }> {
  const r = await execa(process.execPath, [cli, "conformance", "--list"], { cwd: repo });
  const implemented: string[] = [];
  const pending: { name: string; reason: string }[] = [];
  for (const line of r.stdout.split("\n").filter(Boolean)) {
    const [name, kind, reason] = line.split("\t");
    if (kind === "implemented") implemented.push(name!);
    else pending.push({ name: name!, reason: reason ?? "" });
  }
  return { implemented, pending };
}

export function failures(checks: CheckReport[]): string {
  return checks
    .filter((c) => c.status !== "passed")
    .map((c) => `  ${c.name}: ${c.message}`)
    .join("\n");
}
