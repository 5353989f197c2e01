// Reverse validation and deletion (decision 0016): an INBOUND service binding — another worker's
// WorkerVersion whose serviceBindings entry targets this worker — needs this worker's fetch.
// While it lives, deleting the worker's deployment fails dependency_in_use (409) and moving the
// deployment to a version without fetch fails unsupported_capability (422), both leaving the
// deployment unchanged. Once the binding version is gone, the deployment deletes.

import { defineCheck } from "../check.js";
import { attemptDelete, bindingEntry, builder, deploymentSpec, expectDeleteRefused, expectUpdateRefused, reread } from "../harness/aggregate/index.js";
import { expectStatus } from "../harness/assert.js";

export default defineCheck("an inbound service binding blocks the served worker's deployment deletion and any change leaving it without fetch", async (ctx) => {
  const b = builder(ctx);
  const served = await b.serving(["fetch"]);
  const noFetch = await b.version({ worker: served.worker, bundle: served.bundle, handlers: ["scheduled"] });
  const caller = await b.worker();
  const binder = await b.version({
    worker: caller,
    bundle: served.bundle,
    handlers: ["fetch"],
    extra: { serviceBindings: [bindingEntry("UPSTREAM", served.worker)] },
  });

  const deployment = await reread(ctx.primary, served.deployment);
  await expectDeleteRefused(ctx.primary, deployment, "dependency_in_use", "delete of the deployment an inbound service binding needs");
  await expectUpdateRefused(
    ctx.primary,
    deployment,
    deploymentSpec(ctx, served.worker, [[noFetch, 10000]]),
    "unsupported_capability",
    "moving the deployment to a version without fetch under an inbound binding",
    ["fetch"],
  );

  expectStatus((await attemptDelete(ctx.primary, await reread(ctx.primary, binder))).res, 204, "delete of the binding version");
  expectStatus(
    (await attemptDelete(ctx.primary, await reread(ctx.primary, served.deployment))).res,
    204,
    "delete of the deployment once no inbound binding lives",
  );
  await b.cleanup();
  return "with another worker's version binding this worker, the deployment refused deletion (dependency_in_use) and a fetch-less change (unsupported_capability), unchanged; after the binding version was deleted the deployment deleted";
});
