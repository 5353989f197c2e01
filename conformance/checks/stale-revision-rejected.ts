// Resource identity: If-Match fences on the representation; a stale revision fails
// revision_conflict (412) on apply and observe and changes nothing; the current one succeeds.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectStatus } from "../harness/assert.js";
import { resourceDoc } from "../harness/lifecycle.js";
import { mutableProbe } from "../harness/probes.js";

export default defineCheck("a stale If-Match is revision_conflict on apply, observe and delete; the current one succeeds", async (ctx) => {
  const probe = mutableProbe(ctx);
  const first = await ctx.primary.create(probe.form.ref, ctx.name("srev"), ctx.space, probe.variant(0));
  const live = await ctx.primary.update(first, probe.variant(1));
  const doc = resourceDoc(live.ref, live.name, live.space, probe.variant(2));
  const digest = await ctx.primary.prepareDigest(doc, { generation: live.generation }, "prepare of the update");
  expectError(
    await ctx.primary.apply(doc, digest, { generation: live.generation, ifMatch: first.revision }),
    "revision_conflict",
    "update with a stale If-Match",
  );
  expectError(
    await ctx.primary.observe(live.ref, live.name, live.space, { generation: live.generation, ifMatch: first.revision }),
    "revision_conflict",
    "observe with a stale If-Match",
  );
  expectError(
    await ctx.primary.remove(live.ref, live.name, live.space, { generation: live.generation, ifMatch: first.revision }),
    "revision_conflict",
    "delete with the current generation and a stale If-Match",
  );
  const kept = await ctx.primary.fetch(live.ref, live.name, live.space);
  expectEqual([kept.generation, kept.revision], [live.generation, live.revision], "generation and revision after the stale requests");
  const ok = await ctx.primary.settle(await ctx.primary.apply(doc, digest, { generation: live.generation, ifMatch: live.revision }));
  expectStatus(ok, 200, "update with the current If-Match");
  await ctx.primary.destroy(await ctx.primary.fetch(live.ref, live.name, live.space));
  return `If-Match ${first.revision} was revision_conflict on apply, observe and delete; If-Match ${live.revision} applied`;
});
