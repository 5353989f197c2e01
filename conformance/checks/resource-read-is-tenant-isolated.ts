// Tenant isolation: a read naming another tenant's resource is answered exactly as a read of a
// name nobody created — resource_not_found, same status, same body apart from the name and the
// requestId — while the owner's tenant (either principal) reads it.

import { defineCheck } from "../check.js";
import { expectEqual, expectError } from "../harness/assert.js";
import { expectIndistinguishable } from "../harness/refusal.js";
import { plainProbe } from "../harness/probes.js";

export default defineCheck("another tenant's resource reads exactly like a name nobody created", async (ctx) => {
  const { form, spec } = plainProbe(ctx);
  const held = await ctx.primary.create(form.ref, ctx.name("held"), ctx.space, spec());
  const never = ctx.name("never");
  const foreign = await ctx.stranger.read(form.ref, held.name, ctx.space);
  const absent = await ctx.stranger.read(form.ref, never, ctx.space);
  expectError(foreign, "resource_not_found", "read of another tenant's resource");
  expectError(absent, "resource_not_found", "read of a name nobody created");
  expectIndistinguishable(foreign, [held.name], absent, [never], "read of another tenant's resource versus a name nobody created");
  expectEqual((await ctx.primary.fetch(form.ref, held.name, ctx.space)).uid, held.uid, "uid the owner reads");
  expectEqual((await ctx.peer.fetch(form.ref, held.name, ctx.space)).uid, held.uid, "uid the owner tenant's second principal reads");
  await ctx.primary.destroy(held);
  return "the foreign read was resource_not_found, indistinguishable from a never-created name; both principals of the owner read it";
});
