// Tenant isolation: a fenced update (prepare and apply) naming another tenant's resource is
// answered exactly as one naming a resource never created, and changes nothing; the holder then
// performs the same update under the same fence, successfully.

import { defineCheck } from "../check.js";
import { expectEqual, expectError } from "../harness/assert.js";
import { resourceDoc } from "../harness/lifecycle.js";
import { mutableProbe } from "../harness/probes.js";
import { expectIndistinguishable } from "../harness/refusal.js";

export default defineCheck("another tenant's update reaches nothing and reads like a never-created name; the holder's update succeeds", async (ctx) => {
  const probe = mutableProbe(ctx);
  const held = await ctx.primary.create(probe.form.ref, ctx.name("held"), ctx.space, probe.variant(0));
  const never = ctx.name("never");
  const fence = { generation: held.generation };
  const heldDoc = resourceDoc(probe.form.ref, held.name, ctx.space, probe.variant(1));
  const neverDoc = resourceDoc(probe.form.ref, never, ctx.space, probe.variant(1));

  const prepForeign = await ctx.stranger.prepare(heldDoc, fence);
  const prepAbsent = await ctx.stranger.prepare(neverDoc, fence);
  expectError(prepForeign, "resource_not_found", "fenced prepare of another tenant's resource");
  expectError(prepAbsent, "resource_not_found", "fenced prepare of a name nobody created");
  expectIndistinguishable(prepForeign, [held.name], prepAbsent, [never], "fenced prepare, foreign versus never-created");

  // An apply under the update fence, carrying the stranger's own create review of each name.
  const dForeign = await ctx.stranger.prepareDigest(
    resourceDoc(probe.form.ref, held.name, ctx.space, probe.variant(1)),
    { create: true },
    "stranger's create prepare of the held name",
  );
  const dAbsent = await ctx.stranger.prepareDigest(neverDoc, { create: true }, "stranger's create prepare of the never-created name");
  const applyForeign = await ctx.stranger.apply(heldDoc, dForeign, fence);
  const applyAbsent = await ctx.stranger.apply(neverDoc, dAbsent, fence);
  // The stranger's own create review is one it may legitimately mint, so what refuses the apply
  // is the update fence finding nothing: resource_not_found, as upstream asserts.
  expectError(applyForeign, "resource_not_found", "fenced apply of another tenant's resource");
  expectError(applyAbsent, "resource_not_found", "fenced apply of a name nobody created");
  expectIndistinguishable(applyForeign, [held.name, dForeign], applyAbsent, [never, dAbsent], "fenced apply, foreign versus never-created");

  const after = await ctx.primary.fetch(probe.form.ref, held.name, ctx.space);
  expectEqual(
    [after.uid, after.generation, after.revision],
    [held.uid, held.generation, held.revision],
    "owner's uid, generation, revision after the foreign attempts",
  );
  expectEqual(after.body.spec, held.body.spec, "owner's spec after the foreign attempts");

  // The holder's leg: the same update, under the same fence, succeeds.
  const updated = await ctx.primary.update(held, probe.variant(1));
  expectEqual(updated.generation, "2", "generation after the owner's update");
  await ctx.primary.destroy(updated);
  return "foreign prepare and apply were indistinguishable from a never-created name and changed nothing; the owner's identical update succeeded";
});
