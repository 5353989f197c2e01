// An in-memory view of the corpus directory that the pin steps read and rewrite. Nothing reaches
// the disk until the caller asks for it, so a check run ("is everything pinned?") and a write run
// share one code path.

import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { decodeJsonBytes } from "../../lib/index.js";

export class Workspace {
  private readonly pending = new Map<string, Buffer>();

  constructor(readonly root: string) {}

  /** Absolute path of a slash-separated corpus-relative path. */
  abs(rel: string): string {
    return path.join(this.root, ...rel.split("/"));
  }

  exists(rel: string): boolean {
    return this.pending.has(rel) || existsSync(this.abs(rel));
  }

  read(rel: string): Buffer {
    return this.pending.get(rel) ?? readFileSync(this.abs(rel));
  }

  readJson(rel: string): unknown {
    const decoded = decodeJsonBytes(this.read(rel), rel);
    if (!decoded.ok) throw new PinError(decoded.problem);
    return decoded.value;
  }

  /** Records new content for `rel` (written only by commit). */
  put(rel: string, bytes: Buffer | string): void {
    this.pending.set(rel, Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes, "utf8"));
  }

  /** Every file below `dir` (corpus-relative), sorted, as corpus-relative paths. */
  files(dir: string): string[] {
    const out: string[] = [];
    const visit = (rel: string): void => {
      const abs = this.abs(rel);
      if (!existsSync(abs)) return;
      for (const name of readdirSync(abs).sort()) {
        const child = `${rel}/${name}`;
        if (statSync(this.abs(child)).isDirectory()) visit(child);
        else out.push(child);
      }
    };
    visit(dir);
    for (const rel of this.pending.keys()) if (rel.startsWith(`${dir}/`) && !out.includes(rel)) out.push(rel);
    return out.sort();
  }

  /** Paths whose pending content differs from the disk. */
  changed(): string[] {
    const out: string[] = [];
    for (const [rel, bytes] of this.pending) {
      const abs = this.abs(rel);
      if (!existsSync(abs) || !readFileSync(abs).equals(bytes)) out.push(rel);
    }
    return out.sort();
  }

  /** Writes every changed file; returns their paths. */
  commit(): string[] {
    const changed = this.changed();
    for (const rel of changed) {
      const abs = this.abs(rel);
      mkdirSync(path.dirname(abs), { recursive: true });
      writeFileSync(abs, this.pending.get(rel) as Buffer);
    }
    return changed;
  }
}

/** A corpus problem that stops pinning (unknown reference, cycle, policy violation, ...). */
export class PinError extends Error {
  override readonly name = "PinError";
}
