// observe is the lane's fenced read-only re-observation: it requires the generation fence
// (absent: invalid_argument; stale: generation_conflict), honours If-Match (stale:
// revision_conflict), answers {resource} at exactly the fenced generation, and moves no
// desired state.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectStatus } from "../harness/assert.js";
import { liveFrom } from "../harness/lifecycle.js";
import { mutableProbe } from "../harness/probes.js";

export default defineCheck("observe requires the current generation, honours If-Match, and answers that generation", async (ctx) => {
  const probe = mutableProbe(ctx);
  const created = await ctx.primary.create(probe.form.ref, ctx.name("obs"), ctx.space, probe.variant(0));
  const live = await ctx.primary.update(created, probe.variant(1));
  const { ref, name, space } = live;
  expectError(await ctx.primary.observe(ref, name, space, {}), "invalid_argument", "observe without a generation fence");
  expectError(await ctx.primary.observe(ref, name, space, { generation: "1" }), "generation_conflict", "observe with stale generation 1");
  expectError(await ctx.primary.observe(ref, name, space, { generation: "3" }), "generation_conflict", "observe with a future generation 3");
  expectError(
    await ctx.primary.observe(ref, name, space, { generation: "2", ifMatch: String(BigInt(live.revision) + 1000n) }),
    "revision_conflict",
    "observe with a foreign If-Match",
  );
  const res = await ctx.primary.observe(ref, name, space, { generation: "2", ifMatch: live.revision });
  expectStatus(res, 200, "observe with the current generation and revision");
  const seen = liveFrom(res, "observe");
  expectEqual([seen.uid, seen.generation], [live.uid, "2"], "uid and generation answered by observe");
  expectEqual(
    [seen.body.form.formRef, seen.body.metadata.name, seen.body.metadata.space],
    [ref, name, space],
    "exact FormRef, name and space answered by observe",
  );
  expectEqual(seen.body.spec, live.body.spec, "spec answered by observe");
  expectEqual(seen.body.status.observedGeneration, "2", "status.observedGeneration answered by observe");
  await ctx.primary.destroy(seen);
  return "observe refused an absent fence, stale and future generations and a foreign If-Match; the current fence answered generation 2";
});
