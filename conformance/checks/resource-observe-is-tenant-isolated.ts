// Tenant isolation: observe of another tenant's resource is answered exactly as observe of a
// name nobody created; the owner observes it under the same fence.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectStatus } from "../harness/assert.js";
import { liveFrom } from "../harness/lifecycle.js";
import { expectIndistinguishable } from "../harness/refusal.js";
import { plainProbe } from "../harness/probes.js";

export default defineCheck("another tenant's resource observes exactly like a name nobody created", async (ctx) => {
  const { form, spec } = plainProbe(ctx);
  const held = await ctx.primary.create(form.ref, ctx.name("held"), ctx.space, spec());
  const never = ctx.name("never");
  const fence = { generation: held.generation };
  const foreign = await ctx.stranger.observe(form.ref, held.name, ctx.space, fence);
  const absent = await ctx.stranger.observe(form.ref, never, ctx.space, fence);
  expectError(foreign, "resource_not_found", "observe of another tenant's resource");
  expectError(absent, "resource_not_found", "observe of a name nobody created");
  expectIndistinguishable(foreign, [held.name], absent, [never], "observe of another tenant's resource versus a name nobody created");
  const own = await ctx.primary.observe(form.ref, held.name, ctx.space, fence);
  expectStatus(own, 200, "observe by the owner under the same fence");
  expectEqual(liveFrom(own, "owner observe").uid, held.uid, "uid the owner observes");
  await ctx.primary.destroy(held);
  return "the foreign observe was resource_not_found, indistinguishable from a never-created name; the owner observed under the same fence";
});
