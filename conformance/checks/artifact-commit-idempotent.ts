// Artifact transport: committing an already-committed manifest is idempotent and answers the same
// digest — a retry of the commit under its Idempotency-Key replays the recorded answer, a fresh
// commit of the same session answers the same digest, and a new session for the same manifest
// finds nothing missing and commits to the same identity. The other polarity: the key is bound to
// its request, so the same key on another session's commit is invalid_argument and commits nothing.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectStatus } from "../harness/assert.js";
import {
  commitSession,
  commitUpload,
  committedDigest,
  expectBlobHeld,
  expectBlobNotHeld,
  expectManifestHeld,
  expectManifestMissing,
  openSession,
  probeBundle,
  putBlobs,
  unknownDigest,
} from "../harness/artifacts/index.js";

export default defineCheck("committing a committed manifest answers the same digest; a commit key is bound to its session", async (ctx) => {
  const art = probeBundle(ctx, ["fetch"]);
  const session = await openSession(ctx.primary, art, "upload of a fresh bundle");
  await putBlobs(ctx.primary, session, art, session.missingBlobs, "upload of a fresh bundle");
  const key = ctx.names.key();
  const first = await commitUpload(ctx.primary, session.uploadId, { key });
  expectStatus(first, [200, 201, 202], "first commit");
  const { digest } = await committedDigest(ctx.primary, first, "first commit");
  expectEqual(digest, art.digest, "committed manifestDigest (the RFC 8785 digest of the manifest)");

  const replay = await commitUpload(ctx.primary, session.uploadId, { key });
  expectEqual(replay.status, first.status, "status of the commit retried under its key");
  expectEqual(replay.text, first.text, "body of the commit retried under its key (bytes)");

  expectEqual(await commitSession(ctx.primary, session, art, "second commit of the same session under a new key"), digest, "digest of the second commit");

  const again = await openSession(ctx.primary, art, "a new session for the committed manifest");
  expectEqual(again.missingBlobs, [], "missingBlobs of a new session for a manifest the tenant committed");
  expectEqual(await commitSession(ctx.primary, again, art, "commit of the new session"), digest, "digest of the new session's commit");
  await expectManifestHeld(ctx.primary, digest, art.manifest, "the manifest after three commits");
  for (const blob of art.blobs.keys()) await expectBlobHeld(ctx.primary, blob, "HEAD of a committed manifest's blob");
  await expectBlobNotHeld(ctx.primary, unknownDigest(), "HEAD of a blob nobody uploaded");

  const other = probeBundle(ctx, ["fetch"]);
  const otherSession = await openSession(ctx.primary, other, "upload of a second fresh bundle");
  await putBlobs(ctx.primary, otherSession, other, otherSession.missingBlobs, "upload of a second fresh bundle");
  expectError(
    await commitUpload(ctx.primary, otherSession.uploadId, { key }),
    "invalid_argument",
    "the first commit's Idempotency-Key on another session's commit",
  );
  await expectManifestMissing(ctx.primary, other.digest, "the commit refused for its reused key committed nothing");
  const otherDigest = await commitSession(ctx.primary, otherSession, other, "the second session under its own key");
  return `the retried commit replayed byte-for-byte; a second commit and a new session both answered ${digest}; the key reused on another session was invalid_argument with nothing committed, which then committed ${otherDigest} under its own key`;
});
