// Resource identity: a create (If-None-Match: *) of a taken name fails generation_conflict and
// leaves the holder untouched; the same create of a free name succeeds.

import { defineCheck } from "../check.js";
import { expectEqual, expectError } from "../harness/assert.js";
import { resourceDoc } from "../harness/lifecycle.js";
import { mutableProbe } from "../harness/probes.js";

export default defineCheck("a create of a taken name is generation_conflict and changes nothing", async (ctx) => {
  const probe = mutableProbe(ctx);
  const held = await ctx.primary.create(probe.form.ref, ctx.name("taken"), ctx.space, probe.variant(0));
  const doc = resourceDoc(probe.form.ref, held.name, ctx.space, probe.variant(1));
  const prep = await ctx.primary.prepare(doc, { create: true });
  if (prep.status === 200) {
    const digest = (prep.body as { review: { prepareDigest: string } }).review.prepareDigest;
    expectError(await ctx.primary.apply(doc, digest, { create: true }), "generation_conflict", "create of the taken name");
  } else {
    expectError(prep, "generation_conflict", "prepare of a create of the taken name");
  }
  const after = await ctx.primary.fetch(probe.form.ref, held.name, ctx.space);
  expectEqual([after.uid, after.generation, after.revision], [held.uid, held.generation, held.revision], "holder after the conflicting create");
  expectEqual(after.body.spec, held.body.spec, "holder's spec after the conflicting create");
  const free = await ctx.primary.create(probe.form.ref, ctx.name("free"), ctx.space, probe.variant(1));
  await ctx.primary.destroy(free);
  await ctx.primary.destroy(after);
  return "the create of a taken name was generation_conflict and the holder kept uid, generation, revision and spec; a free name created";
});
