// The endpoint answers for the worker's ACTIVE DEPLOYMENT (decision 0024), which is what a
// desired-state runner can hold a host to: an endpoint is refused unsupported_capability (422)
// while the worker has no deployment, and while its deployment weights only a version without
// fetch; it is accepted once the deployment serves fetch. A promotion to another fetch version
// moves what answers without re-applying the endpoint (same uid, same address, still Ready); a
// change that would leave it without fetch, deleting the deployment, and deleting the worker are
// all refused while it lives, and none of them moves it.

import { defineCheck } from "../check.js";
import {
  addressOf,
  attemptCreate,
  attemptUpdate,
  builder,
  deploymentSpec,
  endpointSpec,
  expectAccepted,
  expectDeleteRefused,
  expectNothingStored,
  expectReadyTrue,
  expectRefused,
  expectUnchanged,
  expectUpdateRefused,
  reread,
} from "../harness/aggregate/index.js";
import { expectEqual } from "../harness/assert.js";

export default defineCheck(
  "an endpoint is admitted against the active deployment's fetch and survives promotion unchanged; nothing may leave it unserved",
  async (ctx) => {
    const b = builder(ctx);
    const form = ctx.form("WorkerEndpoint");
    const worker = await b.worker();
    const bundle = await b.bundle();
    const background = await b.version({ worker, bundle, handlers: ["scheduled"] });
    const v1 = await b.version({ worker, bundle, handlers: ["fetch"] });
    const v2 = await b.version({ worker, bundle, handlers: ["fetch", "scheduled"] });
    const name = ctx.name("endpoint");
    const spec = endpointSpec(ctx, worker);

    expectRefused(await attemptCreate(ctx.primary, form.ref, name, ctx.space, spec), "unsupported_capability", "an endpoint of a worker with no deployment");
    await expectNothingStored(ctx.primary, form.ref, name, ctx.space, "an endpoint of a worker with no deployment");
    let deployment = await b.deployment(worker, [[background, 10000]]);
    expectRefused(
      await attemptCreate(ctx.primary, form.ref, name, ctx.space, spec),
      "unsupported_capability",
      "an endpoint of a worker whose deployment serves no fetch",
      ["fetch"],
    );
    await expectNothingStored(ctx.primary, form.ref, name, ctx.space, "an endpoint of a worker whose deployment serves no fetch");
    deployment = expectAccepted(
      await attemptUpdate(ctx.primary, deployment, deploymentSpec(ctx, worker, [[v1, 10000]])),
      200,
      "moving the deployment to a fetch version",
    );

    const endpoint = b.track(
      expectAccepted(await attemptCreate(ctx.primary, form.ref, name, ctx.space, spec), 201, "an endpoint once the active deployment serves fetch"),
    );
    const address = addressOf(endpoint, "the created endpoint");
    deployment = expectAccepted(
      await attemptUpdate(
        ctx.primary,
        deployment,
        deploymentSpec(ctx, worker, [
          [v1, 5000],
          [v2, 5000],
        ]),
      ),
      200,
      "canary promotion to a second fetch version",
    );
    deployment = expectAccepted(
      await attemptUpdate(ctx.primary, deployment, deploymentSpec(ctx, worker, [[v2, 10000]])),
      200,
      "full promotion to the second fetch version",
    );
    const after = await reread(ctx.primary, endpoint);
    expectEqual(
      [after.uid, after.generation, addressOf(after, "the endpoint after promotion")],
      [endpoint.uid, endpoint.generation, address],
      "endpoint uid, generation and address after promotion",
    );
    expectReadyTrue(after, "the endpoint after promotion");

    await expectUpdateRefused(
      ctx.primary,
      deployment,
      deploymentSpec(ctx, worker, [[background, 10000]]),
      "unsupported_capability",
      "moving the deployment to a version without fetch under the endpoint",
      ["fetch"],
    );
    await expectDeleteRefused(ctx.primary, await reread(ctx.primary, deployment), "dependency_in_use", "delete of the deployment serving the endpoint");
    await expectDeleteRefused(ctx.primary, await reread(ctx.primary, worker), "dependency_in_use", "delete of the worker the endpoint pins");
    await expectUnchanged(ctx.primary, after, "the endpoint after the refused changes");
    await b.cleanup();
    return `refused with no deployment and with a fetch-less one; accepted once fetch was served (${address.url}); two promotions kept its uid, generation and address; a fetch-less change, the deployment delete and the worker delete were refused`;
  },
);
