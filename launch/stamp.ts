// A bundle (launch/esbuild.ts) is a cache of the compiled modules it was built from. Its stamp
// records each input's path (relative to the stamp's folder, so an installation can move), size,
// modification time and SHA-256; a bundle whose inputs changed since (a rebuild of dist/ with
// other output, a regenerated model) is not used. A file rewritten with the same bytes (tsc
// rewrites all of dist/) only costs a hash. A file of an installed package is recorded by its
// package names and its path inside the innermost, and found again as node finds packages (every
// ancestor's node_modules, nearest first): installed into another project, npm hoists takoform's
// dependencies beside it, where a path relative to the bundle no longer leads.
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";

export interface BundleInput {
  /**
   * Relative to the stamp file's folder (absolute in stamps of earlier installs); with packages,
   * relative to the innermost package's folder.
   */
  path: string;
  /** The package chain a file of node_modules is found through, e.g. ["express"] or ["tsyringe", "tslib"]. */
  packages?: string[];
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

/** A file as recorded: its size, time and bytes, and, where a rewrite in place must be seen, its inode. */
export interface RecordedFile {
  size: number;
  mtimeMs: number;
  sha256: string;
  ino?: number;
}

/** The file as recorded, with its inode. */
export function recordFile(path: string): Required<RecordedFile> {
  const st = statSync(path);
  return { size: st.size, mtimeMs: st.mtimeMs, ino: st.ino, sha256: sha256Of(path) };
}

/**
 * Whether the file at `path` still holds the recorded bytes: "gone", "changed", or undefined. It is
 * hashed only when its size matches and its time (or recorded inode) moved.
 */
export function fileChange(path: string, recorded: RecordedFile): "gone" | "changed" | undefined {
  const st = statSync(path, { throwIfNoEntry: false });
  if (st === undefined) return "gone";
  if (st.size !== recorded.size) return "changed";
  const untouched = st.mtimeMs === recorded.mtimeMs && (recorded.ino === undefined || st.ino === recorded.ino);
  return untouched || sha256Of(path) === recorded.sha256 ? undefined : "changed";
}

const PACKAGE = /^(?:@[^/\\]+[/\\])?[^/\\.@][^/\\]*/;

/**
 * The package chain and inner path of a file under node_modules that node would find from `base`
 * (the first node_modules's folder is an ancestor of base, every later one directly inside a
 * package); undefined for anything else (a pnpm store, a linked folder), recorded by its path.
 */
export function packagePath(file: string, base: string): { packages: string[]; path: string } | undefined {
  const parts = file.split(/[\\/]node_modules[\\/]/);
  if (parts.length < 2) return undefined;
  const root = parts[0]!;
  if (base !== root && !base.startsWith(`${root}/`)) return undefined;
  const packages: string[] = [];
  for (const [i, part] of parts.slice(1).entries()) {
    const name = PACKAGE.exec(part)?.[0];
    if (name === undefined) return undefined;
    const rest = part.slice(name.length);
    packages.push(name.replaceAll("\\", "/"));
    if (i === parts.length - 2) return rest.length > 1 ? { packages, path: rest.slice(1) } : undefined;
    if (rest !== "") return undefined;
  }
  return undefined;
}

/** The stamp of `paths` (absolute), to be written at `stampFile`. */
export function stampOf(paths: readonly string[], stampFile: string): BundleStamp {
  const base = dirname(resolve(stampFile));
  return {
    stamp: 1,
    inputs: paths.map((path) => {
      const { size, mtimeMs, sha256 } = recordFile(path);
      return { ...(packagePath(path, base) ?? { path: relative(base, path) }), size, mtimeMs, sha256 };
    }),
  };
}

/** The folder of package `name` as node finds it from `from`: the nearest ancestor's node_modules holding it. */
function findPackage(from: string, name: string, found: Map<string, string | undefined>): string | undefined {
  const key = `${from}\0${name}`;
  if (found.has(key)) return found.get(key);
  let result: string | undefined;
  for (let dir = from; ; dir = dirname(dir)) {
    if (!dir.endsWith("/node_modules")) {
      const candidate = `${dir === "/" ? "" : dir}/node_modules/${name}`;
      if (statSync(candidate, { throwIfNoEntry: false })?.isDirectory() === true) {
        result = candidate;
        break;
      }
    }
    if (dirname(dir) === dir) break;
  }
  found.set(key, result);
  return result;
}

/** Where an input is on disk now, or why it cannot be found. */
function inputPath(input: BundleInput, base: string, packages: Map<string, string | undefined>): string | { missing: string } {
  if (input.packages === undefined) return input.path.startsWith("/") ? input.path : `${base}/${input.path}`;
  let dir = base;
  for (const name of input.packages) {
    const next = findPackage(dir, name, packages);
    if (next === undefined) return { missing: `package ${input.packages.join(" > ")} is not installed where ${base} finds it` };
    dir = next;
  }
  return `${dir}/${input.path}`;
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
  const packages = new Map<string, string | undefined>();
  for (const input of stamp.inputs) {
    // joined, not resolve()d: the kernel walks "../" itself, and a start checks some 700 inputs
    const path = inputPath(input, base, packages);
    if (typeof path !== "string") return path.missing;
    const change = fileChange(path, input);
    if (change === "gone") return `${resolve(path)} is gone`;
    if (change === "changed") return `${resolve(path)} changed since the bundle was built`;
  }
  return undefined;
}

/**
 * Set on globalThis by a start file that found its bundle's stamp current before it ran the
 * bundle (provider-bridge/plugin/start.ts), so the bundle's own entry does not check it again.
 */
export const STAMP_CHECKED = Symbol.for("takoform.provider.stamp-checked");
