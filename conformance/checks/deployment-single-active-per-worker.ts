// One active deployment (decision 0016): a WorkerDeployment whose resolved /worker already has
// one fails invalid_argument (400) before any mutation, on apply and on import. Re-applying the
// worker's own deployment (a re-weighting) is not a second one; another worker takes its own
// deployment; and once the first is deleted the second becomes representable.

import { defineCheck } from "../check.js";
import {
  attemptCreate,
  attemptDelete,
  attemptImport,
  attemptUpdate,
  builder,
  deploymentSpec,
  expectAccepted,
  expectNothingStored,
  expectRefused,
  reread,
} from "../harness/aggregate/index.js";
import { expectStatus } from "../harness/assert.js";

export default defineCheck(
  "a second deployment of one worker is invalid_argument on apply and import; re-weighting its own and a sibling worker's are accepted",
  async (ctx) => {
    const b = builder(ctx);
    const form = ctx.form("WorkerDeployment");
    const agg = await b.serving(["fetch"]);
    const v2 = await b.version({ worker: agg.worker, bundle: agg.bundle, handlers: ["fetch"] });
    const second = ctx.name("deploy");
    const spec = deploymentSpec(ctx, agg.worker, [[v2, 10000]]);

    expectRefused(await attemptCreate(ctx.primary, form.ref, second, ctx.space, spec), "invalid_argument", "apply of a second deployment of the worker");
    await expectNothingStored(ctx.primary, form.ref, second, ctx.space, "apply of a second deployment");
    expectRefused(
      await attemptImport(ctx.primary, form.ref, second, ctx.space, spec, ctx.names.nativeId()),
      "invalid_argument",
      "import of a second deployment of the worker",
    );
    await expectNothingStored(ctx.primary, form.ref, second, ctx.space, "import of a second deployment");

    const reweighted = expectAccepted(
      await attemptUpdate(
        ctx.primary,
        agg.deployment,
        deploymentSpec(ctx, agg.worker, [
          [agg.version, 5000],
          [v2, 5000],
        ]),
      ),
      200,
      "re-weighting the worker's own deployment",
    );
    const other = await b.worker();
    const otherVersion = await b.version({ worker: other, bundle: agg.bundle, handlers: ["fetch"] });
    await b.deployment(other, [[otherVersion, 10000]]);

    expectStatus((await attemptDelete(ctx.primary, await reread(ctx.primary, agg.deployment))).res, 204, "delete of the first deployment");
    b.track(expectAccepted(await attemptCreate(ctx.primary, form.ref, second, ctx.space, spec), 201, "apply of the second deployment once the first is gone"));
    await b.cleanup();
    return `a second deployment was refused on apply and import with nothing stored; the own deployment re-weighted (generation ${reweighted.generation}); a sibling worker deployed; after the delete the second was accepted`;
  },
);
