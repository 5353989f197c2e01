// Upload sessions are owned: continuing (PUT of a blob), committing, and abandoning an upload id
// from another principal of the same tenant or from another tenant all fail artifact_missing (404)
// exactly as an id that never existed does. None of it touches the session: the foreign PUT leaves
// the foreign tenant holding nothing, the foreign abandon abandons nothing, and the owner still
// completes and commits. The owner's own abandon works, after which the id answers like any other.

import { defineCheck } from "../check.js";
import { expectError, expectStatus } from "../harness/assert.js";
import {
  abandonUpload,
  commitSession,
  commitUpload,
  expectBlobNotHeld,
  expectManifestMissing,
  openSession,
  probeBundle,
  putBlob,
  putBlobs,
  unknownUploadId,
  type Artifact,
  type Session,
} from "../harness/artifacts/index.js";
import type { HostResponse } from "../harness/http.js";
import type { Plane } from "../harness/lifecycle.js";
import { expectIndistinguishable } from "../harness/refusal.js";

async function expectForeignRefused(foreign: Plane, session: Session, art: Artifact, what: string): Promise<void> {
  const unknown = unknownUploadId();
  const [digest, bytes] = [...art.blobs][0]!;
  const attempts: [string, () => Promise<HostResponse>, () => Promise<HostResponse>][] = [
    ["PUT of a blob", () => putBlob(foreign, session.uploadId, digest, bytes), () => putBlob(foreign, unknown, digest, bytes)],
    ["commit", () => commitUpload(foreign, session.uploadId), () => commitUpload(foreign, unknown)],
    ["abandon", () => abandonUpload(foreign, session.uploadId), () => abandonUpload(foreign, unknown)],
  ];
  for (const [step, real, never] of attempts) {
    const a = await real();
    expectError(a, "artifact_missing", `${step} of ${what} by ${foreign.label}`);
    const b = await never();
    expectIndistinguishable(a, [session.uploadId], b, [unknown], `${step} by ${foreign.label}: ${what} versus an upload id nobody issued`);
  }
}

export default defineCheck("an upload id answers only the principal that started it; anyone else gets the unknown-id artifact_missing", async (ctx) => {
  const art = probeBundle(ctx, ["fetch"]);
  const session = await openSession(ctx.primary, art, "the owner's upload");
  for (const foreign of [ctx.peer, ctx.stranger]) await expectForeignRefused(foreign, session, art, "the owner's open session");
  for (const digest of art.blobs.keys()) await expectBlobNotHeld(ctx.stranger, digest, "the other tenant after its refused PUT");
  await expectManifestMissing(ctx.primary, art.digest, "the foreign commits committed nothing");

  await putBlobs(ctx.primary, session, art, session.missingBlobs, "the owner continuing after the foreign attempts");
  const digest = await commitSession(ctx.primary, session, art, "the owner's commit after the foreign abandons");
  for (const foreign of [ctx.peer, ctx.stranger]) await expectForeignRefused(foreign, session, art, "the owner's committed session");

  const dropped = probeBundle(ctx, ["fetch"]);
  const own = await openSession(ctx.primary, dropped, "an upload the owner abandons");
  expectStatus(await abandonUpload(ctx.primary, own.uploadId), 204, "the owner's abandon of its own session");
  const [d, bytes] = [...dropped.blobs][0]!;
  expectError(await putBlob(ctx.primary, own.uploadId, d, bytes), "artifact_missing", "PUT into the abandoned session");
  expectError(await commitUpload(ctx.primary, own.uploadId), "artifact_missing", "commit of the abandoned session");
  const unknown = unknownUploadId();
  expectIndistinguishable(
    await abandonUpload(ctx.primary, own.uploadId),
    [own.uploadId],
    await abandonUpload(ctx.primary, unknown),
    [unknown],
    "a second abandon of the abandoned session versus an id nobody issued",
  );
  await expectManifestMissing(ctx.primary, dropped.digest, "the abandoned upload committed nothing");
  return `PUT, commit and abandon by the tenant's other principal and by another tenant were artifact_missing, indistinguishable from an unissued id, before and after the commit; the owner completed and committed ${digest}; its own abandon ended the session`;
});
