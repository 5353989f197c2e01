// Spawns `node bin/takoform.mjs host` as a real process (built dist/ required: `npm run build`,
// which `npm test` runs first) and parses its listening line.

import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { CREDENTIALS, repoRoot } from "../unit/host/harness.js";

export interface HostProcess {
  url: string;
  child: ChildProcess;
  /** SIGKILL, and wait for the process to be gone. */
  kill(): Promise<void>;
  /** SIGTERM, and wait for a clean exit. */
  stop(): Promise<number | null>;
}

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function credentialsFile(dir: string): string {
  const file = path.join(dir, "credentials.json");
  writeFileSync(file, JSON.stringify({ credentials: CREDENTIALS }));
  return file;
}

export async function startHostProcess(args: string[]): Promise<HostProcess> {
  const launcher = path.join(repoRoot, "bin/takoform.mjs");
  if (!existsSync(path.join(repoRoot, "dist/cli/main.js"))) throw new Error("dist/ is missing: run `npm run build` first");
  const child = spawn(process.execPath, [launcher, "host", "--port", "0", "--runtime", "off", "--quiet", ...args], {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`host did not start in time: ${stderr}`)), 30_000);
    lines.once("line", (line) => {
      clearTimeout(timer);
      const match = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
      if (match === null) reject(new Error(`unexpected first stdout line ${JSON.stringify(line)}; stderr: ${stderr}`));
      else resolve(match[1]!);
    });
    void exited.then((code) => reject(new Error(`host exited with ${code} before listening: ${stderr}`)));
  });
  lines.on("line", () => undefined); // keep draining stdout
  return {
    url,
    child,
    async kill() {
      child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      child.kill("SIGTERM");
      return exited;
    },
  };
}
