// Artifacts the runner builds itself: a manifest in the artifact-transport format plus the bytes
// of its entries. Every check salts its bytes with a key of its own, so no blob it uploads was
// ever held by anyone before (holding is per tenant, and a blob left by an earlier run would
// answer "already held"). Hand-made manifests (the invalid ones) go through artifactFrom.

import { canonicalDigest, fileDigest } from "../../../corpus/lib/index.js";
import { probeModule } from "../artifacts.js";
import type { CheckContext } from "../context.js";
import { pinnedArtifact, type PinnedArtifactName } from "../aggregate/pinned-artifacts.js";

export const ARTIFACT_API_VERSION = "artifacts.takoform.com/v1alpha1";
export const JS_MODULE = "application/javascript+module";
export const SOURCE_MAP = "application/source-map+json";
export const SQL = "application/sql";

export interface Artifact {
  manifest: Record<string, unknown>;
  /** The bytes the runner can supply, by their sha256 digest. */
  blobs: Map<string, Buffer>;
  /** The RFC 8785 canonical digest of the manifest: what a commit must answer. */
  digest: string;
}

export interface ModuleInput {
  name: string;
  mediaType: string;
  bytes: Buffer;
}

export interface FileInput {
  path: string;
  mediaType: string;
  bytes: Buffer;
}

export function artifactFrom(manifest: Record<string, unknown>, blobs: readonly Buffer[]): Artifact {
  return { manifest, blobs: new Map(blobs.map((b) => [fileDigest(b), b])), digest: canonicalDigest(manifest) };
}

export function entryOf(bytes: Buffer): { size: number; digest: string } {
  return { size: bytes.length, digest: fileDigest(bytes) };
}

export function workerBundle(mainModule: string, modules: readonly ModuleInput[]): Artifact {
  return artifactFrom(
    {
      apiVersion: ARTIFACT_API_VERSION,
      kind: "WorkerBundle",
      mainModule,
      modules: modules.map((m) => ({ name: m.name, mediaType: m.mediaType, ...entryOf(m.bytes) })),
    },
    modules.map((m) => m.bytes),
  );
}

export function fileBundle(kind: "StaticAssetBundle" | "MigrationBundle", files: readonly FileInput[]): Artifact {
  return artifactFrom(
    { apiVersion: ARTIFACT_API_VERSION, kind, files: files.map((f) => ({ path: f.path, mediaType: f.mediaType, ...entryOf(f.bytes) })) },
    files.map((f) => f.bytes),
  );
}

/** Fresh bytes no one uploaded before: `label` plus a key of the check's own. */
export function freshBytes(ctx: CheckContext, label: string): Buffer {
  return Buffer.from(`${label} ${ctx.names.key()}\n`, "utf8");
}

/** A one-module WorkerBundle whose default export defines exactly `handlers`; its bytes are fresh. */
export function probeBundle(ctx: CheckContext, handlers: readonly string[]): Artifact {
  return workerBundle("index.js", [{ name: "index.js", mediaType: JS_MODULE, bytes: probeModule([...handlers], ctx.names.key()) }]);
}

/** A StaticAssetBundle of fresh bytes with an index.html. */
export function probeAssets(ctx: CheckContext): Artifact {
  return fileBundle("StaticAssetBundle", [
    { path: "index.html", mediaType: "text/html", bytes: freshBytes(ctx, "<!doctype html><title>conformance</title>") },
    { path: "assets/site.css", mediaType: "text/css", bytes: freshBytes(ctx, "/* conformance */") },
  ]);
}

/** A pinned corpus artifact (corpus/artifacts/<name>) as an Artifact. */
export function pinned(ctx: CheckContext, name: string): Artifact {
  // The pinned-artifact reader takes any directory under corpus/artifacts; its name type lists the
  // ones the aggregate checks use.
  const p = pinnedArtifact(ctx, name as PinnedArtifactName);
  return artifactFrom(structuredClone(p.manifest), p.blobs);
}
