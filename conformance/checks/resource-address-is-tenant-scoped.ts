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
  const doc = resourceDoc(form.ref, name, ctx.space, spec());
  // Reviews for a second create, minted while the name is free in every plane.
  const callers = [
    ["the primary principal", ctx.primary],
    ["the tenant's second principal", ctx.peer],
    ["the other tenant", ctx.stranger],
  ] as const;
  const reviews = new Map<string, string>();
  for (const [label, plane] of callers) reviews.set(label, await plane.prepareDigest(doc, { create: true }, `prepare by ${label} while the name is free`));

  const mine = await ctx.primary.create(form.ref, name, ctx.space, spec());
  const theirs = await ctx.stranger.create(form.ref, name, ctx.space, spec());
  expectNotEqual(theirs.uid, mine.uid, "uid of the other tenant's resource of the same name");
  expectEqual([theirs.generation, theirs.revision], ["1", "1"], "generation and revision of the other tenant's resource (a new record, not an adopted one)");
  expectEqual((await ctx.primary.fetch(form.ref, name, ctx.space)).uid, mine.uid, "uid the primary tenant reads");
  expectEqual((await ctx.stranger.fetch(form.ref, name, ctx.space)).uid, theirs.uid, "uid the other tenant reads");

  // Within a tenant the name is now taken, for either principal, and for the second tenant too.
  for (const [label, plane] of callers) {
    expectError(await plane.apply(doc, reviews.get(label)!, { create: true }), "generation_conflict", `second create of ${name} by ${label}`);
  }
  await ctx.primary.destroy(mine);
  expectEqual((await ctx.stranger.fetch(form.ref, name, ctx.space)).uid, theirs.uid, "the other tenant's resource after the primary deleted its own");
  await ctx.stranger.destroy(theirs);
  return `both tenants created ${name} (uids ${mine.uid} and ${theirs.uid}); a second create inside either tenant was generation_conflict`;
});
