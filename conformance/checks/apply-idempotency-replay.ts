// Idempotent lifecycle: a retried apply (same Idempotency-Key, same bytes) replays the recorded
// status, ETag and body without executing again; the same key with other bytes is
// invalid_argument; a new key for the same create is executed (and collides with the name).

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectStatus } from "../harness/assert.js";
import { liveFrom, resourceDoc } from "../harness/lifecycle.js";
import { mutableProbe } from "../harness/probes.js";

export default defineCheck("a retried apply replays its recorded answer; the key is bound to its request bytes", async (ctx) => {
  const probe = mutableProbe(ctx);
  const name = ctx.name("replay");
  const doc = resourceDoc(probe.form.ref, name, ctx.space, probe.variant(0));
  const digest = await ctx.primary.prepareDigest(doc, { create: true }, `prepare of ${name}`);
  const key = ctx.names.key();
  const first = await ctx.primary.settle(await ctx.primary.apply(doc, digest, { create: true }, { key }));
  expectStatus(first, 201, "first apply");
  const live = liveFrom(first, "first apply");

  const retry = await ctx.primary.apply(doc, digest, { create: true }, { key });
  expectStatus(retry, 201, "retried apply (same key, same bytes)");
  expectEqual(retry.headers["etag"], first.headers["etag"], "ETag of the replay");
  expectEqual(retry.text, first.text, "body of the replay (bytes)");
  const read = await ctx.primary.fetch(probe.form.ref, name, ctx.space);
  expectEqual(read.uid, live.uid, "uid read after the replay");
  expectEqual(read.revision, live.revision, "revision read after the replay (nothing executed)");

  // The key is bound to the request: other bytes under it are refused, and nothing changes.
  const otherDoc = resourceDoc(probe.form.ref, name, ctx.space, probe.variant(1));
  expectError(await ctx.primary.apply(otherDoc, digest, { create: true }, { key }), "invalid_argument", "same key with different body bytes");
  expectError(await ctx.primary.apply(doc, digest, { generation: "1" }, { key }), "invalid_argument", "same key with different preconditions");
  // Without the key the same create is a new request, and the name is taken.
  expectError(await ctx.primary.apply(doc, digest, { create: true }), "generation_conflict", "the same create under a new key");
  const after = await ctx.primary.fetch(probe.form.ref, name, ctx.space);
  expectEqual(after.revision, live.revision, "revision after the refused requests");
  await ctx.primary.destroy(after);
  return "the retry replayed status, ETag and body byte-for-byte; other bytes or preconditions under the key were invalid_argument; a new key was executed (generation_conflict)";
});
