// Dependency protection covers every relation, not only bindings: a WorkerBundle a WorkerVersion
// executes, the ModuleWorker it is pinned to, and a WorkerVersion a WorkerDeployment weights all
// refuse deletion with dependency_in_use (409) and stay exactly as they were. Once the holder is
// gone, each deletes (204).

import { defineCheck } from "../check.js";
import { attemptDelete, builder, expectDeleteRefused, reread } from "../harness/aggregate/index.js";
import { expectStatus } from "../harness/assert.js";

export default defineCheck("a resource a live relation references refuses deletion with dependency_in_use until the holder is gone", async (ctx) => {
  const b = builder(ctx);
  const agg = await b.serving(["fetch"]);
  // A second, unreferenced version of the same worker: nothing holds it, so it deletes.
  const spare = await b.version({ worker: agg.worker, bundle: agg.bundle, handlers: ["fetch"] });

  await expectDeleteRefused(ctx.primary, await reread(ctx.primary, agg.version), "dependency_in_use", "delete of the version the deployment weights");
  await expectDeleteRefused(ctx.primary, await reread(ctx.primary, agg.bundle), "dependency_in_use", "delete of the bundle two versions execute");
  await expectDeleteRefused(ctx.primary, await reread(ctx.primary, agg.worker), "dependency_in_use", "delete of the worker its versions and deployment pin");

  expectStatus((await attemptDelete(ctx.primary, await reread(ctx.primary, spare))).res, 204, "delete of the version nothing references");
  expectStatus(
    (await attemptDelete(ctx.primary, await reread(ctx.primary, agg.deployment))).res,
    204,
    "delete of the deployment (nothing references it, and nothing it serves lives)",
  );
  expectStatus((await attemptDelete(ctx.primary, await reread(ctx.primary, agg.version))).res, 204, "delete of the version once no deployment weights it");
  expectStatus((await attemptDelete(ctx.primary, await reread(ctx.primary, agg.bundle))).res, 204, "delete of the bundle once no version executes it");
  expectStatus((await attemptDelete(ctx.primary, await reread(ctx.primary, agg.worker))).res, 204, "delete of the worker once nothing pins it");
  await b.cleanup();
  return "a weighted version, an executed bundle and a pinned worker each refused deletion (dependency_in_use) unchanged; each deleted once its holders were gone";
});
