// Resource identity: an update fences on the expected generation, given either as the
// Takoform-Expected-Generation header or as the expectedGeneration body member; without any
// fence it is invalid_argument.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectStatus } from "../harness/assert.js";
import { liveFrom, resourceDoc } from "../harness/lifecycle.js";
import { mutableProbe } from "../harness/probes.js";

export default defineCheck("an update is fenced by header or body generation, and refused without a fence", async (ctx) => {
  const probe = mutableProbe(ctx);
  const live = await ctx.primary.create(probe.form.ref, ctx.name("fence"), ctx.space, probe.variant(0));
  const doc1 = resourceDoc(probe.form.ref, live.name, ctx.space, probe.variant(1));
  const d1 = await ctx.primary.prepareDigest(doc1, { generation: "1" }, "prepare of the header-fenced update");
  expectError(await ctx.primary.apply(doc1, d1, {}), "invalid_argument", "update without any generation fence");
  const byHeader = await ctx.primary.settle(await ctx.primary.apply(doc1, d1, { generation: "1" }));
  expectStatus(byHeader, 200, "update fenced by the Takoform-Expected-Generation header");
  const first = liveFrom(byHeader, "header update");
  expectEqual([first.generation, first.revision], ["2", "2"], "generation and revision after the header-fenced update (from 1/1)");

  const doc2 = resourceDoc(probe.form.ref, live.name, ctx.space, probe.variant(2));
  const d2 = await ctx.primary.prepareDigest(doc2, { generation: "2" }, "prepare of the body-fenced update");
  const byBody = await ctx.primary.settle(await ctx.primary.apply(doc2, d2, { bodyGeneration: "2" }));
  expectStatus(byBody, 200, "update fenced by the expectedGeneration body member");
  const after = liveFrom(byBody, "body update");
  expectEqual(after.generation, "3", "generation after the body-fenced update");
  expectEqual(after.uid, live.uid, "uid across the updates");
  await ctx.primary.destroy(after);
  return "header fence and body fence each moved the generation by one; no fence was invalid_argument";
});
