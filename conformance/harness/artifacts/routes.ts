// The six artifact-transport routes, one raw request each. Answers are validated by the caller
// against the operation table's documents; what they mean is the check's business.

import { createHash, randomBytes } from "node:crypto";
import type { HeaderMap, HostResponse } from "../http.js";
import type { Plane } from "../lifecycle.js";
import { API_PATH, seg } from "../paths.js";

const ARTIFACTS = `${API_PATH}/artifacts`;

export function startUpload(plane: Plane, manifest: unknown, opts: { key?: string; headers?: HeaderMap } = {}): Promise<HostResponse> {
  return plane.send("artifact-upload-start", {
    method: "POST",
    path: `${ARTIFACTS}/uploads`,
    json: { manifest },
    headers: { "idempotency-key": opts.key ?? plane.newKey(), ...(opts.headers ?? {}) },
  });
}

export function putBlob(plane: Plane, uploadId: string, digest: string, bytes: Buffer): Promise<HostResponse> {
  return plane.send("artifact-blob-upload", {
    method: "PUT",
    path: `${ARTIFACTS}/uploads/${seg(uploadId)}/blobs/${digest}`,
    raw: bytes,
    headers: { "content-type": "application/octet-stream" },
  });
}

export function commitUpload(plane: Plane, uploadId: string, opts: { key?: string; headers?: HeaderMap } = {}): Promise<HostResponse> {
  return plane.send("artifact-commit", {
    method: "POST",
    path: `${ARTIFACTS}/uploads/${seg(uploadId)}/commit`,
    headers: { "idempotency-key": opts.key ?? plane.newKey(), ...(opts.headers ?? {}) },
  });
}

export function abandonUpload(plane: Plane, uploadId: string, key: string = plane.newKey()): Promise<HostResponse> {
  return plane.send("artifact-upload-abandon", { method: "DELETE", path: `${ARTIFACTS}/uploads/${seg(uploadId)}`, headers: { "idempotency-key": key } });
}

export function readManifest(plane: Plane, manifestDigest: string): Promise<HostResponse> {
  return plane.send("artifact-manifest-read", { method: "GET", path: `${ARTIFACTS}/${manifestDigest}` });
}

export function headBlob(plane: Plane, digest: string): Promise<HostResponse> {
  return plane.send("artifact-blob-head", { method: "HEAD", path: `${ARTIFACTS}/blobs/${digest}` });
}

/** A well-formed upload id of the reference grammar that no host issued. */
export function unknownUploadId(): string {
  return `up_conformance-never-issued-${randomBytes(12).toString("hex")}`;
}

/** The sha256 digest of fresh random bytes: a content address nothing holds. */
export function unknownDigest(): string {
  return `sha256:${createHash("sha256").update(randomBytes(32)).digest("hex")}`;
}
