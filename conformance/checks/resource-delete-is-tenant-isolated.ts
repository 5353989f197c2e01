// Tenant isolation: a fenced delete naming another tenant's resource is answered exactly as one
// naming a resource never created and removes nothing; the holder then deletes it under the
// same fence.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectStatus } from "../harness/assert.js";
import { plainProbe } from "../harness/probes.js";
import { expectIndistinguishable } from "../harness/refusal.js";

export default defineCheck("another tenant's delete removes nothing and reads like a never-created name; the holder's delete succeeds", async (ctx) => {
  const { form, spec } = plainProbe(ctx);
  const held = await ctx.primary.create(form.ref, ctx.name("held"), ctx.space, spec());
  const never = ctx.name("never");
  const fence = { generation: held.generation };
  const foreign = await ctx.stranger.remove(form.ref, held.name, ctx.space, fence);
  const absent = await ctx.stranger.remove(form.ref, never, ctx.space, fence);
  expectError(foreign, "resource_not_found", "delete of another tenant's resource");
  expectError(absent, "resource_not_found", "delete of a name nobody created");
  expectIndistinguishable(foreign, [held.name], absent, [never], "delete, foreign versus never-created");
  // Knowing the exact generation AND revision (If-Match) reaches nothing either.
  expectError(
    await ctx.stranger.remove(form.ref, held.name, ctx.space, { generation: held.generation, ifMatch: held.revision }),
    "resource_not_found",
    "delete of another tenant's resource at its exact generation and If-Match",
  );
  const after = await ctx.primary.fetch(form.ref, held.name, ctx.space);
  expectEqual(
    [after.uid, after.generation, after.revision],
    [held.uid, held.generation, held.revision],
    "owner's uid, generation, revision after the foreign delete",
  );
  const own = await ctx.primary.settle(await ctx.primary.remove(form.ref, held.name, ctx.space, fence));
  expectStatus(own, 204, "the owner's delete under the same fence");
  expectError(await ctx.primary.read(form.ref, held.name, ctx.space), "resource_not_found", "read after the owner's delete");
  return "the foreign delete was resource_not_found, indistinguishable from a never-created name, and removed nothing; the owner deleted under the same fence";
});
