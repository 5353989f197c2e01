// How `takoform host` starts fast (ADR 0278): bin/takoform.mjs asks hostFromBundle for the host
// command out of dist/host/bundle/host.cjs, one CommonJS file built from the compiled modules
// (launch/build-host.ts) and compiled through its V8 code cache (launch/code-cache.ts). A host
// start then reads and deserializes one file instead of resolving, reading and compiling some 340
// ES and CommonJS modules. When the bundle is absent, turned off or built from other bytes than
// dist/ holds now (its stamp, launch/stamp.ts), the CLI runs the compiled modules as before.
import { dirname, join } from "node:path";
import { cacheFileForFlags, runBundle } from "./code-cache.js";
import { staleBecause } from "./stamp.js";

export const HOST_BUNDLE_DIR = join("dist", "host", "bundle");
export const HOST_BUNDLE = "host.cjs";
export const HOST_STAMP = "host.stamp.json";
export const HOST_CODE_CACHE = "host.cjs.cache";

/** The `takoform host` subcommand (cli/commands/host.ts) as the bundle exports it. */
export interface HostCommand {
  run(args: string[]): Promise<number>;
}

export type FromBundle = { command: HostCommand; file: string } | { reason: string };

/**
 * The host command from the bundle of the installation at `root`, or why the bundle is not used.
 * TAKOFORM_HOST_BUNDLE=off never uses it; TAKOFORM_HOST_CODE_CACHE=off runs it without a code cache.
 */
export function hostFromBundle(root: string, env: NodeJS.ProcessEnv = process.env): FromBundle {
  if (env["TAKOFORM_HOST_BUNDLE"] === "off") return { reason: "TAKOFORM_HOST_BUNDLE=off" };
  const dir = join(root, HOST_BUNDLE_DIR);
  const stale = staleBecause(join(dir, HOST_STAMP));
  if (stale !== undefined) return { reason: stale };
  const file = join(dir, HOST_BUNDLE);
  const exports = runBundle(file, {
    cacheFile: cacheFileForFlags(join(dirname(file), HOST_CODE_CACHE)),
    useCache: env["TAKOFORM_HOST_CODE_CACHE"] !== "off",
    // exit 0: the host served and drained (SIGINT/SIGTERM); a refused start compiled next to nothing
    keep: (code) => code === 0,
  }) as { default?: HostCommand };
  if (typeof exports.default?.run !== "function") return { reason: `${file} exports no host command` };
  return { command: exports.default, file };
}
