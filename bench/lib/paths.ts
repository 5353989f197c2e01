// Where things are: the repository, the CLI launcher, and scratch directories.

import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const launcher = path.join(repoRoot, "bin/takoform.mjs");

/** Throws with the fix when dist/ (which bin/takoform.mjs loads) has not been built. */
export function requireBuiltCli(): void {
  if (!existsSync(path.join(repoRoot, "dist/cli/main.js"))) {
    throw new Error("dist/ is missing: run `npm run build` (npm install does it) before `npm run bench`");
  }
}

export function scratchDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `takoform-bench-${prefix}-`));
}

/** One credential for the benchmark tenant. */
export const BENCH_TOKEN = "bench-token-0123456789abcdef";

export function writeCredentials(dir: string): string {
  const file = path.join(dir, "credentials.json");
  writeFileSync(file, JSON.stringify({ credentials: [{ token: BENCH_TOKEN, tenant: "bench", principal: "bench" }] }));
  return file;
}
