// In-memory output set: emitters add files, and nothing touches the disk until every emitter has
// succeeded. write() replaces the managed part of the output directory; check() compares it.

import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";

export interface CheckResult {
  changed: string[];
  missing: string[];
  extra: string[];
}

export class OutputSet {
  private readonly files = new Map<string, string>();

  /** Adds a file at a slash-separated path relative to the output directory. */
  add(relPath: string, content: string): void {
    if (relPath.startsWith("/") || relPath.split("/").some((s) => s === "" || s === "." || s === "..")) {
      throw new Error(`OutputSet: bad path '${relPath}'`);
    }
    if (this.files.has(relPath)) throw new Error(`OutputSet: '${relPath}' emitted twice`);
    this.files.set(relPath, content);
  }

  paths(): string[] {
    return [...this.files.keys()].sort();
  }

  get(relPath: string): string | undefined {
    return this.files.get(relPath);
  }

  /** Top-level entries (first path segments) this set owns in the output directory. */
  roots(): string[] {
    return [...new Set(this.paths().map((p) => p.split("/")[0]!))].sort();
  }

  /** Writes every file, then removes files under the owned roots that the set does not contain. */
  write(outDir: string): { written: number; removed: string[] } {
    for (const p of this.paths()) {
      const full = path.join(outDir, ...p.split("/"));
      mkdirSync(path.dirname(full), { recursive: true });
      if (!existsSync(full) || readFileSync(full, "utf8") !== this.files.get(p)) writeFileSync(full, this.files.get(p)!);
    }
    const removed = this.onDisk(outDir).filter((p) => !this.files.has(p));
    for (const p of removed) rmSync(path.join(outDir, ...p.split("/")));
    pruneEmptyDirs(outDir, this.roots());
    return { written: this.files.size, removed };
  }

  /** Compares the set with the output directory, byte for byte. */
  check(outDir: string): CheckResult {
    const disk = new Set(this.onDisk(outDir));
    const result: CheckResult = { changed: [], missing: [], extra: [] };
    for (const p of this.paths()) {
      if (!disk.has(p)) result.missing.push(p);
      else if (readFileSync(path.join(outDir, ...p.split("/")), "utf8") !== this.files.get(p)) result.changed.push(p);
    }
    result.extra = [...disk].filter((p) => !this.files.has(p)).sort();
    return result;
  }

  /** Files currently under the owned roots of outDir, as relative slash paths. */
  private onDisk(outDir: string): string[] {
    const out: string[] = [];
    for (const root of this.roots()) {
      const full = path.join(outDir, root);
      if (existsSync(full)) collect(outDir, full, out);
    }
    return out.sort();
  }
}

function readdirSafe(dir: string): string[] | undefined {
  try {
    return readdirSync(dir);
  } catch {
    return undefined;
  }
}

function collect(base: string, at: string, out: string[]): void {
  const entries = readdirSafe(at);
  if (entries === undefined) {
    out.push(path.relative(base, at).split(path.sep).join("/"));
    return;
  }
  for (const e of entries) collect(base, path.join(at, e), out);
}

function pruneEmptyDirs(outDir: string, roots: string[]): void {
  const prune = (dir: string): boolean => {
    const entries = readdirSafe(dir);
    if (entries === undefined) return false;
    let empty = true;
    for (const e of entries) if (!prune(path.join(dir, e))) empty = false;
    if (empty) rmSync(dir, { recursive: true });
    return empty;
  };
  for (const r of roots) prune(path.join(outDir, r));
}
