// What the launcher runs when the provider is bundled: the bundle (provider.cjs, next to this
// file once bundled) through its V8 code cache (launch/code-cache.ts, ADR 0245). Only a process
// that served writes the cache (exit 0 after Terraform's Shutdown, or 143 on SIGTERM): one that
// refused to start (exit 1; `provider install` checks the launcher that way) compiled next to
// nothing. TAKOFORM_PROVIDER_CODE_CACHE=off runs without one.
//
// The bundle's stamp is checked here, before the bundle runs: a bundle whose inputs changed since
// it was built (a rebuild of dist/ without `takoform provider install`) is not run, and the
// current compiled modules serve instead, imported from this file. (From inside the bundle, run
// through vm.Script with cached data, node 20 loses the dynamic import callback, and import()
// throws ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING.) A spare (ADR 0282) runs only a current bundle.
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { cacheFileForFlags, runBundle } from "../../launch/code-cache.js";
import { STAMP_CHECKED, staleBecause } from "../../launch/stamp.js";
import { log } from "./log.js";

export const BUNDLE = "provider.cjs";
export const CODE_CACHE = "provider.cjs.cache";
export const STAMP = "provider.stamp.json";
/** The exit code of a provider ended by SIGTERM (plugin/lifecycle.ts). */
const SIGTERM_EXIT = 143;

/** The provider's code cache for a process started with `execArgv` (launch/code-cache.ts, cacheFileForFlags). */
export function codeCacheFile(dir: string, execArgv: readonly string[] = process.execArgv): string {
  return cacheFileForFlags(join(dir, CODE_CACHE), execArgv);
}

/** Runs the provider bundle at `file` through its code cache, or the compiled modules when the bundle is stale. */
export function startBundle(file: string, useCache = process.env["TAKOFORM_PROVIDER_CODE_CACHE"] !== "off"): void {
  const stale = staleBecause(join(dirname(file), STAMP));
  if (stale === undefined) {
    (globalThis as Record<symbol, unknown>)[STAMP_CHECKED] = true;
    runBundle(file, { cacheFile: codeCacheFile(dirname(file)), useCache, keep: (code) => code === 0 || code === SIGTERM_EXIT });
    return;
  }
  if (process.argv[2] === "--spare") return;
  log("info", "provider bundle not used", { reason: stale });
  const main = pathToFileURL(join(dirname(file), "..", "main.js")).href;
  (import(main) as Promise<{ runProvider(): Promise<number> }>)
    .then((loaded) => loaded.runProvider())
    .then(
      (code) => {
        process.exitCode = code;
      },
      (err: unknown) => {
        process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
        process.exitCode = 1;
      },
    );
}

// Bundled (start.cjs), this file runs the bundle beside it; compiled as a module of dist/ it only exports.
if (typeof __filename === "string" && __filename.endsWith("/start.cjs")) startBundle(join(dirname(__filename), BUNDLE));
