// Resource identity: a stale generation fence fails generation_conflict (412) on prepare,
// on apply (header or body fence) and on observe, and changes nothing; the current one succeeds.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectStatus } from "../harness/assert.js";
import { resourceDoc } from "../harness/lifecycle.js";
import { mutableProbe } from "../harness/probes.js";

export default defineCheck("a stale generation is generation_conflict on prepare, apply and observe; the current one succeeds", async (ctx) => {
  const probe = mutableProbe(ctx);
  const created = await ctx.primary.create(probe.form.ref, ctx.name("stale"), ctx.space, probe.variant(0));
  const current = await ctx.primary.update(created, probe.variant(1));
  const doc = resourceDoc(probe.form.ref, current.name, ctx.space, probe.variant(2));
  expectError(await ctx.primary.prepare(doc, { generation: "1" }), "generation_conflict", "prepare with stale generation 1");
  const digest = await ctx.primary.prepareDigest(doc, { generation: "2" }, "prepare with the current generation");
  expectError(await ctx.primary.apply(doc, digest, { generation: "1" }), "generation_conflict", "apply with stale header generation 1");
  expectError(await ctx.primary.apply(doc, digest, { bodyGeneration: "1" }), "generation_conflict", "apply with stale body generation 1");
  expectError(
    await ctx.primary.observe(probe.form.ref, current.name, ctx.space, { generation: "1" }),
    "generation_conflict",
    "observe with stale generation 1",
  );
  const after = await ctx.primary.fetch(probe.form.ref, current.name, ctx.space);
  expectEqual([after.generation, after.revision], [current.generation, current.revision], "generation and revision after the stale requests");
  const ok = await ctx.primary.settle(await ctx.primary.apply(doc, digest, { generation: "2" }));
  expectStatus(ok, 200, "apply with the current generation");
  await ctx.primary.destroy(await ctx.primary.fetch(probe.form.ref, current.name, ctx.space));
  return "stale generation refused generation_conflict on prepare, header and body apply, and observe; nothing moved; the current fence applied";
});
