// prepare binds the exact materialized spec: the review's specDigest is the RFC 8785 digest of
// the spec with the PINNED defaults materialized (computed here, not read from the host), the
// echo is that materialized spec, the binding is deterministic, and a different spec or name
// gets a different review.

import { specDigest } from "../../corpus/lib/index.js";
import { defineCheck } from "../check.js";
import { expectEqual, expectNotEqual, expectStatus } from "../harness/assert.js";
import { resourceDoc } from "../harness/lifecycle.js";
import { expectedSpec, mutableProbe } from "../harness/probes.js";

interface Prepared {
  resource: { spec: Record<string, unknown> };
  review: { prepareDigest: string; specDigest: string };
}

export default defineCheck("prepare binds the materialized spec's digest, deterministically, and distinguishes other specs and names", async (ctx) => {
  const probe = mutableProbe(ctx);
  const name = ctx.name("bind");
  const spec = probe.variant(0);
  const materialized = expectedSpec(ctx, probe.form, spec);
  const p1 = await ctx.primary.prepare(resourceDoc(probe.form.ref, name, ctx.space, spec), { create: true });
  expectStatus(p1, 200, "prepare");
  const a = p1.body as Prepared;
  expectEqual(a.review.specDigest, specDigest(materialized), "review.specDigest (digest of the pinned-materialized spec)");
  expectEqual(a.resource.spec, materialized, "spec echoed by prepare (materialized)");

  const p2 = await ctx.primary.prepare(resourceDoc(probe.form.ref, name, ctx.space, spec), { create: true });
  expectStatus(p2, 200, "repeated prepare");
  expectEqual((p2.body as Prepared).review.specDigest, a.review.specDigest, "specDigest of a repeated prepare");

  const other = await ctx.primary.prepare(resourceDoc(probe.form.ref, name, ctx.space, probe.variant(1)), { create: true });
  expectStatus(other, 200, "prepare of another spec");
  const b = other.body as Prepared;
  expectNotEqual(b.review.specDigest, a.review.specDigest, "specDigest of another spec");
  expectNotEqual(b.review.prepareDigest, a.review.prepareDigest, "prepareDigest of another spec");
  const renamed = await ctx.primary.prepare(resourceDoc(probe.form.ref, ctx.name("bind"), ctx.space, spec), { create: true });
  expectStatus(renamed, 200, "prepare of the same spec under another name");
  expectNotEqual((renamed.body as Prepared).review.prepareDigest, a.review.prepareDigest, "prepareDigest under another name");

  // The review applies, and the stored spec is the one prepare bound.
  const live = await ctx.primary.settle(await ctx.primary.apply(resourceDoc(probe.form.ref, name, ctx.space, spec), a.review.prepareDigest, { create: true }));
  expectStatus(live, 201, "apply of the review");
  expectEqual((live.body as { spec: unknown }).spec, materialized, "spec stored by the apply");
  const stored = await ctx.primary.fetch(probe.form.ref, name, ctx.space);
  await ctx.primary.destroy(stored);
  return "specDigest equals the digest of the pinned-materialized spec, is stable, and differs for another spec; another spec or name gets another review; the apply stored the bound spec";
});
