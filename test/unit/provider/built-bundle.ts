// The provider bundle built from this repository (bundleProvider, as `takoform provider install`
// builds it), copied into a folder of a test's own.
import { copyFileSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { bundleProvider } from "../../../provider-bridge/install/bundle.js";

export const repo = resolve(fileURLToPath(new URL("../../..", import.meta.url)));

/** Builds the bundle and copies `files` of its folder (provider.cjs, start.cjs, the stamp) into `bundleDir`. */
export function copyBuiltBundle(bundleDir: string, files: readonly string[]): void {
  const built = bundleProvider(repo);
  expect(built.ok, built.ok ? "" : built.reason).toBe(true);
  if (!built.ok) throw new Error(built.reason);
  mkdirSync(bundleDir, { recursive: true });
  for (const name of files) copyFileSync(join(dirname(built.file), name), join(bundleDir, name));
}
