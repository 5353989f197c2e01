// Artifact transport: a commit naming a blob that was never uploaded fails artifact_missing (404)
// and commits nothing; repeating the start with the same manifest reports exactly the blobs still
// missing (uploads are resumable), and once they arrive the same session commits the manifest.

import { defineCheck } from "../check.js";
import { expectEqual, expectError } from "../harness/assert.js";
import {
  commitSession,
  commitUpload,
  expectManifestHeld,
  expectManifestMissing,
  freshBytes,
  JS_MODULE,
  openSession,
  putBlobs,
  workerBundle,
} from "../harness/artifacts/index.js";
import { probeModule } from "../harness/artifacts.js";

export default defineCheck("a commit missing a blob is artifact_missing and commits nothing; the resumed upload commits", async (ctx) => {
  const main = probeModule(["fetch"], ctx.names.key());
  const text = freshBytes(ctx, "conformance text module");
  const data = freshBytes(ctx, "conformance data module");
  const art = workerBundle("index.js", [
    { name: "index.js", mediaType: JS_MODULE, bytes: main },
    { name: "lib/words.txt", mediaType: "text/plain", bytes: text },
    { name: "lib/data.bin", mediaType: "application/octet-stream", bytes: data },
  ]);
  const [mainDigest, textDigest, dataDigest] = [...art.blobs.keys()] as [string, string, string];

  const session = await openSession(ctx.primary, art, "upload of a fresh three-module bundle");
  expectEqual([...session.missingBlobs].sort(), [mainDigest, textDigest, dataDigest].sort(), "missingBlobs of a manifest whose bytes nobody uploaded");
  await putBlobs(ctx.primary, session, art, [mainDigest], "upload of the main module only");

  expectError(await commitUpload(ctx.primary, session.uploadId), "artifact_missing", "commit with two blobs never uploaded");
  await expectManifestMissing(ctx.primary, art.digest, "the refused commit committed nothing");

  const resumed = await openSession(ctx.primary, art, "repeated start with the same manifest");
  expectEqual([...resumed.missingBlobs].sort(), [textDigest, dataDigest].sort(), "missingBlobs of the repeated start (only what is still missing)");
  await putBlobs(ctx.primary, session, art, [textDigest], "upload of the text module");
  expectError(await commitUpload(ctx.primary, session.uploadId), "artifact_missing", "commit with one blob still missing");
  await expectManifestMissing(ctx.primary, art.digest, "the second refused commit committed nothing");

  await putBlobs(ctx.primary, session, art, [dataDigest], "upload of the last blob");
  const digest = await commitSession(ctx.primary, session, art, "commit once every blob arrived");
  await expectManifestHeld(ctx.primary, digest, art.manifest, "the manifest after the commit");
  return `commits missing two and then one blob were artifact_missing with nothing readable; the repeated start reported exactly the still-missing blobs; the complete upload committed ${digest}`;
});
