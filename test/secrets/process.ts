// A real `takoform host` process for the sensitive-value tests, with its request log ON (so a test
// can prove no value reaches it) and every byte it prints kept; and the real `takoform secret` CLI.

import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { repoRoot } from "../unit/host/harness.js";

export interface LoggedHost {
  url: string;
  child: ChildProcess;
  /** Everything the host printed on stdout and stderr so far. */
  output(): string;
  stop(): Promise<number | null>;
}

/** Extra host flags every test host gets (the data plane is not what these tests measure). */
export const HOST_FLAGS: string[] = ["--runtime", "off"];

export async function startLoggedHost(dataDir: string, credentials: string, extra: string[] = []): Promise<LoggedHost> {
  const child = spawn(
    process.execPath,
    [path.join(repoRoot, "bin/takoform.mjs"), "host", "--port", "0", "--data", dataDir, "--credentials", credentials, ...HOST_FLAGS, ...extra],
    {
      cwd: repoRoot,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`host did not start: ${output}`)), 30_000);
    lines.once("line", (line) => {
      clearTimeout(timer);
      const match = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
      if (match === null) reject(new Error(`unexpected first line ${line}: ${output}`));
      else resolve(match[1]!);
    });
    void exited.then((code) => reject(new Error(`host exited with ${code}: ${output}`)));
  });
  lines.on("line", (line) => (output += line + "\n"));
  return {
    url,
    child,
    output: () => output,
    async stop() {
      child.kill("SIGTERM");
      return exited;
    },
  };
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `takoform <args>` with `stdin` piped in. */
export function runCli(args: string[], stdin = "", env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, "bin/takoform.mjs"), ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
    child.stdin!.end(stdin);
  });
}

/** Every file below dir whose bytes contain `needle` (a recursive grep). */
export function filesContaining(dir: string, needle: string): string[] {
  const hits: string[] = [];
  const bytes = Buffer.from(needle, "utf8");
  const walk = (at: string) => {
    for (const entry of readdirSync(at)) {
      const file = path.join(at, entry);
      if (statSync(file).isDirectory()) walk(file);
      else if (readFileSync(file).includes(bytes)) hits.push(file);
    }
  };
  walk(dir);
  return hits;
}
