// Resource identity: a create (If-None-Match: *) of a taken name fails generation_conflict and
// leaves the holder untouched; the same create of a free name succeeds. The conflicting create
// carries a review minted while the name was still free, so only the precondition can refuse it.

import { defineCheck } from "../check.js";
import { expectEqual, expectError } from "../harness/assert.js";
import { resourceDoc } from "../harness/lifecycle.js";
import { mutableProbe } from "../harness/probes.js";

export default defineCheck("a create of a taken name is generation_conflict and changes nothing", async (ctx) => {
  const probe = mutableProbe(ctx);
  const name = ctx.name("taken");
  const rival = resourceDoc(probe.form.ref, name, ctx.space, probe.variant(1));
  const rivalReview = await ctx.primary.prepareDigest(rival, { create: true }, "prepare of the rival create while the name is free");
  const held = await ctx.primary.create(probe.form.ref, name, ctx.space, probe.variant(0));
  expectError(await ctx.primary.apply(rival, rivalReview, { create: true }), "generation_conflict", "create of the taken name");
  expectError(await ctx.peer.apply(rival, rivalReview, { create: true }), "generation_conflict", "create of the taken name by the tenant's second principal");
  const after = await ctx.primary.fetch(probe.form.ref, name, ctx.space);
  expectEqual([after.uid, after.generation, after.revision], [held.uid, held.generation, held.revision], "holder after the conflicting creates");
  expectEqual(after.body.spec, held.body.spec, "holder's spec after the conflicting creates");
  const free = await ctx.primary.create(probe.form.ref, ctx.name("free"), ctx.space, probe.variant(1));
  await ctx.primary.destroy(free);
  await ctx.primary.destroy(after);
  return "creates of a taken name (either principal) were generation_conflict and the holder kept uid, generation, revision and spec; a free name created";
});
