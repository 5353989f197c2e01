// Content-addressed artifact upload, spoken black-box: start a session with a manifest, PUT
// every missing blob, commit, and get the manifest digest a bundle-shaped desired state names.
// The runner's probe bundles are its own small modules, so no host-served bytes are trusted.

import { canonicalDigest, fileDigest } from "../../corpus/lib/index.js";
import { expectEqual, expectStatus } from "./assert.js";
import type { Plane } from "./lifecycle.js";
import { API_PATH, seg } from "./paths.js";

export interface BundleModule {
  name: string;
  mediaType: string;
  bytes: Buffer;
}

export interface WorkerBundleManifest {
  apiVersion: "artifacts.takoform.com/v1alpha1";
  kind: "WorkerBundle";
  mainModule: string;
  modules: { name: string; mediaType: string; size: number; digest: string }[];
}

/** An ES module whose default export defines exactly `handlers`; `salt` makes its bytes unique. */
export function probeModule(handlers: string[], salt: string): Buffer {
  const members = handlers.map((h) => `  async ${h}() { return ${h === "fetch" ? 'new Response("conformance probe")' : "undefined"}; },`);
  return Buffer.from(`// takoform conformance probe ${salt}\nexport default {\n${members.join("\n")}\n};\n`, "utf8");
}

export function workerBundleManifest(modules: BundleModule[], mainModule: string): WorkerBundleManifest {
  return {
    apiVersion: "artifacts.takoform.com/v1alpha1",
    kind: "WorkerBundle",
    mainModule,
    modules: modules.map((m) => ({ name: m.name, mediaType: m.mediaType, size: m.bytes.length, digest: fileDigest(m.bytes) })),
  };
}

/** Uploads and commits a manifest and its blobs; returns the committed manifest digest. */
export async function uploadManifest(p: Plane, manifest: object, blobs: Buffer[]): Promise<string> {
  const start = await p.send("artifact-upload-start", {
    method: "POST",
    path: `${API_PATH}/artifacts/uploads`,
    json: { manifest },
    headers: { "idempotency-key": p.newKey() },
  });
  expectStatus(start, [200, 201], "artifact upload start");
  const status = start.body as { uploadId: string; missingBlobs: string[] };
  const byDigest = new Map(blobs.map((b) => [fileDigest(b), b]));
  for (const digest of status.missingBlobs) {
    const bytes = byDigest.get(digest);
    if (!bytes) continue;
    const put = await p.send("artifact-blob-upload", {
      method: "PUT",
      path: `${API_PATH}/artifacts/uploads/${seg(status.uploadId)}/blobs/${digest}`,
      raw: bytes,
      headers: { "content-type": "application/octet-stream" },
    });
    expectStatus(put, [201, 204], `upload of blob ${digest}`);
  }
  const commit = await p.settle(
    await p.send("artifact-commit", {
      method: "POST",
      path: `${API_PATH}/artifacts/uploads/${seg(status.uploadId)}/commit`,
      headers: { "idempotency-key": p.newKey() },
    }),
  );
  expectStatus(commit, [200, 201], "artifact commit");
  const digest = (commit.body as { manifestDigest: string }).manifestDigest;
  expectEqual(digest, canonicalDigest(manifest), "committed manifestDigest (RFC 8785 digest of the manifest)");
  return digest;
}

/** Uploads a one-module WorkerBundle exporting `handlers`; returns its manifest digest. */
export async function uploadProbeBundle(p: Plane, handlers: string[], salt: string): Promise<string> {
  const bytes = probeModule(handlers, salt);
  const manifest = workerBundleManifest([{ name: "index.js", mediaType: "application/javascript+module", bytes }], "index.js");
  return uploadManifest(p, manifest, [bytes]);
}
