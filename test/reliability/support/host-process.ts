// A real `takoform host` process for the reliability suites (dist/ must be built: `npm test`
// builds it first). Unlike test/host/process.ts it keeps everything the process wrote to stdout
// and stderr (the credentials test greps it for tokens) and can say whether the process is alive.

import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { repoRoot } from "../../unit/host/harness.js";

export interface HostProcess {
  url: string;
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  stdout(): string;
  stderr(): string;
  alive(): boolean;
  /** SIGKILL, then wait until the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM, then wait for the exit code. */
  stop(): Promise<number | null>;
}

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface CredentialEntry {
  token?: string;
  tokenSha256?: string;
  tenant: string;
  principal: string;
}

export function writeCredentials(dir: string, credentials: CredentialEntry[]): string {
  const file = path.join(dir, "credentials.json");
  writeFileSync(file, JSON.stringify({ credentials }));
  return file;
}

export async function startHostProcess(args: string[], options: { quiet?: boolean } = {}): Promise<HostProcess> {
  // RELIABILITY_LAUNCHER points the suites at another build (a deliberately broken copy, to see a
  // suite fail); by default the repository's own bin/takoform.mjs.
  const launcher = process.env.RELIABILITY_LAUNCHER ?? path.join(repoRoot, "bin/takoform.mjs");
  if (!existsSync(path.join(path.dirname(launcher), "../dist/cli/main.js"))) throw new Error("dist/ is missing: run `npm run build` first");
  const quiet = options.quiet ?? true;
  const child = spawn(process.execPath, [launcher, "host", "--port", "0", "--runtime", "off", ...(quiet ? ["--quiet"] : []), ...args], {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  let exitCode: number | null | undefined;
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`host did not start in 30 s; stderr: ${stderr}`)), 30_000);
    const poll = setInterval(() => {
      const newline = stdout.indexOf("\n");
      if (newline < 0) return;
      clearInterval(poll);
      clearTimeout(timer);
      const match = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(stdout.slice(0, newline));
      if (match === null) reject(new Error(`unexpected first stdout line ${JSON.stringify(stdout.slice(0, newline))}; stderr: ${stderr}`));
      else resolve(match[1]!);
    }, 5);
    void exited.then((code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`host exited with ${code} before listening; stderr: ${stderr}`));
    });
  });
  return {
    url,
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    alive: () => exitCode === undefined,
    async kill() {
      if (exitCode === undefined) child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      if (exitCode === undefined) child.kill("SIGTERM");
      return exited;
    },
  };
}
