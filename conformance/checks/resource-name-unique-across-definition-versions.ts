// Decision 0022 rule 4 (own check): a resource name is unique per tenant, space, group and kind
// ACROSS definition versions — a create under another contract of the same kind conflicts with
// the taken name; after the holder is deleted the other contract may take it.

import { defineCheck } from "../check.js";
import { expectEqual, expectError } from "../harness/assert.js";
import { resourceDoc } from "../harness/lifecycle.js";
import { probeSpec, twoVersions } from "../harness/probes.js";

export default defineCheck("a name taken under one definition version is taken for every version of that kind", async (ctx) => {
  const [a, b] = twoVersions(ctx);
  const name = ctx.name("unique");
  const docB = resourceDoc(b.ref, name, ctx.space, probeSpec(ctx, b));
  const reviewB = await ctx.primary.prepareDigest(docB, { create: true }, `prepare under ${b.ref.definitionVersion} while the name is free`);
  const held = await ctx.primary.create(a.ref, name, ctx.space, probeSpec(ctx, a));
  expectError(
    await ctx.primary.apply(docB, reviewB, { create: true }),
    "generation_conflict",
    `create of ${name} under ${b.ref.definitionVersion} while ${a.ref.definitionVersion} holds it`,
  );
  expectError(
    await ctx.primary.importResource(docB, ctx.names.nativeId(), { create: true }),
    "generation_conflict",
    `create-intent import of ${name} under ${b.ref.definitionVersion}`,
  );
  expectEqual((await ctx.primary.fetch(a.ref, name, ctx.space)).uid, held.uid, "holder after the refused creates");
  await ctx.primary.destroy(held);
  const taken = await ctx.primary.create(b.ref, name, ctx.space, probeSpec(ctx, b));
  expectEqual(taken.body.form.formRef, b.ref, `recorded ref of ${name} created under ${b.ref.definitionVersion}`);
  await ctx.primary.destroy(taken);
  return `${name} held under ${a.ref.definitionVersion} refused a create and an adoption under ${b.ref.definitionVersion}; once released, ${b.ref.definitionVersion} took it`;
});
