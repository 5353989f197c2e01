// Locates the corpus/ directory of this checkout.
//
// This module lives at <repo>/corpus/lib/root.ts when run from source (vitest, tsx) and at
// <repo>/dist/corpus/lib/root.js after `npm run build`. In both cases the answer is <repo>/corpus,
// because the JSON data is never copied into dist/.

import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

let cached: string | undefined;

/** Absolute path of the repository's corpus/ directory. */
export function corpusRoot(): string {
  if (cached !== undefined) return cached;
  const libDir = path.dirname(fileURLToPath(import.meta.url));
  const corpusDir = path.dirname(libDir);
  const above = path.dirname(corpusDir);
  // Built layout: <repo>/dist/corpus/lib -> <repo>/corpus.
  if (path.basename(above) === "dist") {
    const fromDist = path.join(path.dirname(above), "corpus");
    if (existsSync(fromDist)) {
      cached = fromDist;
      return cached;
    }
  }
  cached = corpusDir;
  return cached;
}

/** Absolute path of the repository root (the directory holding corpus/). */
export function repoRoot(): string {
  return path.dirname(corpusRoot());
}
