// What the launcher runs when the provider is bundled: the bundle (provider.cjs, next to this
// file once bundled) through its V8 code cache (launch/code-cache.ts, ADR 0245). Only a process
// that served writes the cache (exit 0 after Terraform's Shutdown, or 143 on SIGTERM): one that
// refused to start (exit 1; `provider install` checks the launcher that way) compiled next to
// nothing. TAKOFORM_PROVIDER_CODE_CACHE=off runs without one.
import { dirname, join } from "node:path";
import { runBundle } from "../../launch/code-cache.js";

export const BUNDLE = "provider.cjs";
export const CODE_CACHE = "provider.cjs.cache";
/** The exit code of a provider ended by SIGTERM (plugin/lifecycle.ts). */
const SIGTERM_EXIT = 143;

/** Runs the provider bundle at `file` through its code cache. */
export function startBundle(file: string, useCache = process.env["TAKOFORM_PROVIDER_CODE_CACHE"] !== "off"): void {
  runBundle(file, { cacheFile: join(dirname(file), CODE_CACHE), useCache, keep: (code) => code === 0 || code === SIGTERM_EXIT });
}

// Bundled (start.cjs), this file runs the bundle beside it; compiled as a module of dist/ it only exports.
if (typeof __filename === "string" && __filename.endsWith("/start.cjs")) startBundle(join(dirname(__filename), BUNDLE));
