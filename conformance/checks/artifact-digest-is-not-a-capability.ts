// A content address is not a capability: GET {api}/artifacts/{manifestDigest} and HEAD
// {api}/artifacts/blobs/{sha256} answer only a caller whose TENANT holds the address; another
// tenant gets artifact_missing (404) / 404, exactly as for a digest that does not exist, and
// missingBlobs is answered per tenant. The same tenant's other principal holds what its tenant
// holds. A second tenant supplying the same bytes reaches the same immutable identity, and neither
// tenant's abandon takes the bytes from the other.

import { defineCheck } from "../check.js";
import { expectEqual, fail } from "../harness/assert.js";
import {
  abandonUpload,
  commitSession,
  expectBlobHeld,
  expectBlobNotHeld,
  expectManifestHeld,
  expectManifestMissing,
  freshBytes,
  openSession,
  probeBundle,
  putBlobs,
  unknownDigest,
  upload,
  workerBundle,
  JS_MODULE,
} from "../harness/artifacts/index.js";
import { expectIndistinguishable } from "../harness/refusal.js";

export default defineCheck(
  "manifest reads, blob probes and missingBlobs answer per tenant; two tenants holding one digest keep it independently",
  async (ctx) => {
    const art = probeBundle(ctx, ["fetch"]);
    const [blob] = [...art.blobs.keys()] as [string];
    const digest = await upload(ctx.primary, art, "the primary tenant's upload");

    const primaryRead = await expectManifestHeld(ctx.primary, digest, art.manifest, "the uploading principal");
    await expectManifestHeld(ctx.peer, digest, art.manifest, "the same tenant's other principal");
    await expectBlobHeld(ctx.primary, blob, "the uploading principal");
    await expectBlobHeld(ctx.peer, blob, "the same tenant's other principal");

    const never = unknownDigest();
    const foreignRead = await expectManifestMissing(ctx.stranger, digest, "another tenant reading an existing manifest");
    expectIndistinguishable(
      foreignRead,
      [digest],
      await expectManifestMissing(ctx.stranger, never, "another tenant reading a digest nobody has"),
      [never],
      "another tenant's manifest read: existing versus nonexistent digest",
    );
    const foreignHead = await expectBlobNotHeld(ctx.stranger, blob, "another tenant probing an existing blob");
    const neverHead = await expectBlobNotHeld(ctx.stranger, never, "another tenant probing a blob nobody has");
    for (const h of ["content-type", "content-length"])
      if (foreignHead.headers[h] !== neverHead.headers[h]) fail(`another tenant's blob probe: header ${h} differs between an existing and a nonexistent blob`);

    const session = await openSession(ctx.stranger, art, "another tenant starting an upload of the same manifest");
    expectEqual(session.missingBlobs, [blob], "missingBlobs for another tenant (per tenant, not per byte store)");
    await putBlobs(ctx.stranger, session, art, session.missingBlobs, "another tenant supplying the same bytes");
    expectEqual(
      await commitSession(ctx.stranger, session, art, "another tenant's commit of the same manifest"),
      digest,
      "the digest another tenant's commit answers",
    );
    const strangerRead = await expectManifestHeld(ctx.stranger, digest, art.manifest, "another tenant after supplying the bytes");
    if (!strangerRead.bytes.equals(primaryRead.bytes))
      fail(`the two tenants read different bytes for ${digest}: ${primaryRead.text} versus ${strangerRead.text}`);

    for (const [owner, other] of [
      [ctx.primary, ctx.stranger],
      [ctx.stranger, ctx.primary],
    ] as const) {
      const side = workerBundle("index.js", [
        { name: "index.js", mediaType: JS_MODULE, bytes: art.blobs.get(blob)! },
        { name: "extra.txt", mediaType: "text/plain", bytes: freshBytes(ctx, "staged and abandoned") },
      ]);
      const staged = await openSession(owner, side, `${owner.label}: a session naming the shared blob`);
      if (staged.missingBlobs.includes(blob)) fail(`${owner.label}: missingBlobs lists ${blob}, which its tenant holds`);
      await putBlobs(owner, staged, side, staged.missingBlobs, `${owner.label}: staging the side blob`);
      const status = (await abandonUpload(owner, staged.uploadId)).status;
      if (status !== 204) fail(`${owner.label}: abandon of its own session answered HTTP ${status}`);
      await expectBlobHeld(other, blob, `${other.label} after ${owner.label} abandoned a session naming the shared blob`);
      await expectManifestHeld(other, digest, art.manifest, `${other.label} after ${owner.label}'s abandon`);
      await expectBlobHeld(owner, blob, `${owner.label} after its own abandon of an unrelated session`);
    }
    return `another tenant got artifact_missing / 404 for ${digest} and its blob, indistinguishable from a nonexistent digest, and saw the blob as missing; after supplying the bytes it reached the same identity byte-for-byte; each tenant's abandon left the other's holding intact`;
  },
);
