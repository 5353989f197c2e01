// Mutations are serialized per resource and not across resources: concurrent creates and
// updates of unrelated resources all succeed and read back as written, while concurrent updates
// of ONE resource carrying the same generation fence admit exactly one; the rest fail
// generation_conflict.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectStatus } from "../harness/assert.js";
import { liveFrom, resourceDoc } from "../harness/lifecycle.js";
import { mutableProbe } from "../harness/probes.js";

const WIDTH = 8;

export default defineCheck("concurrent unrelated mutations all land; concurrent same-fence updates admit exactly one", async (ctx) => {
  const probe = mutableProbe(ctx);
  const names = Array.from({ length: WIDTH }, () => ctx.name("conc"));
  const created = await Promise.all(names.map((n, i) => ctx.primary.create(probe.form.ref, n, ctx.space, probe.variant(i % 4))));
  const updated = await Promise.all(created.map((live, i) => ctx.primary.update(live, probe.variant((i % 4) + 4))));
  for (const [i, live] of updated.entries()) {
    const read = await ctx.primary.fetch(probe.form.ref, live.name, ctx.space);
    expectEqual([read.uid, read.generation], [created[i]!.uid, "2"], `${live.name} after the concurrent creates and updates`);
    expectEqual(read.body.spec, live.body.spec, `${live.name}'s spec after the concurrent updates`);
  }

  // The related case: many updates of one resource, all fenced on the same generation.
  const target = updated[0]!;
  // Every racer prepares first (each review is valid for generation 2), then all applies race,
  // so the fence alone decides the race; a prepare racing the winner's apply would be refused
  // by the moved generation before it reached the fence under test.
  const reviewed = await Promise.all(
    Array.from({ length: WIDTH }, async (_, i) => {
      const doc = resourceDoc(probe.form.ref, target.name, ctx.space, probe.variant(10 + i));
      const digest = await ctx.primary.prepareDigest(doc, { generation: "2" }, `prepare of racing update ${i}`);
      return { doc, digest };
    }),
  );
  const attempts = await Promise.all(reviewed.map(async ({ doc, digest }) => ctx.primary.settle(await ctx.primary.apply(doc, digest, { generation: "2" }))));
  const winners = attempts.filter((r) => r.status === 200);
  expectEqual(winners.length, 1, "racing updates admitted under one generation fence");
  for (const r of attempts) if (r.status !== 200) expectError(r, "generation_conflict", "a losing racing update");
  const final = await ctx.primary.fetch(probe.form.ref, target.name, ctx.space);
  expectEqual(final.generation, "3", "generation after the race");
  expectEqual(final.body.spec, liveFrom(winners[0]!, "winner").body.spec, "spec after the race (the winner's)");
  for (const live of updated) {
    const now = live.name === target.name ? final : live;
    const res = await ctx.primary.settle(await ctx.primary.remove(probe.form.ref, now.name, ctx.space, { generation: now.generation }));
    expectStatus(res, 204, `delete of ${now.name}`);
  }
  return `${WIDTH} concurrent creates and ${WIDTH} concurrent updates of unrelated resources all landed; ${WIDTH} racing updates under one fence admitted exactly one`;
});
