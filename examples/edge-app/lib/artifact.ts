// Local files -> an artifact manifest (artifacts.takoform.com/v1alpha1) and its canonical
// digest, computed at synth time. The digest is what a WorkerBundle, StaticAssetBundle or
// SQLiteMigrationSet names; lib/upload.ts puts the same bytes on the host.
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import canonicalize from "canonicalize";

export type ArtifactKind = "WorkerBundle" | "StaticAssetBundle" | "MigrationBundle";

export interface ManifestEntry {
  mediaType: string;
  size: number;
  digest: string;
}

export interface Artifact {
  kind: ArtifactKind;
  /** The manifest exactly as uploaded. */
  manifest: Record<string, unknown>;
  /** sha256 of the RFC 8785 form of the manifest: what desired state refers to. */
  manifestDigest: string;
  /** The first 12 hex digits of manifestDigest: short enough for a resource name. */
  shortDigest: string;
  /** Blob digest -> the local file holding its bytes. */
  blobs: Map<string, string>;
}

const MEDIA_TYPES: Record<string, string> = {
  ".js": "application/javascript+module",
  ".mjs": "application/javascript+module",
  ".map": "application/source-map+json",
  ".wasm": "application/wasm",
  ".html": "text/html",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".txt": "text/plain",
  ".sql": "application/sql",
};

const sha256 = (bytes: Uint8Array | string): string => "sha256:" + createHash("sha256").update(bytes).digest("hex");

/** Every file below dir, as forward-slash paths relative to it, in code-point order. */
function listFiles(dir: string, prefix = ""): string[] {
  return readdirSync(path.join(dir, prefix))
    .sort()
    .flatMap((name) => {
      const rel = prefix === "" ? name : `${prefix}/${name}`;
      return statSync(path.join(dir, rel)).isDirectory() ? listFiles(dir, rel) : [rel];
    });
}

function entryOf(dir: string, rel: string, blobs: Map<string, string>, mediaType?: string): ManifestEntry {
  const file = path.join(dir, rel);
  const bytes = readFileSync(file);
  const type = mediaType ?? MEDIA_TYPES[path.extname(rel)] ?? "application/octet-stream";
  const digest = sha256(bytes);
  blobs.set(digest, file);
  return { mediaType: type, size: bytes.length, digest };
}

function finish(kind: ArtifactKind, manifest: Record<string, unknown>, blobs: Map<string, string>): Artifact {
  const text = canonicalize(manifest);
  if (text === undefined) throw new Error("manifest is not canonicalizable");
  const manifestDigest = sha256(text);
  return { kind, manifest, manifestDigest, shortDigest: manifestDigest.slice(7, 19), blobs };
}

/** A WorkerBundle from every .js module below dir; mainModule is the entry point. */
export function workerBundle(dir: string, mainModule = "index.js"): Artifact {
  const blobs = new Map<string, string>();
  const modules = listFiles(dir).map((name) => ({ name, ...entryOf(dir, name, blobs) }));
  const manifest = { apiVersion: "artifacts.takoform.com/v1alpha1", kind: "WorkerBundle", mainModule, modules };
  return finish("WorkerBundle", manifest, blobs);
}

/** A StaticAssetBundle from every file below dir (index.html at its root for a single-page app). */
export function staticAssets(dir: string): Artifact {
  const blobs = new Map<string, string>();
  const files = listFiles(dir).map((p) => ({ path: p, ...entryOf(dir, p, blobs) }));
  const manifest = { apiVersion: "artifacts.takoform.com/v1alpha1", kind: "StaticAssetBundle", files };
  return finish("StaticAssetBundle", manifest, blobs);
}

/** A MigrationBundle from the .sql files of dir, applied in file-name order. */
export function migrations(dir: string): Artifact {
  const blobs = new Map<string, string>();
  const files = listFiles(dir)
    .filter((p) => p.endsWith(".sql"))
    .map((p) => ({ path: p, ...entryOf(dir, p, blobs, "application/sql") }));
  const manifest = { apiVersion: "artifacts.takoform.com/v1alpha1", kind: "MigrationBundle", files };
  return finish("MigrationBundle", manifest, blobs);
}
