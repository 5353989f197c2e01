// Resource identity: a desired-spec change moves metadata.generation by exactly one (and the
// revision with it); an apply of the unchanged spec moves neither.

import { defineCheck } from "../check.js";
import { expectEqual, expectStatus, expectTrue } from "../harness/assert.js";
import { liveFrom, resourceDoc } from "../harness/lifecycle.js";
import { mutableProbe } from "../harness/probes.js";

export default defineCheck("a spec change moves the generation by one; an unchanged spec moves nothing", async (ctx) => {
  const probe = mutableProbe(ctx);
  const v0 = await ctx.primary.create(probe.form.ref, ctx.name("gen"), ctx.space, probe.variant(0));
  const v1 = await ctx.primary.update(v0, probe.variant(1));
  expectEqual(v1.generation, "2", "generation after one spec change");
  expectEqual([v0.generation, v0.revision], ["1", "1"], "generation and revision of the create");
  expectEqual(v1.revision, "2", "revision after one spec change (the representation changed once)");
  expectEqual(v1.body.status.observedGeneration, "2", "observedGeneration after the spec change");
  const doc = resourceDoc(v1.ref, v1.name, v1.space, probe.variant(1));
  const digest = await ctx.primary.prepareDigest(doc, { generation: "2" }, "prepare of the unchanged spec");
  const same = await ctx.primary.settle(await ctx.primary.apply(doc, digest, { generation: "2" }));
  expectStatus(same, 200, "apply of the unchanged spec");
  const unchanged = liveFrom(same, "unchanged apply");
  expectEqual([unchanged.generation, unchanged.revision], [v1.generation, v1.revision], "generation and revision after the unchanged apply");
  const v2 = await ctx.primary.update(unchanged, probe.variant(2));
  expectEqual(v2.generation, "3", "generation after a second spec change");
  await ctx.primary.destroy(v2);
  return `generation moved 1 -> 2 -> 3 with two spec changes and stayed at 2 for the unchanged apply`;
});
