// Tenant isolation: a prepareDigest is spendable by the minting tenant alone. Another tenant
// presenting it fails invalid_argument before any mutation (nothing stored in either plane); a
// second principal of the minting tenant spends it successfully.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectStatus } from "../harness/assert.js";
import { liveFrom, resourceDoc } from "../harness/lifecycle.js";
import { plainProbe } from "../harness/probes.js";

export default defineCheck("a review is refused in another tenant and spendable by another principal of its tenant", async (ctx) => {
  const { form, spec } = plainProbe(ctx);
  const name = ctx.name("review");
  const doc = resourceDoc(form.ref, name, ctx.space, spec());
  const digest = await ctx.primary.prepareDigest(doc, { create: true }, `primary's prepare of ${name}`);

  expectError(await ctx.stranger.apply(doc, digest, { create: true }), "invalid_argument", "the other tenant's apply presenting the primary tenant's review");
  expectError(await ctx.stranger.read(form.ref, name, ctx.space), "resource_not_found", "read in the other tenant after its refused apply");
  expectError(await ctx.primary.read(form.ref, name, ctx.space), "resource_not_found", "read in the minting tenant after the refused apply");

  const spent = await ctx.peer.settle(await ctx.peer.apply(doc, digest, { create: true }));
  expectStatus(spent, 201, "the minting tenant's second principal spending the review");
  const live = liveFrom(spent, "peer's apply");
  expectEqual((await ctx.primary.fetch(form.ref, name, ctx.space)).uid, live.uid, "uid the primary principal reads");

  // The other tenant can still create the name with a review of its own.
  const own = await ctx.stranger.create(form.ref, name, ctx.space, spec());
  await ctx.stranger.destroy(own);
  await ctx.primary.destroy(live);
  return "the foreign spend was invalid_argument and stored nothing; the second principal spent the review; the other tenant created the name with its own review";
});
