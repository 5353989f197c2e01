// What a caller's tenant holds. GET {api}/artifacts/{manifestDigest} answers the manifest only to
// a tenant holding it (artifact_missing otherwise), HEAD {api}/artifacts/blobs/{sha256} answers 200
// only to a tenant holding the blob (404 otherwise).

import { canonicalDigest } from "../../../corpus/lib/index.js";
import { expectEqual, expectError, fail } from "../assert.js";
import { describeResponse, type HostResponse } from "../http.js";
import type { Plane } from "../lifecycle.js";
import { headBlob, readManifest } from "./routes.js";

/** The manifest is readable and is exactly `manifest` (its canonical digest is the address). */
export async function expectManifestHeld(plane: Plane, digest: string, manifest: unknown, what: string): Promise<HostResponse> {
  const res = await readManifest(plane, digest);
  if (res.status !== 200) fail(`${what}: expected ${plane.label} to read manifest ${digest}, got ${describeResponse(res)}`);
  expectEqual(canonicalDigest(res.body), digest, `${what}: canonical digest of the manifest read back`);
  expectEqual(res.body, manifest, `${what}: manifest read back`);
  return res;
}

export async function expectManifestMissing(plane: Plane, digest: string, what: string): Promise<HostResponse> {
  const res = await readManifest(plane, digest);
  expectError(res, "artifact_missing", `${what} (${plane.label} reading ${digest})`);
  return res;
}

export async function expectBlobHeld(plane: Plane, digest: string, what: string): Promise<void> {
  const res = await headBlob(plane, digest);
  if (res.status !== 200) fail(`${what}: expected HEAD of blob ${digest} by ${plane.label} to answer 200, got HTTP ${res.status}`);
}

export async function expectBlobNotHeld(plane: Plane, digest: string, what: string): Promise<HostResponse> {
  const res = await headBlob(plane, digest);
  if (res.status !== 404) fail(`${what}: expected HEAD of blob ${digest} by ${plane.label} to answer 404, got HTTP ${res.status}`);
  return res;
}
