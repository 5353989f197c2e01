// Deterministic directory inventory (lstat-based: symlinks are reported, never followed).

import { lstatSync, readdirSync } from "node:fs";
import path from "node:path";

export type EntryType = "file" | "directory" | "symlink" | "other";

export interface TreeEntry {
  /** Slash-separated path relative to the walked root. */
  rel: string;
  abs: string;
  type: EntryType;
  size: number;
  mode: number;
}

const SKIPPED_DIRECTORIES = new Set([".git", "node_modules"]);

/** Every entry below `root` (not the root itself), sorted by relative path; skips .git and node_modules. */
export function walkTree(root: string): TreeEntry[] {
  const out: TreeEntry[] = [];
  const visit = (dir: string, prefix: string): void => {
    const names = readdirSync(dir).sort();
    for (const name of names) {
      const abs = path.join(dir, name);
      const rel = prefix === "" ? name : `${prefix}/${name}`;
      const stat = lstatSync(abs);
      const type: EntryType = stat.isSymbolicLink() ? "symlink" : stat.isDirectory() ? "directory" : stat.isFile() ? "file" : "other";
      if (type === "directory" && SKIPPED_DIRECTORIES.has(name)) continue;
      out.push({ rel, abs, type, size: stat.size, mode: stat.mode });
      if (type === "directory") visit(abs, rel);
    }
  };
  visit(root, "");
  return out;
}
