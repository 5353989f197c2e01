// Resource identity: a delete MAY additionally carry If-Match; a host given one honours it —
// revision_conflict (412) when the representation moved, the resource kept — and the delete
// carrying the current revision (with the generation fence) succeeds.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectStatus } from "../harness/assert.js";
import { mutableProbe } from "../harness/probes.js";

export default defineCheck("a delete's optional If-Match is honoured: stale is revision_conflict, current deletes", async (ctx) => {
  const probe = mutableProbe(ctx);
  const first = await ctx.primary.create(probe.form.ref, ctx.name("delrev"), ctx.space, probe.variant(0));
  const live = await ctx.primary.update(first, probe.variant(1));
  const { ref, name, space } = live;
  expectError(
    await ctx.primary.remove(ref, name, space, { generation: live.generation, ifMatch: first.revision }),
    "revision_conflict",
    `delete with the current generation and a stale If-Match (${first.revision})`,
  );
  const kept = await ctx.primary.fetch(ref, name, space);
  expectEqual([kept.uid, kept.revision], [live.uid, live.revision], "uid and revision after the refused delete");
  const res = await ctx.primary.settle(await ctx.primary.remove(ref, name, space, { generation: live.generation, ifMatch: live.revision }));
  expectStatus(res, 204, "delete with the current generation and the current If-Match");
  expectError(await ctx.primary.read(ref, name, space), "resource_not_found", "read after the delete");
  return `If-Match ${first.revision} (stale) was revision_conflict and kept the resource; If-Match ${live.revision} deleted it`;
});
