// The manifest digest a bundle-shaped desired state names, obtained the way an author would:
// the pinned artifact is uploaded through the artifact routes (start, PUT every missing blob,
// commit) so the caller's tenant holds it. A host that does not serve the artifact routes at all
// (no route: resource_not_found on upload start) is given the pinned digest as it stands, which is
// what such a host resolves from the pins it ships (docs/decisions/0080).

import { expectEqual, expectStatus, fail } from "../assert.js";
import type { CheckContext } from "../context.js";
import { describeResponse, errorOf } from "../http.js";
import type { Plane } from "../lifecycle.js";
import { API_PATH, seg } from "../paths.js";
import { fileDigest } from "../../../corpus/lib/index.js";
import { pinnedArtifact, type PinnedArtifactName } from "./pinned-artifacts.js";

export interface ArtifactReference {
  manifestDigest: string;
  /** "uploaded" through the artifact routes, or "pinned" (the host serves no artifact route). */
  via: "uploaded" | "pinned";
}

export async function pinnedManifestDigest(ctx: CheckContext, plane: Plane, name: PinnedArtifactName): Promise<ArtifactReference> {
  const artifact = pinnedArtifact(ctx, name);
  const start = await plane.send("artifact-upload-start", {
    method: "POST",
    path: `${API_PATH}/artifacts/uploads`,
    json: { manifest: artifact.manifest },
    headers: { "idempotency-key": plane.newKey() },
  });
  if (start.status === 404 && errorOf(start)?.code === "resource_not_found") {
    return { manifestDigest: artifact.manifestDigest, via: "pinned" };
  }
  expectStatus(start, [200, 201], `upload start of the pinned artifact ${name}`);
  const status = start.body as { uploadId: string; missingBlobs: string[] };
  const byDigest = new Map(artifact.blobs.map((b) => [fileDigest(b), b]));
  for (const digest of status.missingBlobs) {
    const bytes = byDigest.get(digest);
    if (!bytes) fail(`upload of ${name}: the host asked for blob ${digest}, which the manifest does not list`);
    const put = await plane.send("artifact-blob-upload", {
      method: "PUT",
      path: `${API_PATH}/artifacts/uploads/${seg(status.uploadId)}/blobs/${digest}`,
      raw: bytes,
      headers: { "content-type": "application/octet-stream" },
    });
    expectStatus(put, [201, 204], `upload of blob ${digest} of ${name}`);
  }
  const commit = await plane.settle(
    await plane.send("artifact-commit", {
      method: "POST",
      path: `${API_PATH}/artifacts/uploads/${seg(status.uploadId)}/commit`,
      headers: { "idempotency-key": plane.newKey() },
    }),
  );
  if (commit.status !== 200 && commit.status !== 201) fail(`commit of the pinned artifact ${name}: expected HTTP 200 or 201, got ${describeResponse(commit)}`);
  const digest = (commit.body as { manifestDigest: string }).manifestDigest;
  expectEqual(digest, artifact.manifestDigest, `committed manifestDigest of ${name} (RFC 8785 digest of the pinned manifest)`);
  return { manifestDigest: digest, via: "uploaded" };
}
