// The conformance artifacts the corpus pins as bytes (corpus/artifacts/<group>/<name>/): a
// manifest.json in the artifact-transport format and the files it lists. The runner reads them
// from the pinned corpus it was given, recomputes every file's size and sha256 against the
// manifest, and takes the manifest digest as the RFC 8785 digest of the manifest document,
// which is what a committed upload answers and what a bundle-shaped desired state names.

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { canonicalDigest, corpusRoot, fileDigest, parseIJson } from "../../../corpus/lib/index.js";
import type { CheckContext } from "../context.js";
import { CorpusGap } from "../corpus.js";

/** The artifacts the checks of the Worker aggregate use, by their corpus directory. */
export type PinnedArtifactName = "worker-bundles/fetch-only" | "worker-bundles/all-handlers" | "static-assets/with-index" | "static-assets/without-index";

export interface PinnedArtifact {
  name: PinnedArtifactName;
  /** WorkerBundle, StaticAssetBundle, MigrationBundle. */
  kind: string;
  manifest: Record<string, unknown>;
  /** RFC 8785 digest of the manifest document. */
  manifestDigest: string;
  /** The bytes of every listed file, in manifest order. */
  blobs: Buffer[];
  /** The relative paths (or module names) the manifest lists, in order. */
  paths: string[];
}

const cache = new Map<string, PinnedArtifact>();

/** Where the pinned artifacts live: the first corpus directory holding artifacts/, else this project's corpus. */
function artifactsRoot(ctx: CheckContext): string {
  for (const dir of ctx.corpus.dirs) {
    const candidate = path.join(dir, "artifacts");
    if (existsSync(candidate)) return candidate;
  }
  return path.join(corpusRoot(), "artifacts");
}

export function pinnedArtifact(ctx: CheckContext, name: PinnedArtifactName): PinnedArtifact {
  const dir = path.join(artifactsRoot(ctx), name);
  const hit = cache.get(dir);
  if (hit) return hit;
  const manifestFile = path.join(dir, "manifest.json");
  if (!existsSync(manifestFile)) throw new CorpusGap(`no pinned artifact ${name} (${manifestFile} is missing)`);
  const decoded = parseIJson(readFileSync(manifestFile));
  if (!decoded.ok) throw new CorpusGap(`${manifestFile}: ${decoded.message}`);
  const manifest = decoded.value as Record<string, unknown>;
  const entries = (Array.isArray(manifest["modules"]) ? manifest["modules"] : manifest["files"]) as
    { name?: string; path?: string; size: number; digest: string }[] | undefined;
  if (!Array.isArray(entries) || typeof manifest["kind"] !== "string") throw new CorpusGap(`${manifestFile}: not an artifact manifest`);
  const blobs: Buffer[] = [];
  const paths: string[] = [];
  for (const entry of entries) {
    const rel = entry.name ?? entry.path;
    if (typeof rel !== "string") throw new CorpusGap(`${manifestFile}: an entry names no file`);
    const bytes = readFileSync(path.join(dir, rel));
    if (bytes.length !== entry.size || fileDigest(bytes) !== entry.digest) {
      throw new CorpusGap(
        `${name}/${rel}: the bytes do not match the manifest (size ${bytes.length} vs ${entry.size}, digest ${fileDigest(bytes)} vs ${entry.digest})`,
      );
    }
    blobs.push(bytes);
    paths.push(rel);
  }
  const artifact: PinnedArtifact = { name, kind: manifest["kind"], manifest, manifestDigest: canonicalDigest(manifest), blobs, paths };
  cache.set(dir, artifact);
  return artifact;
}

/** The main module's handler exports the corpus README pins for each WorkerBundle artifact. */
export const PINNED_BUNDLE_EXPORTS: Record<"worker-bundles/fetch-only" | "worker-bundles/all-handlers", readonly string[]> = {
  "worker-bundles/fetch-only": ["fetch"],
  "worker-bundles/all-handlers": ["fetch", "scheduled", "queue"],
};
