// prepare on an existing resource binds the incarnation it updates, so it requires the
// generation fence: absent is invalid_argument; with the current generation it binds, and the
// review applies under that fence.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectStatus } from "../harness/assert.js";
import { resourceDoc } from "../harness/lifecycle.js";
import { mutableProbe } from "../harness/probes.js";

export default defineCheck("prepare of an existing resource without the generation fence is invalid_argument", async (ctx) => {
  const probe = mutableProbe(ctx);
  const live = await ctx.primary.create(probe.form.ref, ctx.name("pfence"), ctx.space, probe.variant(0));
  const doc = resourceDoc(probe.form.ref, live.name, ctx.space, probe.variant(1));
  expectError(await ctx.primary.prepare(doc, {}), "invalid_argument", "prepare of an update without a generation fence");
  expectError(await ctx.primary.prepare(doc, { generation: "7" }), "generation_conflict", "prepare of an update under a stale fence (generation 7)");
  const digest = await ctx.primary.prepareDigest(doc, { generation: live.generation }, "prepare of an update with the current generation");
  const res = await ctx.primary.settle(await ctx.primary.apply(doc, digest, { generation: live.generation }));
  expectStatus(res, 200, "apply of the fenced review");
  const after = await ctx.primary.fetch(probe.form.ref, live.name, ctx.space);
  expectEqual(after.generation, "2", "generation after the fenced update");
  await ctx.primary.destroy(after);
  return "an unfenced prepare of an existing resource was invalid_argument; the fenced prepare bound and applied";
});
