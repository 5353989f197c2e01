// Idempotency-key namespacing: a replay record is namespaced by tenant AND principal. The same
// key and bytes from the tenant's second principal are a new request (the name is taken:
// generation_conflict), from another tenant a new request stopped by the review it carries
// (invalid_argument); only the recording principal gets the replay.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectStatus } from "../harness/assert.js";
import { liveFrom, resourceDoc } from "../harness/lifecycle.js";
import { plainProbe } from "../harness/probes.js";

export default defineCheck("the same key and bytes from another principal or tenant are independent requests", async (ctx) => {
  const { form, spec } = plainProbe(ctx);
  const name = ctx.name("xprin");
  const key = ctx.names.key();
  const doc = resourceDoc(form.ref, name, ctx.space, spec());
  const digest = await ctx.primary.prepareDigest(doc, { create: true }, "primary's prepare");
  const first = await ctx.primary.apply(doc, digest, { create: true }, { key });
  expectStatus(first, 201, "primary's create");
  const live = liveFrom(first, "primary's create");

  expectError(await ctx.peer.apply(doc, digest, { create: true }, { key }), "generation_conflict", "the same request from the tenant's second principal");
  expectError(await ctx.stranger.apply(doc, digest, { create: true }, { key }), "invalid_argument", "the same request from another tenant");
  const replay = await ctx.primary.apply(doc, digest, { create: true }, { key });
  expectStatus(replay, 201, "the recording principal's retry");
  expectEqual(replay.text, first.text, "body replayed to the recording principal");
  expectEqual((await ctx.primary.fetch(form.ref, name, ctx.space)).revision, live.revision, "revision after the three requests");
  await ctx.primary.destroy(live);
  return "the second principal collided (generation_conflict), the other tenant was stopped by the review (invalid_argument), the recording principal got the replay";
});
