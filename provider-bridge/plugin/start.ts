// What the launcher runs when the provider is bundled: compiles the bundle
// (provider.cjs, next to this file once bundled) with node's vm and a V8 code
// cache, so that a provider process deserializes the functions an earlier
// process compiled instead of parsing and compiling them again (ADR 0245).
// Node 20 has no module.enableCompileCache; vm.Script's cachedData is the
// same mechanism by hand.
//
// The cache file starts with the SHA-256 of the bundle it was made from (V8's
// own check compares only the source length). A cache that is missing, made
// from other bytes, or refused by V8 (another node) is written again when this
// process exits after serving (exit 0 after Terraform's Shutdown, or 143 on
// SIGTERM), through a temporary name and a rename, and by then it holds every
// function this process ran. Writing it may fail (a read-only
// installation): the provider then runs without one.
import { createHash } from "node:crypto";
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import vm from "node:vm";

export const BUNDLE = "provider.cjs";
export const CODE_CACHE = "provider.cjs.cache";
const HASH_BYTES = 32;
/** The exit code of a provider ended by SIGTERM (plugin/lifecycle.ts). */
const SIGTERM_EXIT = 143;

/** The V8 cached data in `cacheFile` when it was made from exactly `source`. */
export function cachedDataFor(cacheFile: string, source: Buffer): { data: Buffer | undefined; hash: Buffer } {
  const hash = createHash("sha256").update(source).digest();
  let cache: Buffer;
  try {
    cache = readFileSync(cacheFile);
  } catch {
    return { data: undefined, hash };
  }
  const fits = cache.length > HASH_BYTES && cache.subarray(0, HASH_BYTES).equals(hash);
  return { data: fits ? cache.subarray(HASH_BYTES) : undefined, hash };
}

function writeCache(cacheFile: string, hash: Buffer, script: vm.Script): void {
  const tmp = `${cacheFile}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, Buffer.concat([hash, script.createCachedData()]));
    renameSync(tmp, cacheFile);
  } catch {
    rmSync(tmp, { force: true });
  }
}

/** Runs the CommonJS bundle at `file` as node's own loader would, through its code cache. */
export function startBundle(file: string, useCache = process.env["TAKOFORM_PROVIDER_CODE_CACHE"] !== "off"): void {
  const source = readFileSync(file);
  const cacheFile = join(dirname(file), CODE_CACHE);
  const cached = useCache ? cachedDataFor(cacheFile, source) : { data: undefined, hash: Buffer.alloc(0) };
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source.toString("utf8")}\n})`, {
    filename: file,
    cachedData: cached.data,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  if (useCache && (cached.data === undefined || script.cachedDataRejected === true)) {
    process.once("exit", (code) => {
      // Only a process that served writes it: one that refused to start (exit 1; `provider install`
      // checks the launcher that way) compiled next to nothing.
      if (code === 0 || code === SIGTERM_EXIT) writeCache(cacheFile, cached.hash, script);
    });
  }
  const wrapper = script.runInThisContext() as (e: object, r: NodeJS.Require, m: object, f: string, d: string) => void;
  const module = { exports: {} };
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
}

// Bundled (start.cjs), this file runs the bundle beside it; compiled as a module of dist/ it only exports.
if (typeof __filename === "string" && __filename.endsWith("/start.cjs")) startBundle(join(dirname(__filename), BUNDLE));
