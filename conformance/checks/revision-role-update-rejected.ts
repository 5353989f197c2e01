// Role rules: a revision-role resource is never updated in place — an apply to an existing
// revision, spec-changing or spec-identical, fails invalid_argument before mutation; the
// revision can still be created, read and deleted.

import { defineCheck } from "../check.js";
import { expectEqual, expectError } from "../harness/assert.js";
import { uploadProbeBundle } from "../harness/artifacts.js";
import { attemptUpdate, builder, expectRefused, expectUnchanged } from "../harness/aggregate/index.js";
import { CorpusGap } from "../harness/corpus.js";
import { resourceDoc } from "../harness/lifecycle.js";
import { probeSpec } from "../harness/probes.js";

export default defineCheck("any apply to an existing revision-role resource is invalid_argument", async (ctx) => {
  const form = ctx.form("WorkerBundle");
  if (form.definition.role !== "revision") throw new CorpusGap("the pinned WorkerBundle is not revision-role");
  const d1 = await uploadProbeBundle(ctx.primary, ["fetch"], ctx.names.key());
  const d2 = await uploadProbeBundle(ctx.primary, ["fetch", "scheduled"], ctx.names.key());
  const live = await ctx.primary.create(form.ref, ctx.name("rev"), ctx.space, probeSpec(ctx, form, { manifestDigest: d1 }));
  for (const [label, digest] of [
    ["a spec-changing apply", d2],
    ["a spec-identical apply", d1],
  ] as const) {
    const doc = resourceDoc(form.ref, live.name, ctx.space, probeSpec(ctx, form, { manifestDigest: digest }));
    const prep = await ctx.primary.prepare(doc, { generation: live.generation });
    if (prep.status === 200) {
      const review = (prep.body as { review: { prepareDigest: string } }).review.prepareDigest;
      expectError(await ctx.primary.apply(doc, review, { generation: live.generation }), "invalid_argument", `${label} to the revision`);
    } else {
      expectError(prep, "invalid_argument", `prepare of ${label} to the revision`);
    }
  }
  const after = await ctx.primary.fetch(form.ref, live.name, ctx.space);
  expectEqual(
    [after.generation, after.revision, after.body.spec],
    [live.generation, live.revision, live.body.spec],
    "revision resource after the refused applies",
  );
  await ctx.primary.destroy(after);

  // The upstream runner's subject: a WorkerVersion, the aggregate's revision, under a spec-identical apply.
  const versionForm = ctx.form("WorkerVersion");
  if (versionForm.definition.role !== "revision") throw new CorpusGap("the pinned WorkerVersion is not revision-role");
  const b = builder(ctx);
  const version = await b.version({ worker: await b.worker(), bundle: await b.bundle(), handlers: ["fetch"] });
  expectRefused(await attemptUpdate(ctx.primary, version, structuredClone(version.body.spec)), "invalid_argument", "a spec-identical apply to a WorkerVersion");
  await expectUnchanged(ctx.primary, version, "the WorkerVersion after the refused apply");
  await b.cleanup();
  return "a spec-changing and a spec-identical apply to a WorkerBundle, and a spec-identical apply to a WorkerVersion, were invalid_argument; the revisions stayed and deleted";
});
