// A review binds the generation it was prepared against. Once the resource moved on, applying
// the stale review fails — generation_conflict under its own (now stale) fence, invalid_argument
// under the current fence it was not minted for — and changes nothing; a fresh review applies.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectStatus } from "../harness/assert.js";
import { resourceDoc } from "../harness/lifecycle.js";
import { mutableProbe } from "../harness/probes.js";

export default defineCheck("a review prepared against an older generation never applies", async (ctx) => {
  const probe = mutableProbe(ctx);
  const live = await ctx.primary.create(probe.form.ref, ctx.name("sprep"), ctx.space, probe.variant(0));
  const doc = resourceDoc(probe.form.ref, live.name, ctx.space, probe.variant(2));
  const stale = await ctx.primary.prepareDigest(doc, { generation: "1" }, "prepare against generation 1");
  const moved = await ctx.primary.update(live, probe.variant(1));
  expectError(await ctx.primary.apply(doc, stale, { generation: "1" }), "generation_conflict", "stale review under its own stale fence");
  expectError(await ctx.primary.apply(doc, stale, { generation: "2" }), "invalid_argument", "stale review under the current fence");
  const kept = await ctx.primary.fetch(probe.form.ref, live.name, ctx.space);
  expectEqual([kept.generation, kept.revision, kept.body.spec], [moved.generation, moved.revision, moved.body.spec], "resource after the stale applies");
  const fresh = await ctx.primary.prepareDigest(doc, { generation: "2" }, "fresh prepare against generation 2");
  expectStatus(await ctx.primary.settle(await ctx.primary.apply(doc, fresh, { generation: "2" })), 200, "apply of the fresh review");
  await ctx.primary.destroy(await ctx.primary.fetch(probe.form.ref, live.name, ctx.space));
  return "the stale review was generation_conflict under its fence and invalid_argument under the current one; a fresh review applied";
});
