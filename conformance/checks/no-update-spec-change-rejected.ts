// Lifecycle capabilities: a spec-CHANGING apply to an existing resource whose Form omits update
// fails invalid_argument before mutation; a spec-identical apply to a non-revision Form without
// update changes nothing and is accepted.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectStatus, expectTrue } from "../harness/assert.js";
import { uploadProbeBundle } from "../harness/artifacts.js";
import { attemptUpdate, builder, expectRefused, expectUnchanged } from "../harness/aggregate/index.js";
import { CorpusGap } from "../harness/corpus.js";
import { liveFrom, resourceDoc } from "../harness/lifecycle.js";
import { plainProbe, probeSpec } from "../harness/probes.js";

export default defineCheck("a spec change to a Form without update is invalid_argument; a spec-identical apply is not an update", async (ctx) => {
  // Refusing half: a Form without update whose spec can change (its manifestDigest).
  const bundle = ctx.form("WorkerBundle");
  if (bundle.capabilities.includes("update")) throw new CorpusGap("the pinned WorkerBundle declares update");
  const d1 = await uploadProbeBundle(ctx.primary, ["fetch"], ctx.names.key());
  const d2 = await uploadProbeBundle(ctx.primary, ["fetch", "queue"], ctx.names.key());
  const held = await ctx.primary.create(bundle.ref, ctx.name("noupd"), ctx.space, probeSpec(ctx, bundle, { manifestDigest: d1 }));
  const changed = resourceDoc(bundle.ref, held.name, ctx.space, probeSpec(ctx, bundle, { manifestDigest: d2 }));
  const prep = await ctx.primary.prepare(changed, { generation: held.generation });
  if (prep.status === 200) {
    const review = (prep.body as { review: { prepareDigest: string } }).review.prepareDigest;
    expectError(await ctx.primary.apply(changed, review, { generation: held.generation }), "invalid_argument", "spec-changing apply to a Form without update");
  } else {
    expectError(prep, "invalid_argument", "prepare of a spec-changing apply to a Form without update");
  }
  const kept = await ctx.primary.fetch(bundle.ref, held.name, ctx.space);
  expectEqual(
    [kept.generation, kept.revision, kept.body.spec],
    [held.generation, held.revision, held.body.spec],
    "generation, revision and spec after the refused change",
  );
  await ctx.primary.destroy(kept);

  // The upstream runner's subject: a WorkerVersion (no update) whose optional vars change.
  const versionForm = ctx.form("WorkerVersion");
  if (versionForm.capabilities.includes("update")) throw new CorpusGap("the pinned WorkerVersion declares update");
  const b = builder(ctx);
  const version = await b.version({ worker: await b.worker(), bundle: await b.bundle(), handlers: ["fetch"] });
  const withVars = { ...structuredClone(version.body.spec), vars: { LOG_LEVEL: "debug" } };
  expectRefused(await attemptUpdate(ctx.primary, version, withVars), "invalid_argument", "a vars-changing apply to a WorkerVersion");
  await expectUnchanged(ctx.primary, version, "the WorkerVersion after the refused vars change");
  await b.cleanup();

  // Accepting half: a spec-identical apply to a non-revision Form without update.
  const { form, spec } = plainProbe(ctx);
  expectTrue(!form.capabilities.includes("update") && form.definition.role !== "revision", "plain probe Form must lack update and not be a revision");
  const live = await ctx.primary.create(form.ref, ctx.name("noupd"), ctx.space, spec());
  const same = resourceDoc(form.ref, live.name, ctx.space, spec());
  const digest = await ctx.primary.prepareDigest(same, { generation: live.generation }, "prepare of a spec-identical apply");
  const res = await ctx.primary.settle(await ctx.primary.apply(same, digest, { generation: live.generation }));
  expectStatus(res, 200, `spec-identical apply to ${form.ref.kind} (no update capability)`);
  expectEqual(liveFrom(res, "identical apply").generation, live.generation, "generation after the spec-identical apply");
  await ctx.primary.destroy(live);
  return `a spec change to ${bundle.ref.kind} and a vars change to ${versionForm.ref.kind} were invalid_argument and stored nothing; a spec-identical apply to ${form.ref.kind} was accepted without moving the generation`;
});
