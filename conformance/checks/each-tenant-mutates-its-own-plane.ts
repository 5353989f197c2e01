// Tenant isolation, the permissive half: every tenant creates, reads, observes, updates, imports
// and deletes in its own plane — here the second tenant, against a name the first tenant also
// holds — while the first tenant's resource keeps its uid, generation and revision throughout.

import { defineCheck } from "../check.js";
import { expectEqual, expectStatus } from "../harness/assert.js";
import { liveFrom, resourceDoc } from "../harness/lifecycle.js";
import { mutableProbe } from "../harness/probes.js";

export default defineCheck("the second tenant performs every lifecycle operation in its own plane without touching the first's", async (ctx) => {
  const probe = mutableProbe(ctx);
  const name = ctx.name("plane");
  const mine = await ctx.primary.create(probe.form.ref, name, ctx.space, probe.variant(0));
  const unchanged = async (step: string): Promise<void> => {
    const now = await ctx.primary.fetch(probe.form.ref, name, ctx.space);
    expectEqual(
      [now.uid, now.generation, now.revision],
      [mine.uid, mine.generation, mine.revision],
      `first tenant's resource after the second tenant's ${step}`,
    );
  };

  const created = await ctx.stranger.create(probe.form.ref, name, ctx.space, probe.variant(0));
  await unchanged("create");
  expectEqual((await ctx.stranger.fetch(probe.form.ref, name, ctx.space)).uid, created.uid, "uid the second tenant reads");
  const observed = await ctx.stranger.observe(probe.form.ref, name, ctx.space, { generation: created.generation });
  expectStatus(observed, 200, "the second tenant's observe");
  await unchanged("read and observe");
  const updated = await ctx.stranger.update(created, probe.variant(2));
  expectEqual(updated.generation, "2", "generation after the second tenant's update");
  await unchanged("update");
  const imported = await ctx.stranger.importResource(resourceDoc(probe.form.ref, name, ctx.space, probe.variant(2)), ctx.names.nativeId(), {
    generation: updated.generation,
  });
  expectStatus(imported, 200, "the second tenant's fenced import of its own resource");
  expectEqual(liveFrom(imported, "second tenant's import").uid, created.uid, "uid answered by the second tenant's import");
  await unchanged("import");
  await ctx.stranger.destroy(updated);
  await unchanged("delete");
  await ctx.primary.destroy(mine);
  return "the second tenant created, read, observed, updated, imported and deleted its own resource of the shared name; the first tenant's uid, generation and revision never moved";
});
