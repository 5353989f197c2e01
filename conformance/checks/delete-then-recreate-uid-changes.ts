// Resource identity: delete followed by re-create of the same name yields a new uid at
// generation 1; the name reads not-found in between.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectNotEqual } from "../harness/assert.js";
import { mutableProbe } from "../harness/probes.js";

export default defineCheck("delete then re-create of one name mints a new uid at generation 1", async (ctx) => {
  const probe = mutableProbe(ctx);
  const name = ctx.name("recreate");
  const first = await ctx.primary.update(await ctx.primary.create(probe.form.ref, name, ctx.space, probe.variant(0)), probe.variant(1));
  await ctx.primary.destroy(first);
  expectError(await ctx.primary.read(probe.form.ref, name, ctx.space), "resource_not_found", "read between delete and re-create");
  const second = await ctx.primary.create(probe.form.ref, name, ctx.space, probe.variant(1));
  expectNotEqual(second.uid, first.uid, "uid of the re-created resource");
  expectEqual(second.generation, "1", "generation of the re-created resource");
  expectEqual((await ctx.primary.fetch(probe.form.ref, name, ctx.space)).uid, second.uid, "uid read after the re-create");
  await ctx.primary.destroy(second);
  return `uid ${first.uid} (generation ${first.generation}) was replaced by ${second.uid} at generation 1`;
});
