// Artifact transport: the size a manifest declares is part of what a commit binds. Bytes whose
// length differs from the declared size are refused artifact_invalid (400) with nothing committed —
// also when the tenant already holds the blob and nothing is uploaded in the session, so a commit
// re-verifies held bytes instead of trusting the manifest (a declared size also feeds the
// aggregate-byte ceiling). The manifest declaring the true size commits.

import { defineCheck } from "../check.js";
import { expectEqual } from "../harness/assert.js";
import {
  ARTIFACT_API_VERSION,
  artifactFrom,
  expectManifestHeld,
  expectUploadRefused,
  fileBundle,
  freshBytes,
  openSession,
  upload,
  type Artifact,
} from "../harness/artifacts/index.js";
import { fileDigest } from "../../corpus/lib/index.js";

export default defineCheck("a commit binds every entry's declared size: bytes of another length are artifact_invalid, held or not", async (ctx) => {
  const bytes = freshBytes(ctx, "a conformance asset whose length is known exactly");
  const digest = fileDigest(bytes);
  const declaring = (size: number, path = "asset.txt"): Artifact =>
    artifactFrom({ apiVersion: ARTIFACT_API_VERSION, kind: "StaticAssetBundle", files: [{ path, mediaType: "text/plain", size, digest }] }, [bytes]);

  const before: [string, Artifact][] = [
    ["one byte more than the bytes have", declaring(bytes.length + 1)],
    ["one byte fewer than the bytes have", declaring(bytes.length - 1)],
    ["zero bytes", declaring(0)],
  ];
  for (const [label, art] of before) await expectUploadRefused(ctx.primary, art, "artifact_invalid", `a manifest declaring ${label} for a blob nobody held`);

  const truthful = fileBundle("StaticAssetBundle", [{ path: "asset.txt", mediaType: "text/plain", bytes }]);
  const committed = await upload(ctx.primary, truthful, "the manifest declaring the true size");
  await expectManifestHeld(ctx.primary, committed, truthful.manifest, "the truthful manifest");

  const lying = declaring(bytes.length + 7, "renamed.txt");
  const session = await openSession(ctx.primary, lying, "a manifest lying about the size of a blob the tenant holds");
  expectEqual(session.missingBlobs, [], "missingBlobs of a manifest naming only a blob the tenant holds");
  const held: [string, Artifact][] = [
    ["seven bytes more than the held blob", lying],
    ["one byte fewer than the held blob", declaring(bytes.length - 1, "renamed.txt")],
  ];
  for (const [label, art] of held) await expectUploadRefused(ctx.primary, art, "artifact_invalid", `a manifest declaring ${label} (nothing to upload)`);
  const renamed = fileBundle("StaticAssetBundle", [{ path: "renamed.txt", mediaType: "text/plain", bytes }]);
  await upload(ctx.primary, renamed, "the held blob under another path with its true size");
  return `declared sizes off by +1, -1 and to 0 were artifact_invalid before the blob was held, and +7 and -1 after it was held with nothing uploaded; the true size committed ${committed} and a renamed entry committed too`;
});
