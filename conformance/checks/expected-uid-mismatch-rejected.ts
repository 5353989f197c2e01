// Resource identity: a mutation may be fenced with expectedUid; naming another incarnation fails
// uid_mismatch (409) and changes nothing — including against a re-created resource that
// satisfies the generation fence — while the resource's own uid applies.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectStatus } from "../harness/assert.js";
import { liveFrom, resourceDoc } from "../harness/lifecycle.js";
import { mutableProbe } from "../harness/probes.js";

export default defineCheck("expectedUid naming another incarnation is uid_mismatch; its own uid applies", async (ctx) => {
  const probe = mutableProbe(ctx);
  const name = ctx.name("uidfence");
  const gone = await ctx.primary.create(probe.form.ref, name, ctx.space, probe.variant(0));
  await ctx.primary.destroy(gone);
  const live = await ctx.primary.create(probe.form.ref, name, ctx.space, probe.variant(0));
  const doc = resourceDoc(probe.form.ref, name, ctx.space, probe.variant(1));
  const digest = await ctx.primary.prepareDigest(doc, { generation: "1" }, "prepare of the update");
  expectError(
    await ctx.primary.apply(doc, digest, { generation: "1", expectedUid: gone.uid }),
    "uid_mismatch",
    "update fenced on the deleted incarnation's uid",
  );
  expectError(
    await ctx.primary.apply(doc, digest, { generation: "1", expectedUid: `no-such-${ctx.names.key()}` }),
    "uid_mismatch",
    "update fenced on a uid nobody holds",
  );
  const kept = await ctx.primary.fetch(probe.form.ref, name, ctx.space);
  expectEqual([kept.generation, kept.revision], [live.generation, live.revision], "generation and revision after the refused updates");
  const ok = await ctx.primary.settle(await ctx.primary.apply(doc, digest, { generation: "1", expectedUid: live.uid }));
  expectStatus(ok, 200, "update fenced on the resource's own uid");
  expectEqual(liveFrom(ok, "uid-fenced update").uid, live.uid, "uid answered by the uid-fenced update");
  // The fence a client sends on a read-then-write: its own uid on a spec-identical apply moves nothing.
  const digest2 = await ctx.primary.prepareDigest(doc, { generation: "2" }, "prepare of a spec-identical apply");
  const idem = await ctx.primary.settle(await ctx.primary.apply(doc, digest2, { generation: "2", expectedUid: live.uid }));
  expectStatus(idem, 200, "spec-identical apply fenced on the resource's own uid");
  const idemLive = liveFrom(idem, "spec-identical uid-fenced apply");
  expectEqual([idemLive.uid, idemLive.generation], [live.uid, "2"], "uid and generation after the spec-identical uid-fenced apply");
  await ctx.primary.destroy(await ctx.primary.fetch(probe.form.ref, name, ctx.space));
  return "expectedUid of the deleted incarnation and of nobody were uid_mismatch; the live uid applied";
});
