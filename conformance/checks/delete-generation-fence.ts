// Resource identity: a delete fences on the expected generation. Absent fence: invalid_argument
// (400); stale: generation_conflict (412); a delete carrying nothing but the current generation
// (no If-Match) succeeds. Refused deletes leave the resource in place.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectStatus } from "../harness/assert.js";
import { mutableProbe } from "../harness/probes.js";

export default defineCheck("delete requires the generation fence, refuses a stale one, and needs no If-Match", async (ctx) => {
  const probe = mutableProbe(ctx);
  const created = await ctx.primary.create(probe.form.ref, ctx.name("delgen"), ctx.space, probe.variant(0));
  const live = await ctx.primary.update(created, probe.variant(1));
  expectEqual(live.generation, "2", "generation after one spec change");
  const { ref, name, space } = live;

  expectError(await ctx.primary.remove(ref, name, space, {}), "invalid_argument", "delete without Takoform-Expected-Generation");
  expectError(await ctx.primary.remove(ref, name, space, { generation: "1" }), "generation_conflict", "delete with stale generation 1");
  const still = await ctx.primary.fetch(ref, name, space);
  expectEqual(still.uid, live.uid, "uid after the refused deletes");
  expectEqual(still.generation, "2", "generation after the refused deletes");

  const res = await ctx.primary.settle(await ctx.primary.remove(ref, name, space, { generation: "2" }));
  expectStatus(res, 204, "delete with only the current generation (no If-Match)");
  expectError(await ctx.primary.read(ref, name, space), "resource_not_found", "read after the accepted delete");
  return "absent fence invalid_argument, stale fence generation_conflict, current generation alone deleted";
});
