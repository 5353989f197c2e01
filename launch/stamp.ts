// A bundle (launch/esbuild.ts) is a cache of the compiled modules it was built from. Its stamp
// records each input's path (relative to the stamp's folder, so an installation can move), size,
// modification time and SHA-256; a bundle whose inputs changed since (a rebuild of dist/ with
// other output, a regenerated model) is not used. A file rewritten with the same bytes (tsc
// rewrites all of dist/) only costs a hash.
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";

export interface BundleInput {
  /** Relative to the stamp file's folder (absolute in stamps of earlier installs). */
  path: string;
  size: number;
  mtimeMs: number;
  sha256: string;
}

export interface BundleStamp {
  /** Format of this file. */
  stamp: 1;
  inputs: BundleInput[];
}

function sha256Of(path: string): string {
  return createHash("sha256").update(readFileSync(path)).digest("hex");
}

/** The stamp of `paths` (absolute), to be written at `stampFile`. */
export function stampOf(paths: readonly string[], stampFile: string): BundleStamp {
  const base = dirname(resolve(stampFile));
  return {
    stamp: 1,
    inputs: paths.map((path) => {
      const st = statSync(path);
      return { path: relative(base, path), size: st.size, mtimeMs: st.mtimeMs, sha256: sha256Of(path) };
    }),
  };
}

/** Why the stamp at `file` does not match the files on disk, or undefined when it matches. */
export function staleBecause(file: string): string | undefined {
  let stamp: BundleStamp;
  try {
    stamp = JSON.parse(readFileSync(file, "utf8")) as BundleStamp;
  } catch (err) {
    return `no readable stamp ${file}: ${(err as Error).message}`;
  }
  if (stamp.stamp !== 1 || !Array.isArray(stamp.inputs) || stamp.inputs.length === 0) return `${file} is not a bundle stamp`;
  const base = dirname(resolve(file));
  for (const input of stamp.inputs) {
    // joined, not resolve()d: the kernel walks "../" itself, and a start checks some 700 inputs
    const path = input.path.startsWith("/") ? input.path : `${base}/${input.path}`;
    const st = statSync(path, { throwIfNoEntry: false });
    if (st === undefined) return `${resolve(path)} is gone`;
    if (st.size !== input.size) return `${resolve(path)} changed since the bundle was built`;
    if (st.mtimeMs !== input.mtimeMs && sha256Of(path) !== input.sha256) return `${resolve(path)} changed since the bundle was built`;
  }
  return undefined;
}

/**
 * Set on globalThis by a start file that found its bundle's stamp current before it ran the
 * bundle (provider-bridge/plugin/start.ts), so the bundle's own entry does not check it again.
 */
export const STAMP_CHECKED = Symbol.for("takoform.provider.stamp-checked");
