// Artifacts from local files (ADR 0102): a source_dir becomes a manifest of
// the resource's manifest kind (every regular file below it, sorted by path,
// each with its size, sha256 digest and a media type from its extension);
// its RFC 8785 digest is what the plan shows as manifest_digest. At apply the
// provider starts an upload session, sends only the blobs the host reports
// missing, and commits; no file bytes ever reach state.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { canonicalDigest, fileDigest } from "../../corpus/lib/digest.js";
import type { ArtifactCommitResponse, ArtifactUploadStatus, OperationEnvelope, Unverified } from "../client/wire-types.js";
import type { HostApi } from "./host-api.js";
import { idempotencyKey } from "./idempotency.js";
import { operationError } from "./outcome.js";

export const ARTIFACT_API_VERSION = "artifacts.takoform.com/v1alpha1";
type ManifestKind = "WorkerBundle" | "StaticAssetBundle" | "MigrationBundle";

const MODULE_TYPES: Record<string, string> = {
  ".js": "application/javascript+module",
  ".mjs": "application/javascript+module",
  ".map": "application/source-map+json",
};
const FILE_TYPES: Record<string, string> = {
  ".html": "text/html",
  ".htm": "text/html",
  ".css": "text/css",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".json": "application/json",
  ".txt": "text/plain",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".xml": "application/xml",
  ".webmanifest": "application/manifest+json",
  ".sql": "application/sql",
};

export class ArtifactSourceError extends Error {}

export interface LocalArtifact {
  manifest: Record<string, unknown>;
  digest: string;
  /** sha256 digest -> absolute file path */
  files: Map<string, string>;
}

function walk(dir: string, root: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full, root, out);
    else if (entry.isFile()) out.push(relative(root, full).split(sep).join("/"));
  }
}

function extension(path: string): string {
  const dot = path.lastIndexOf(".");
  return dot < path.lastIndexOf("/") + 1 ? "" : path.slice(dot).toLowerCase();
}

/** The manifest of `kind` for every file below `dir` (relative to `cwd`). */
export function localArtifact(kind: ManifestKind, dir: string, cwd: string = process.cwd()): LocalArtifact {
  const root = join(cwd, dir);
  let paths: string[] = [];
  try {
    if (!statSync(root).isDirectory()) throw new ArtifactSourceError(`${dir} is not a directory`);
    walk(root, root, paths);
  } catch (err) {
    if (err instanceof ArtifactSourceError) throw err;
    throw new ArtifactSourceError(`cannot read ${dir}: ${(err as Error).message}`);
  }
  paths = paths.filter((p) => !p.split("/").some((s) => s.startsWith("."))).sort();
  if (paths.length === 0) throw new ArtifactSourceError(`${dir} holds no files`);
  const files = new Map<string, string>();
  const entries = paths.map((p) => {
    const bytes = readFileSync(join(root, p));
    const digest = fileDigest(bytes);
    files.set(digest, join(root, p));
    const table = kind === "WorkerBundle" ? MODULE_TYPES : FILE_TYPES;
    const mediaType =
      kind === "MigrationBundle"
        ? extension(p) === ".sql"
          ? "application/sql"
          : undefined
        : (table[extension(p)] ?? (kind === "StaticAssetBundle" ? "application/octet-stream" : undefined));
    if (mediaType === undefined) throw new ArtifactSourceError(`${dir}/${p}: a ${kind} cannot carry a ${extension(p) || "extension-less"} file`);
    return { p, mediaType, size: bytes.length, digest };
  });
  let manifest: Record<string, unknown>;
  if (kind === "WorkerBundle") {
    const modules = entries.map((e) => ({ name: e.p, mediaType: e.mediaType, size: e.size, digest: e.digest }));
    const js = modules.filter((m) => m.mediaType === "application/javascript+module").map((m) => m.name);
    const main = ["index.js", "index.mjs"].find((n) => js.includes(n)) ?? (js.length === 1 ? js[0] : undefined);
    if (!main) throw new ArtifactSourceError(`${dir}: no main module (index.js, index.mjs, or exactly one .js/.mjs file)`);
    manifest = { apiVersion: ARTIFACT_API_VERSION, kind, mainModule: main, modules };
  } else {
    manifest = { apiVersion: ARTIFACT_API_VERSION, kind, files: entries.map((e) => ({ path: e.p, mediaType: e.mediaType, size: e.size, digest: e.digest })) };
  }
  return { manifest, digest: canonicalDigest(manifest), files };
}

/** Uploads what the host is missing and commits; returns the committed manifest digest. */
export async function uploadArtifact(api: HostApi, artifact: LocalArtifact): Promise<string> {
  const startBody = { manifest: artifact.manifest };
  const started = await api.http.send("POST", "artifacts/uploads", {
    body: startBody,
    headers: { "idempotency-key": idempotencyKey("POST", "artifacts/uploads", {}, JSON.stringify(startBody)) },
    deadline: api.operationDeadline(),
  });
  const session = started.body as Unverified<ArtifactUploadStatus>;
  if (typeof session.uploadId !== "string") throw new Error("the host started no upload session");
  const missing = Array.isArray(session.missingBlobs)
    ? session.missingBlobs.map((b) => (typeof b === "string" ? b : (b as { digest?: string }).digest))
    : [...artifact.files.keys()];
  for (const digest of missing) {
    const file = digest === undefined ? undefined : artifact.files.get(digest);
    if (!file) throw new Error(`the host asked for blob ${String(digest)}, which the manifest does not name`);
    await api.http.send("PUT", `artifacts/uploads/${session.uploadId}/blobs/${digest}`, { raw: readFileSync(file), deadline: api.operationDeadline() });
  }
  const target = `artifacts/uploads/${session.uploadId}/commit`;
  const headers = { "idempotency-key": idempotencyKey("POST", target, {}, undefined), ...api.preference() };
  const committed = await api.http.send("POST", target, { headers, deadline: api.operationDeadline() });
  const digest =
    committed.status === 202 ? await committedLater(api, committed.body) : (committed.body as Unverified<ArtifactCommitResponse> | undefined)?.manifestDigest;
  if (digest !== artifact.digest) throw new Error(`the host committed ${String(digest)} where ${artifact.digest} was built`);
  return artifact.digest;
}

/**
 * A commit the host accepted (202): follows its operation under the operation timeout and returns
 * the manifest digest the terminal operation names. A terminal error is thrown as the HostError it
 * reports; an interruption or timeout throws, and the apply (which has created nothing yet) can
 * simply be run again: the upload session and its blobs replay by their digests.
 */
async function committedLater(api: HostApi, body: unknown): Promise<unknown> {
  const id = (body as Unverified<OperationEnvelope> | undefined)?.operation?.id;
  if (typeof id !== "string") throw new Error("the host accepted the artifact commit (202) without an operation id");
  const op = await api.operation(id);
  if (op.error) throw operationError(op);
  return op.target?.manifestDigest ?? op.result?.["manifestDigest"];
}
