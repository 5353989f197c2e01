// Verified-catalog cache: what loadCatalog installed from one directory, remembered under a key
// that covers every byte the verification depended on, so an unchanged built-in corpus is not
// re-verified at every host start (docs/decisions/0140-verified-catalog-cache.md).
//
// The key is a SHA-256 over
//   - a format tag,
//   - the verifier itself: the bytes of every module in this directory (corpus/lib), so a changed
//     rule of verification invalidates every entry,
//   - the directory's inventory as walkTree reports it (relative path, type, size, mode) and the
//     full bytes of every file in it.
// Any changed, added, removed or renamed byte gives another key, and a key that does not match
// means full verification. Only a directory that verified without a single problem is stored.
// The cache lives beside the compiled code (dist/.catalog-cache), which is as trusted as the code
// that reads it; an unreadable, malformed or mismatching file is ignored.

import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { repoRoot } from "./root.js";
import type { InstalledBinding, InstalledForm, InstalledInterface } from "./types.js";
import type { TreeEntry } from "./walk.js";

const FORMAT = "takoform-verified-catalog@1";

/** One interface or binding definition installed from a directory. */
export type InstalledContract = ({ type: "interface" } & InstalledInterface) | ({ type: "binding" } & InstalledBinding);

/** What one directory contributed to a catalog, in discovery order. */
export interface DirectoryLoad {
  forms: InstalledForm[];
  contracts: InstalledContract[];
}

interface StoredForm extends Omit<InstalledForm, "dir"> {
  rel: string;
}
interface StoredContract {
  type: "interface" | "binding";
  rel: string;
  ref: InstalledContract["ref"];
  definition: InstalledContract["definition"];
}
interface StoredEntry {
  format: string;
  root: string;
  key: string;
  forms: StoredForm[];
  contracts: StoredContract[];
}

/** Where verified directories are remembered, and which directories may be. */
export interface CatalogCache {
  /** Directory holding one file per cached root. */
  dir: string;
  /** Only directories at or below one of these roots are cached (absolute paths). */
  roots: readonly string[];
}

let verifierDigest: string | undefined;

/** SHA-256 over the modules of corpus/lib as they run now (source or compiled). */
function verifierFingerprint(): string {
  if (verifierDigest !== undefined) return verifierDigest;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const hash = createHash("sha256");
  for (const name of readdirSync(here).sort()) {
    if (!/\.(js|ts|mjs)$/.test(name)) continue;
    hash.update(`${name}\u0000`).update(readFileSync(path.join(here, name))).update("\u0000");
  }
  verifierDigest = hash.digest("hex");
  return verifierDigest;
}

/** The cache key of a walked directory: the verifier, the inventory and every file's bytes. */
export function directoryKey(entries: readonly TreeEntry[]): string {
  const hash = createHash("sha256");
  hash.update(`${FORMAT}\u0000${verifierFingerprint()}\u0000`);
  for (const entry of entries) {
    hash.update(`${entry.rel}\u0000${entry.type}\u0000${entry.size}\u0000${entry.mode}\u0000`);
    if (entry.type === "file") hash.update(readFileSync(entry.abs)).update("\u0000");
  }
  return "sha256:" + hash.digest("hex");
}

/** The default: the built-in corpus is cached in dist/.catalog-cache when dist/ exists; TAKOFORM_CATALOG_CACHE=off disables it. */
export function defaultCatalogCache(): CatalogCache | undefined {
  if (process.env.TAKOFORM_CATALOG_CACHE === "off") return undefined;
  const root = repoRoot();
  const dist = path.join(root, "dist");
  try {
    if (!statSync(dist).isDirectory()) return undefined;
  } catch {
    return undefined;
  }
  return { dir: path.join(dist, ".catalog-cache"), roots: [path.join(root, "corpus")] };
}

function covers(cache: CatalogCache, root: string): boolean {
  return cache.roots.some((allowed) => root === allowed || root.startsWith(allowed + path.sep));
}

function entryFile(cache: CatalogCache, root: string): string {
  return path.join(cache.dir, createHash("sha256").update(root).digest("hex").slice(0, 32) + ".json");
}

/** The remembered load of `root` when its key still matches; undefined otherwise. */
export function readCachedDirectory(cache: CatalogCache | undefined, root: string, key: string): DirectoryLoad | undefined {
  if (cache === undefined || !covers(cache, root)) return undefined;
  let stored: StoredEntry;
  try {
    stored = JSON.parse(readFileSync(entryFile(cache, root), "utf8")) as StoredEntry;
  } catch {
    return undefined;
  }
  if (stored === null || typeof stored !== "object" || stored.format !== FORMAT || stored.root !== root || stored.key !== key) return undefined;
  if (!Array.isArray(stored.forms) || !Array.isArray(stored.contracts)) return undefined;
  return {
    forms: stored.forms.map(({ rel, ...form }) => ({ ...form, dir: path.join(root, rel) })),
    contracts: stored.contracts.map(({ rel, ...contract }) => ({ ...contract, path: path.join(root, rel) }) as InstalledContract),
  };
}

/** Remembers a directory that verified without problems (best effort: a write failure is ignored). */
export function writeCachedDirectory(cache: CatalogCache | undefined, root: string, key: string, load: DirectoryLoad): void {
  if (cache === undefined || !covers(cache, root)) return;
  const stored: StoredEntry = {
    format: FORMAT,
    root,
    key,
    forms: load.forms.map(({ dir, ...form }) => ({ ...form, rel: path.relative(root, dir) })),
    contracts: load.contracts.map((c) => ({ type: c.type, rel: path.relative(root, c.path), ref: c.ref, definition: c.definition })),
  };
  const file = entryFile(cache, root);
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(cache.dir, { recursive: true });
    writeFileSync(temporary, JSON.stringify(stored));
    renameSync(temporary, file);
  } catch {
    // A read-only install still works; it verifies at every start.
  }
}
