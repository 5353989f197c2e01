// Reverse validation (decision 0016): the gate holds in both directions. With a custom domain, an
// endpoint (fetch), a cron trigger (scheduled) and a queue consumer (queue) live on a worker, an
// update of its deployment to a version lacking fetch, or to one lacking scheduled and queue, is
// refused unsupported_capability (422) before any mutation and the deployment stays as it was. A
// promotion to another version that serves all three is accepted and every dependent stays; once
// the cron trigger and consumer are gone, moving to a fetch-only version is accepted.

import { defineCheck } from "../check.js";
import {
  attemptDelete,
  attemptUpdate,
  builder,
  deploymentSpec,
  expectAccepted,
  expectReadyTrue,
  expectUpdateRefused,
  reread,
} from "../harness/aggregate/index.js";
import { expectStatus } from "../harness/assert.js";

export default defineCheck(
  "a deployment change that would leave a live dependent unserved is unsupported_capability; one that serves them is accepted",
  async (ctx) => {
    const b = builder(ctx);
    const agg = await b.serving(["fetch", "scheduled", "queue"]);
    const { worker, bundle } = agg;
    const fetchOnly = await b.version({ worker, bundle, handlers: ["fetch"] });
    const background = await b.version({ worker, bundle, handlers: ["scheduled", "queue"] });
    const next = await b.version({ worker, bundle, handlers: ["fetch", "scheduled", "queue"] });
    const domain = await b.customDomain(worker, ctx.names.hostname());
    const endpoint = await b.endpoint(worker);
    const cron = await b.cron(worker, "*/5 * * * *");
    const consumer = await b.consumer(await b.plain("AtLeastOnceQueue"), worker);

    let deployment = await reread(ctx.primary, agg.deployment);
    await expectUpdateRefused(
      ctx.primary,
      deployment,
      deploymentSpec(ctx, worker, [[fetchOnly, 10000]]),
      "unsupported_capability",
      "moving all traffic to a fetch-only version while a cron trigger and a consumer live",
      [["scheduled", "queue"]],
    );
    await expectUpdateRefused(
      ctx.primary,
      deployment,
      deploymentSpec(ctx, worker, [[background, 10000]]),
      "unsupported_capability",
      "moving all traffic to a version without fetch while a custom domain and an endpoint live",
      ["fetch"],
    );
    await expectUpdateRefused(
      ctx.primary,
      deployment,
      deploymentSpec(ctx, worker, [
        [agg.version, 5000],
        [fetchOnly, 5000],
      ]),
      "unsupported_capability",
      "splitting traffic onto a fetch-only version while a cron trigger lives",
      [["scheduled", "queue"]],
    );

    deployment = expectAccepted(
      await attemptUpdate(
        ctx.primary,
        deployment,
        deploymentSpec(ctx, worker, [
          [agg.version, 5000],
          [next, 5000],
        ]),
      ),
      200,
      "promotion to a split between two versions serving every handler",
    );
    for (const dependent of [domain, endpoint, cron, consumer])
      expectReadyTrue(await reread(ctx.primary, dependent), `${dependent.ref.kind} after the promotion`);

    for (const gone of [cron, consumer])
      expectStatus((await attemptDelete(ctx.primary, await reread(ctx.primary, gone))).res, 204, `delete of the ${gone.ref.kind}`);
    expectAccepted(
      await attemptUpdate(ctx.primary, deployment, deploymentSpec(ctx, worker, [[fetchOnly, 10000]])),
      200,
      "moving to the fetch-only version once only fetch dependents live",
    );
    await b.cleanup();
    return "with fetch, scheduled and queue dependents live, three unserving deployment changes were refused unchanged; a serving promotion kept every dependent Ready; after removing the scheduled and queue dependents the fetch-only move was accepted";
  },
);
