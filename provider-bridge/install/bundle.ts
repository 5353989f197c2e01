// Bundles the compiled provider (dist/provider-bridge/plugin/entry.js and
// everything it imports, the generated model and the one npm package it uses
// included) into one CommonJS file with esbuild, next to a stamp of its inputs
// (launch/stamp.ts).
//
// CommonJS, not an ES module (ADR 0245): node starts it without its ESM loader,
// and a module the provider reaches through a dynamic import (node:http2 and
// the TLS context after the handshake line, the handlers after that) is
// initialized, its node: built-ins required, only when that import runs. In an
// ES module bundle every import is hoisted and loaded before the first line.
//
// The bundle lives at dist/provider-bridge/bundle/provider.cjs: at that depth
// corpusRoot() finds <root>/corpus from the bundle exactly as it does from
// dist/corpus/lib/root.js (import.meta.url is the bundle's own file URL).
// Without esbuild (it comes with the dev dependencies) the launcher runs the
// CLI as before.
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { removeFlaggedCaches } from "../../launch/code-cache.js";
import { loadEsbuild, type Esbuild } from "../../launch/esbuild.js";
import { stampOf } from "../../launch/stamp.js";
import { CODE_CACHE } from "../plugin/start.js";

export const BUNDLE_DIR = join("dist", "provider-bridge", "bundle");
export const BUNDLE_FILE = "provider.cjs";
export const START_FILE = "start.cjs";
const ENTRY = join("dist", "provider-bridge", "plugin", "entry.js");
const START = join("dist", "provider-bridge", "plugin", "start.js");
/** import.meta.url in the bundle: the URL of the bundle file itself. */
const META_URL = "__takoformBundleUrl";

/** file: the bundle; start: what the launcher runs (plugin/start.ts: the bundle through its V8 code cache). */
export type BundleResult = { ok: true; file: string; start: string; inputs: number } | { ok: false; reason: string };

/**
 * Bundles `entry` into `outfile` (CommonJS, for this node; import.meta.url answered from the
 * bundle's own file); returns the absolute paths of its inputs. bench/tools/provider-floor.ts
 * bundles the provider floor with it.
 */
export function bundleCommonJs(esbuild: Esbuild, root: string, entry: string, outfile: string): string[] {
  const built = esbuild.buildSync({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: `node${process.versions.node.split(".")[0]}`,
    define: { "import.meta.url": META_URL },
    banner: { js: `"use strict";\nvar ${META_URL} = require("node:url").pathToFileURL(__filename).href;` },
    outfile,
    metafile: true,
    write: true,
    logLevel: "silent",
  });
  return Object.keys(built.metafile.inputs).map((p) => resolve(root, p));
}

/** Builds the bundle of the takoform installation at `root`; never throws. */
export function bundleProvider(root: string): BundleResult {
  const esbuild = loadEsbuild(root);
  if (!esbuild) return { ok: false, reason: "esbuild is not installed (it comes with the dev dependencies)" };
  const dir = join(root, BUNDLE_DIR);
  const file = join(dir, BUNDLE_FILE);
  const start = join(dir, START_FILE);
  const stamp = join(dir, "provider.stamp.json");
  const suffix = `.${process.pid}.tmp`;
  try {
    mkdirSync(dir, { recursive: true });
    const inputs = [...bundleCommonJs(esbuild, root, ENTRY, file + suffix), ...bundleCommonJs(esbuild, root, START, start + suffix)];
    writeFileSync(stamp + suffix, JSON.stringify(stampOf([...new Set(inputs)], stamp)));
    // Bundle first: between the renames a process sees the new bundle with the old stamp,
    // which either matches (same inputs, same code) or sends it to the compiled modules.
    // The code cache names the bundle's SHA-256, so an old one is never used for the new bundle.
    renameSync(file + suffix, file);
    renameSync(stamp + suffix, stamp);
    renameSync(start + suffix, start);
    // The ES module bundle of earlier installs would accept this stamp while holding older code;
    // without it, a launcher written by such an install runs the CLI instead.
    rmSync(join(dir, "provider.mjs"), { force: true });
    // The code caches of processes started with node flags (plugin/start.ts, codeCacheFile): one
    // per set of flags ever used, each made for a bundle this install may have replaced.
    removeFlaggedCaches(join(dir, CODE_CACHE));
    return { ok: true, file, start, inputs: inputs.length };
  } catch (err) {
    for (const f of [file, stamp, start]) rmSync(f + suffix, { force: true });
    return { ok: false, reason: `bundling failed: ${(err as Error).message.split("\n")[0]}` };
  }
}
