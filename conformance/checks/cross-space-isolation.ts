// Space identity: a space partitions one tenant's resources. A name in one space is absent in
// another, the same name in the other space is a separate resource, and deleting one leaves the
// other alone. One Idempotency-Key used in both spaces executes independently in each.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectNotEqual, expectStatus } from "../harness/assert.js";
import { liveFrom, resourceDoc } from "../harness/lifecycle.js";
import { mutableProbe } from "../harness/probes.js";

export default defineCheck("one name in two spaces is two resources; neither space sees or touches the other", async (ctx) => {
  const probe = mutableProbe(ctx);
  const name = ctx.name("spaces");
  // Both creates carry ONE Idempotency-Key: replay records are scoped by space, so the second
  // executes on its own instead of replaying the first or failing its fingerprint.
  const key = ctx.names.key();
  const createUnderKey = async (space: string, spec: Record<string, unknown>, what: string) => {
    const doc = resourceDoc(probe.form.ref, name, space, spec);
    const review = await ctx.primary.prepareDigest(doc, { create: true }, `prepare of ${what}`);
    const res = await ctx.primary.settle(await ctx.primary.apply(doc, review, { create: true }, { key }));
    expectStatus(res, 201, what);
    return liveFrom(res, what);
  };
  const here = await createUnderKey(ctx.space, probe.variant(0), "the create in the first space");
  expectError(await ctx.primary.read(probe.form.ref, name, ctx.altSpace), "resource_not_found", "read in the other space before it holds the name");
  expectError(await ctx.primary.observe(probe.form.ref, name, ctx.altSpace, { generation: "1" }), "resource_not_found", "observe in the other space");
  expectError(await ctx.primary.remove(probe.form.ref, name, ctx.altSpace, { generation: "1" }), "resource_not_found", "delete in the other space");
  const there = await createUnderKey(ctx.altSpace, probe.variant(1), "the create in the other space under the first create's Idempotency-Key");
  expectNotEqual(there.uid, here.uid, "uid of the same name in the other space");
  const updatedThere = await ctx.primary.update(there, probe.variant(2));
  const hereNow = await ctx.primary.fetch(probe.form.ref, name, ctx.space);
  expectEqual(
    [hereNow.uid, hereNow.generation, hereNow.revision],
    [here.uid, here.generation, here.revision],
    "first space's resource after the other space's create and update",
  );
  await ctx.primary.destroy(updatedThere);
  expectEqual((await ctx.primary.fetch(probe.form.ref, name, ctx.space)).uid, here.uid, "first space's resource after the other space's delete");
  await ctx.primary.destroy(hereNow);
  return `${name} lived as ${here.uid} and ${there.uid} in two spaces (one Idempotency-Key executed independently in each); reads, updates and deletes in one never reached the other`;
});
