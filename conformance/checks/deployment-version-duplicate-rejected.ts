// Deployment integrity (decision 0016): one WorkerVersion named twice in versions[] — two
// entries that differ only in weight, so uniqueItems admits them and the weights still sum to
// 10000 — says two things about one revision and is refused invalid_argument (400) before any
// mutation, on apply and import. Two distinct versions with the same weights are accepted.

import { defineCheck } from "../check.js";
import { attemptCreate, attemptImport, builder, deploymentSpec, expectAccepted, expectNothingStored, expectRefused } from "../harness/aggregate/index.js";
import { expectTrue } from "../harness/assert.js";

export default defineCheck("a version weighted twice is invalid_argument even when the schema admits it; distinct versions are accepted", async (ctx) => {
  const b = builder(ctx);
  const form = ctx.form("WorkerDeployment");
  const worker = await b.worker();
  const bundle = await b.bundle();
  const v1 = await b.version({ worker, bundle, handlers: ["fetch"] });
  const v2 = await b.version({ worker, bundle, handlers: ["fetch"] });
  const spec = deploymentSpec(ctx, worker, [
    [v1, 4000],
    [v1, 6000],
  ]);
  const problems = ctx.corpus.specProblems(form, ctx.corpus.materialize(form, structuredClone(spec)));
  expectTrue(
    problems.length === 0,
    `the duplicate-version spec must be schema-valid for this check to measure the host rule, but the pinned schema refuses it: ${problems.join("; ")}`,
  );

  const name = ctx.name("deploy");
  expectRefused(await attemptCreate(ctx.primary, form.ref, name, ctx.space, spec), "invalid_argument", "apply weighting one version as 4000 and 6000");
  await expectNothingStored(ctx.primary, form.ref, name, ctx.space, "apply weighting one version twice");
  expectRefused(
    await attemptImport(ctx.primary, form.ref, name, ctx.space, spec, ctx.names.nativeId()),
    "invalid_argument",
    "import weighting one version as 4000 and 6000",
  );
  await expectNothingStored(ctx.primary, form.ref, name, ctx.space, "import weighting one version twice");

  b.track(
    expectAccepted(
      await attemptCreate(
        ctx.primary,
        form.ref,
        name,
        ctx.space,
        deploymentSpec(ctx, worker, [
          [v1, 4000],
          [v2, 6000],
        ]),
      ),
      201,
      "apply weighting two distinct versions 4000 and 6000",
    ),
  );
  await b.cleanup();
  return "one version split across 4000 and 6000 (schema-valid) was refused on apply and import with nothing stored; two distinct versions at the same weights were accepted";
});
