// The provider bundle built from this repository (bundleProvider, as `takoform provider install`
// builds it), copied into a folder of a test's own.
import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { bundleProvider } from "../../../provider-bridge/install/bundle.js";
import { MAGIC_COOKIE_VALUE } from "../../../provider-bridge/plugin/environment.js";

export const repo = resolve(fileURLToPath(new URL("../../..", import.meta.url)));

/** Builds the bundle and copies `files` of its folder (provider.cjs, start.cjs, the stamp) into `bundleDir`. */
export function copyBuiltBundle(bundleDir: string, files: readonly string[]): void {
  const built = bundleProvider(repo);
  expect(built.ok, built.ok ? "" : built.reason).toBe(true);
  if (!built.ok) throw new Error(built.reason);
  mkdirSync(bundleDir, { recursive: true });
  for (const name of files) copyFileSync(join(dirname(built.file), name), join(bundleDir, name));
}

/**
 * Starts the bundle in `bundleDir` through start.cjs as Terraform would, waits for the handshake
 * line, then SIGTERM (the exit handlers run). Resolves to what the process wrote on stderr.
 */
export async function startAndStop(bundleDir: string, env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<string> {
  const child = spawn(process.execPath, [...nodeArgs, join(bundleDir, "start.cjs")], {
    env: { PATH: process.env["PATH"], TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE_VALUE, PLUGIN_PROTOCOL_VERSIONS: "6", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const line = await new Promise<string>((ok) => createInterface({ input: child.stdout! }).once("line", ok));
  expect(line).toMatch(/^1\|6\|unix\|/);
  const exited = new Promise((ok) => child.once("close", ok));
  child.kill("SIGTERM");
  await exited;
  return stderr;
}
