// Resource identity: the package digest is audit evidence only. It never enters a query, a
// fence or the state identity: requests with, without, or with another packageDigest address
// and bind the same resource and the same spec, while a different schemaDigest does not.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectNotEqual, expectStatus } from "../harness/assert.js";
import { liveFrom, resourceDoc, type ResourceDoc } from "../harness/lifecycle.js";
import { exactQuery, resourcePath } from "../harness/paths.js";
import { mutableProbe } from "../harness/probes.js";

function withPackage(doc: ResourceDoc, packageDigest: string | undefined): ResourceDoc {
  return { ...doc, form: packageDigest === undefined ? { formRef: doc.form.formRef } : { formRef: doc.form.formRef, packageDigest } };
}

export default defineCheck("packageDigest never enters identity: with, without or another digest address one resource", async (ctx) => {
  const probe = mutableProbe(ctx);
  const pinned = probe.form.packageDigest;
  const another = "sha256:" + "5".repeat(64);
  const name = ctx.name("pkg");
  const base = resourceDoc(probe.form.ref, name, ctx.space, probe.variant(0));
  const specDigests = new Set<string>();
  for (const pd of [undefined, pinned, another]) {
    const p = await ctx.primary.prepare(withPackage(base, pd), { create: true });
    expectStatus(p, 200, `prepare with packageDigest ${pd ?? "(absent)"}`);
    specDigests.add((p.body as { review: { specDigest: string } }).review.specDigest);
  }
  expectEqual(specDigests.size, 1, "distinct specDigests across packageDigest variants");

  // Created with the pinned package digest, updated citing another one, deleted citing none.
  const createDoc = withPackage(base, pinned);
  const digest = await ctx.primary.prepareDigest(createDoc, { create: true }, "prepare of the create");
  const created = await ctx.primary.settle(await ctx.primary.apply(createDoc, digest, { create: true }));
  expectStatus(created, 201, "create citing the pinned package digest");
  const live = liveFrom(created, "create");
  const updDoc = withPackage(resourceDoc(probe.form.ref, name, ctx.space, probe.variant(1)), another);
  const uDigest = await ctx.primary.prepareDigest(updDoc, { generation: "1" }, "prepare citing another package digest");
  const updated = await ctx.primary.settle(await ctx.primary.apply(updDoc, uDigest, { generation: "1" }));
  expectStatus(updated, 200, "update citing another package digest");
  expectEqual(liveFrom(updated, "update").uid, live.uid, "uid addressed by the update citing another package digest");
  expectNotEqual(
    (updated.body as { form: { packageDigest?: string } }).form.packageDigest,
    another,
    "form.packageDigest answered by the update (a caller-cited audit digest is not echoed as the host's own)",
  );
  // A spec-identical apply citing only another package digest addresses the same resource and moves no generation.
  const sameDoc = withPackage(resourceDoc(probe.form.ref, name, ctx.space, probe.variant(1)), pinned);
  const sDigest = await ctx.primary.prepareDigest(sameDoc, { generation: "2" }, "prepare of a spec-identical apply citing the pinned package digest");
  const same = await ctx.primary.settle(await ctx.primary.apply(sameDoc, sDigest, { generation: "2" }));
  expectStatus(same, 200, "spec-identical apply citing the pinned package digest");
  expectEqual(
    [liveFrom(same, "spec-identical apply").uid, liveFrom(same, "spec-identical apply").generation],
    [live.uid, "2"],
    "uid and generation after the spec-identical apply",
  );
  expectEqual((await ctx.primary.fetch(probe.form.ref, name, ctx.space)).uid, live.uid, "uid read without any package digest");
  // The exact read query has no packageDigest parameter: one outside the closed vocabulary fails closed.
  const withQuery = await ctx.primary.send("read", {
    method: "GET",
    path: `${resourcePath(probe.form.ref, name)}${exactQuery(probe.form.ref, ctx.space)}&packageDigest=${encodeURIComponent(pinned)}`,
  });
  expectError(withQuery, "invalid_argument", "read with a packageDigest query parameter");
  // The refusing half: the schemaDigest IS identity.
  expectError(await ctx.primary.read({ ...probe.form.ref, schemaDigest: another }, name, ctx.space), "form_unknown", "read under another schemaDigest");
  await ctx.primary.destroy(await ctx.primary.fetch(probe.form.ref, name, ctx.space));
  return "absent, pinned and foreign packageDigests bound one specDigest and addressed one uid; a spec-identical apply citing only a different package digest moved nothing; a packageDigest read parameter was invalid_argument; another schemaDigest was form_unknown";
});
