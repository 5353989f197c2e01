// Decision 0022 rule 3: a resource records the exact FormRef it was created under and is
// answered only about it. Read, observe, import and delete naming the other installed
// definition version of the same kind fail resource_not_found; the recorded ref answers and is
// never rewritten.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectStatus } from "../harness/assert.js";
import { resourceDoc, type Live } from "../harness/lifecycle.js";
import { probeSpec, twoVersions } from "../harness/probes.js";

export default defineCheck("a resource answers only under the exact FormRef it was created under", async (ctx) => {
  const [a, b] = twoVersions(ctx);
  const underA = await ctx.primary.create(a.ref, ctx.name("refa"), ctx.space, probeSpec(ctx, a));
  const underB = await ctx.primary.create(b.ref, ctx.name("refb"), ctx.space, probeSpec(ctx, b));
  const pairs: [Live, typeof b][] = [
    [underA, b],
    [underB, a],
  ];
  for (const [live, other] of pairs) {
    const w = `${live.name} (recorded ${live.ref.definitionVersion}) under ${other.ref.definitionVersion}`;
    expectEqual(live.body.form.formRef, live.ref.definitionVersion === a.ref.definitionVersion ? a.ref : b.ref, `recorded formRef of ${live.name}`);
    expectError(await ctx.primary.read(other.ref, live.name, ctx.space), "resource_not_found", `read of ${w}`);
    expectError(await ctx.primary.observe(other.ref, live.name, ctx.space, { generation: live.generation }), "resource_not_found", `observe of ${w}`);
    expectError(await ctx.primary.remove(other.ref, live.name, ctx.space, { generation: live.generation }), "resource_not_found", `delete of ${w}`);
    const doc = resourceDoc(other.ref, live.name, ctx.space, probeSpec(ctx, other));
    expectError(await ctx.primary.importResource(doc, ctx.names.nativeId(), { generation: live.generation }), "resource_not_found", `fenced import of ${w}`);
    expectError(await ctx.primary.prepare(doc, { generation: live.generation }), "resource_not_found", `fenced prepare of ${w}`);
    // The recorded ref still answers, about the same incarnation, with the ref unchanged.
    const read = await ctx.primary.fetch(live.ref, live.name, ctx.space);
    expectEqual(read.uid, live.uid, `uid of ${live.name} read under its recorded ref`);
    expectEqual(read.body.form.formRef, live.ref, `formRef of ${live.name} read under its recorded ref`);
    expectEqual(read.revision, live.revision, `revision of ${live.name} after the refused requests`);
    const obs = await ctx.primary.observe(live.ref, live.name, ctx.space, { generation: live.generation });
    expectStatus(obs, 200, `observe of ${live.name} under its recorded ref`);
  }
  await ctx.primary.destroy(underA);
  await ctx.primary.destroy(underB);
  return `resources under ${a.ref.definitionVersion} and ${b.ref.definitionVersion} each refused read/observe/delete/import/prepare under the other ref and answered under their own`;
});
