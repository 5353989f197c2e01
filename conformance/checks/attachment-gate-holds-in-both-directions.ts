// The attachment gate holds in both directions (decision 0016), measured one dependent kind at a
// time so a host cannot pass by enforcing some kinds only. For each of WorkerCustomDomain and
// WorkerEndpoint (fetch), WorkerCronTrigger (scheduled) and QueueConsumer (queue), on a worker of
// its own: FORWARD, the attachment is refused unsupported_capability while the active deployment
// weights a version without its handler and accepted once it weights one with it; REVERSE, with
// that attachment the only dependent, moving the deployment back to the version without the
// handler is refused unsupported_capability and moves nothing, and is accepted once the attachment
// is gone.

import { defineCheck } from "../check.js";
import {
  attemptCreate,
  attemptDelete,
  attemptUpdate,
  builder,
  deploymentSpec,
  expectAccepted,
  expectNothingStored,
  expectRefused,
  expectUpdateRefused,
  reread,
} from "../harness/aggregate/index.js";
import { expectStatus } from "../harness/assert.js";

const ALL = ["fetch", "scheduled", "queue"];

export default defineCheck("each attachment kind is gated forward (attach) and in reverse (deployment change) on exactly its own handler", async (ctx) => {
  const b = builder(ctx);
  const bundle = await b.bundle();
  const measured: string[] = [];
  for (const kind of ["WorkerCustomDomain", "WorkerEndpoint", "WorkerCronTrigger", "QueueConsumer"]) {
    const worker = await b.worker();
    const full = await b.version({ worker, bundle, handlers: ALL });
    const probe = (await b.attachments(worker)).find((a) => a.kind === kind)!;
    const lacking = await b.version({ worker, bundle, handlers: ALL.filter((h) => h !== probe.handler) });
    let deployment = await b.deployment(worker, [[lacking, 10000]]);

    expectRefused(
      await attemptCreate(ctx.primary, probe.form.ref, probe.name, ctx.space, probe.spec),
      "unsupported_capability",
      `${kind} while the deployment lacks ${probe.handler}`,
      [probe.handler],
    );
    await expectNothingStored(ctx.primary, probe.form.ref, probe.name, ctx.space, `${kind} while the deployment lacks ${probe.handler}`);
    deployment = expectAccepted(
      await attemptUpdate(ctx.primary, deployment, deploymentSpec(ctx, worker, [[full, 10000]])),
      200,
      `moving the deployment to a version with ${probe.handler} (no dependent yet)`,
    );
    const attachment = b.track(
      expectAccepted(
        await attemptCreate(ctx.primary, probe.form.ref, probe.name, ctx.space, probe.spec),
        201,
        `${kind} once the deployment serves ${probe.handler}`,
      ),
    );

    await expectUpdateRefused(
      ctx.primary,
      deployment,
      deploymentSpec(ctx, worker, [[lacking, 10000]]),
      "unsupported_capability",
      `moving the deployment off ${probe.handler} while the ${kind} lives`,
      [probe.handler],
    );
    expectStatus((await attemptDelete(ctx.primary, await reread(ctx.primary, attachment))).res, 204, `delete of the ${kind}`);
    expectAccepted(
      await attemptUpdate(ctx.primary, deployment, deploymentSpec(ctx, worker, [[lacking, 10000]])),
      200,
      `moving the deployment off ${probe.handler} once the ${kind} is gone`,
    );
    measured.push(`${kind}/${probe.handler}`);
  }
  await b.cleanup();
  return `forward and reverse gating held for ${measured.join(", ")}, each alone on its own worker`;
});
