// Artifacts: a committed manifest and its blobs stay readable while any resource references the
// manifest. Abandoning unrelated upload sessions that name the same blob — the tenant's own, its
// other principal's, another tenant's that staged the very same bytes — leaves the manifest
// readable, the blob held, and the referenced bytes usable (a WorkerVersion still proves its
// handlers from the module, and a new WorkerBundle still resolves the digest). What an abandon does
// remove: its session (artifact_missing afterwards) and the manifest it never committed.

import { defineCheck } from "../check.js";
import { attemptCreate, builder, expectAccepted, requiredSpec, versionSpec } from "../harness/aggregate/index.js";
import { expectError, expectStatus, fail } from "../harness/assert.js";
import {
  abandonUpload,
  commitUpload,
  expectBlobHeld,
  expectManifestHeld,
  expectManifestMissing,
  freshBytes,
  JS_MODULE,
  openSession,
  probeBundle,
  putBlobs,
  upload,
  workerBundle,
} from "../harness/artifacts/index.js";
import type { Live } from "../harness/lifecycle.js";

export default defineCheck("abandoning unrelated sessions never makes a referenced manifest or its blobs unresolvable", async (ctx) => {
  const b = builder(ctx);
  const bundleForm = ctx.form("WorkerBundle");
  const art = probeBundle(ctx, ["fetch", "scheduled"]);
  const [blob, bytes] = [...art.blobs][0]!;
  const digest = await upload(ctx.primary, art, "the referenced bundle");
  const worker = await b.worker();
  const bundle = await b.create(bundleForm, "bundle", requiredSpec(ctx, bundleForm, { manifestDigest: digest }));

  const stillUsable = async (after: string, bundleLive: Live) => {
    await expectManifestHeld(ctx.primary, digest, art.manifest, `the referenced manifest after ${after}`);
    await expectBlobHeld(ctx.primary, blob, `the referenced blob after ${after}`);
    b.track(
      expectAccepted(
        await attemptCreate(
          ctx.primary,
          ctx.form("WorkerVersion").ref,
          ctx.name("version"),
          ctx.space,
          versionSpec(ctx, { worker, bundle: bundleLive, handlers: ["fetch", "scheduled"] }),
        ),
        201,
        `a WorkerVersion proving its handlers from the referenced bundle after ${after}`,
      ),
    );
  };

  const abandoners = [
    { plane: ctx.primary, label: "the tenant's own session naming the blob beside a staged one" },
    { plane: ctx.peer, label: "the other principal's session naming the blob beside a staged one" },
    { plane: ctx.stranger, label: "another tenant's session that staged the very same bytes" },
  ];
  for (const { plane, label } of abandoners) {
    const side = workerBundle("index.js", [
      { name: "index.js", mediaType: JS_MODULE, bytes },
      { name: "staged.txt", mediaType: "text/plain", bytes: freshBytes(ctx, "staged, never committed") },
    ]);
    const session = await openSession(plane, side, label);
    await putBlobs(plane, session, side, session.missingBlobs, label);
    if (plane === ctx.stranger && !session.missingBlobs.includes(blob)) fail(`${label}: missingBlobs must list ${blob}, which the other tenant does not hold`);
    expectStatus(await abandonUpload(plane, session.uploadId), 204, `abandon of ${label}`);
    expectError(await commitUpload(plane, session.uploadId), "artifact_missing", `commit of ${label} after its abandon`);
    await expectManifestMissing(plane, side.digest, `the manifest ${label} never committed`);
    await stillUsable(`the abandon of ${label}`, bundle);
  }
  const again = await openSession(ctx.primary, art, "a second session for the referenced manifest itself");
  expectStatus(await abandonUpload(ctx.primary, again.uploadId), 204, "abandon of a second session for the referenced manifest");
  const second = await b.create(bundleForm, "bundle", requiredSpec(ctx, bundleForm, { manifestDigest: digest }));
  await stillUsable("the abandon of a second session for the manifest itself", second);
  await b.cleanup();
  return `after four abandons (own, other principal's, another tenant's with the same bytes, a session for the manifest itself) ${digest} stayed readable, its blob held, and WorkerVersions kept proving their handlers from it; each abandoned session was artifact_missing and its manifest uncommitted`;
});
