// Runs a CommonJS bundle the way node's own loader would, but compiled through a V8 code cache
// kept beside it, so that a process deserializes the functions an earlier process compiled
// instead of parsing and compiling them again (ADR 0245). Node 20 has no
// module.enableCompileCache; vm.Script's cachedData is the same mechanism by hand.
//
// The cache file starts with the SHA-256 of the bundle it was made from (V8's own check compares
// only the source length). A cache that is missing, made from other bytes, or refused by V8
// (another node) is written again when the process exits with a code `keep` accepts (one that
// served: by then it holds every function the process ran), through a temporary name and a
// rename. Writing it may fail (a read-only installation): the bundle then runs without one.
import { isAscii } from "node:buffer";
import { createHash } from "node:crypto";
import { chmodSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import vm from "node:vm";

const HASH_BYTES = 32;

export interface CodeCacheOptions {
  /** Where the cache lives (read, and written at exit). */
  cacheFile: string;
  /** false: compile without a cache and write none. */
  useCache: boolean;
  /** Whether a process that exits with `code` served, so its compiled functions are worth keeping. */
  keep(code: number): boolean;
}

/**
 * The cache of a process started with `execArgv`: V8 refuses a cache made under other flags, so a
 * process with flags (a profiler's, TAKOFORM_PROVIDER_NODE_FLAGS) keeps one of its own,
 * `<cacheFile>.<12 hex of their SHA-256>`, instead of rewriting the one every process without
 * flags uses, at each exit, in turn (ADR 0245). Flags in NODE_OPTIONS are not in execArgv.
 */
export function cacheFileForFlags(cacheFile: string, execArgv: readonly string[] = process.execArgv): string {
  if (execArgv.length === 0) return cacheFile;
  return `${cacheFile}.${createHash("sha256").update(execArgv.join("\0")).digest("hex").slice(0, 12)}`;
}

/** Removes the caches cacheFileForFlags named beside `cacheFile`: a rebuilt bundle made them all old. */
export function removeFlaggedCaches(cacheFile: string): void {
  const prefix = `${basename(cacheFile)}.`;
  for (const name of readdirSync(dirname(cacheFile))) if (name.startsWith(prefix)) rmSync(join(dirname(cacheFile), name), { force: true });
}

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
    // compiled code, not a secret: readable by whoever may run the bundle, whatever the process's umask
    writeFileSync(tmp, Buffer.concat([hash, script.createCachedData()]));
    chmodSync(tmp, 0o644);
    renameSync(tmp, cacheFile);
  } catch {
    rmSync(tmp, { force: true });
  }
}

/** Runs the CommonJS bundle at `file` through its code cache; returns its module.exports. */
export function runBundle(file: string, options: CodeCacheOptions): unknown {
  const source = readFileSync(file);
  const cached = options.useCache ? cachedDataFor(options.cacheFile, source) : { data: undefined, hash: Buffer.alloc(0) };
  // An ASCII file (the host bundle is written so) is read as latin1: a copy, not a UTF-8 decode.
  const text = isAscii(source) ? source.toString("latin1") : source.toString("utf8");
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${text}\n})`, {
    filename: file,
    cachedData: cached.data,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  if (options.useCache && (cached.data === undefined || script.cachedDataRejected === true)) {
    process.once("exit", (code) => {
      if (options.keep(code)) writeCache(options.cacheFile, cached.hash, script);
    });
  }
  const wrapper = script.runInThisContext() as (e: object, r: NodeJS.Require, m: object, f: string, d: string) => void;
  const module = { exports: {} as unknown };
  wrapper.call(module.exports as object, module.exports as object, createRequire(file), module, file, dirname(file));
  return module.exports;
}
