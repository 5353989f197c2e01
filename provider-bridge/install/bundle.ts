// Bundles the compiled provider (dist/provider-bridge/plugin/entry.js and
// everything it imports from dist/, the generated model included) into one
// ES module with esbuild, next to a stamp of its inputs (plugin/bundle-stamp.ts).
// npm packages stay external, resolved from the installation's node_modules.
//
// The bundle lives at dist/provider-bridge/bundle/provider.mjs: at that depth
// corpusRoot() finds <root>/corpus from the bundle exactly as it does from
// dist/corpus/lib/root.js. Without esbuild (it comes with the dev
// dependencies) the launcher runs the CLI as before.
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { stampOf } from "../plugin/bundle-stamp.js";

export const BUNDLE_DIR = join("dist", "provider-bridge", "bundle");
const ENTRY = join("dist", "provider-bridge", "plugin", "entry.js");

export type BundleResult = { ok: true; file: string; inputs: number } | { ok: false; reason: string };

type Esbuild = typeof import("esbuild");

function loadEsbuild(root: string): Esbuild | undefined {
  try {
    return createRequire(join(root, "package.json"))("esbuild") as Esbuild;
  } catch {
    return undefined;
  }
}

/** Builds the bundle of the takoform installation at `root`; never throws. */
export function bundleProvider(root: string): BundleResult {
  const esbuild = loadEsbuild(root);
  if (!esbuild) return { ok: false, reason: "esbuild is not installed (it comes with the dev dependencies)" };
  const dir = join(root, BUNDLE_DIR);
  const file = join(dir, "provider.mjs");
  const suffix = `.${process.pid}.tmp`;
  try {
    mkdirSync(dir, { recursive: true });
    const built = esbuild.buildSync({
      absWorkingDir: root,
      entryPoints: [ENTRY],
      bundle: true,
      platform: "node",
      format: "esm",
      target: `node${process.versions.node.split(".")[0]}`,
      packages: "external",
      outfile: file + suffix,
      metafile: true,
      write: true,
      logLevel: "silent",
    });
    const inputs = Object.keys(built.metafile.inputs).map((p) => resolve(root, p));
    writeFileSync(join(dir, "provider.stamp.json" + suffix), JSON.stringify(stampOf(inputs)));
    // Bundle first: between the two renames a process sees the new bundle with the old stamp,
    // which either matches (same inputs, same code) or sends it to the compiled modules.
    renameSync(file + suffix, file);
    renameSync(join(dir, "provider.stamp.json" + suffix), join(dir, "provider.stamp.json"));
    return { ok: true, file, inputs: inputs.length };
  } catch (err) {
    rmSync(file + suffix, { force: true });
    rmSync(join(dir, "provider.stamp.json" + suffix), { force: true });
    return { ok: false, reason: `bundling failed: ${(err as Error).message.split("\n")[0]}` };
  }
}
