// prepare/apply: substituting anything after prepare — the spec, the name, the space, or the
// preconditions the review was minted for — fails invalid_argument before mutation; the
// unsubstituted apply succeeds.

import { defineCheck } from "../check.js";
import { expectError, expectStatus } from "../harness/assert.js";
import { resourceDoc } from "../harness/lifecycle.js";
import { mutableProbe } from "../harness/probes.js";

export default defineCheck("an apply substituting spec, name or space after prepare is invalid_argument and stores nothing", async (ctx) => {
  const probe = mutableProbe(ctx);
  const name = ctx.name("subst");
  const doc = resourceDoc(probe.form.ref, name, ctx.space, probe.variant(0));
  const digest = await ctx.primary.prepareDigest(doc, { create: true }, "prepare");
  const otherName = ctx.name("subst");
  const substitutions = [
    { label: "another spec", doc: resourceDoc(probe.form.ref, name, ctx.space, probe.variant(1)) },
    { label: "another name", doc: resourceDoc(probe.form.ref, otherName, ctx.space, probe.variant(0)) },
    { label: "another space", doc: resourceDoc(probe.form.ref, name, ctx.altSpace, probe.variant(0)) },
  ];
  for (const s of substitutions) {
    expectError(await ctx.primary.apply(s.doc, digest, { create: true }), "invalid_argument", `apply with ${s.label} under the review`);
    expectError(
      await ctx.primary.read(probe.form.ref, s.doc.metadata.name, s.doc.metadata.space),
      "resource_not_found",
      `read after the apply with ${s.label}`,
    );
  }
  const forged = "sha256:" + "ab".repeat(32);
  expectError(await ctx.primary.apply(doc, forged, { create: true }), "invalid_argument", "apply with a review prepare never minted");
  expectError(await ctx.primary.apply(doc, undefined, { create: true }), "invalid_argument", "apply without a review");
  expectError(await ctx.primary.read(probe.form.ref, name, ctx.space), "resource_not_found", "read after the refused applies");
  const ok = await ctx.primary.settle(await ctx.primary.apply(doc, digest, { create: true }));
  expectStatus(ok, 201, "the unsubstituted apply");
  await ctx.primary.destroy(await ctx.primary.fetch(probe.form.ref, name, ctx.space));
  return `${substitutions.length} substitutions, a forged review and a missing review were invalid_argument and stored nothing; the bound apply created`;
});
