// Tenant isolation: the address includes the tenant. Two tenants create one {space, apiVersion,
// kind, name} and get two resources with two uids, neither conflicting; inside one tenant
// (either principal) the name is taken.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectNotEqual } from "../harness/assert.js";
import { resourceDoc } from "../harness/lifecycle.js";
import { plainProbe } from "../harness/probes.js";

export default defineCheck("two tenants create one name in one space as two resources; within a tenant the name is taken", async (ctx) => {
  const { form, spec } = plainProbe(ctx);
  const name = ctx.name("shared");
  const mine = await ctx.primary.create(form.ref, name, ctx.space, spec());
  const theirs = await ctx.stranger.create(form.ref, name, ctx.space, spec());
  expectNotEqual(theirs.uid, mine.uid, "uid of the other tenant's resource of the same name");
  expectEqual(theirs.generation, "1", "generation of the other tenant's resource");
  expectEqual((await ctx.primary.fetch(form.ref, name, ctx.space)).uid, mine.uid, "uid the primary tenant reads");
  expectEqual((await ctx.stranger.fetch(form.ref, name, ctx.space)).uid, theirs.uid, "uid the other tenant reads");

  // Within a tenant the name is taken, for either principal, and for the second tenant too.
  const doc = resourceDoc(form.ref, name, ctx.space, spec());
  for (const [label, plane] of [
    ["the primary principal", ctx.primary],
    ["the tenant's second principal", ctx.peer],
    ["the other tenant", ctx.stranger],
  ] as const) {
    const prep = await plane.prepare(doc, { create: true });
    if (prep.status === 200) {
      const digest = (prep.body as { review: { prepareDigest: string } }).review.prepareDigest;
      expectError(await plane.apply(doc, digest, { create: true }), "generation_conflict", `second create of ${name} by ${label}`);
    } else {
      expectError(prep, "generation_conflict", `prepare of a second create of ${name} by ${label}`);
    }
  }
  await ctx.primary.destroy(mine);
  expectEqual((await ctx.stranger.fetch(form.ref, name, ctx.space)).uid, theirs.uid, "the other tenant's resource after the primary deleted its own");
  await ctx.stranger.destroy(theirs);
  return `both tenants created ${name} (uids ${mine.uid} and ${theirs.uid}); a second create inside either tenant was generation_conflict`;
});
