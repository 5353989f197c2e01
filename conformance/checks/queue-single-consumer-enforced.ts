// One consumer per queue (decision 0020): a second QueueConsumer against a queue incarnation that
// already has one fails invalid_argument (400) before any mutation, on apply and on import.
// Updating the first consumer is not a second one, a consumer of another queue is accepted, and
// removing the first consumer makes the second representable.

import { defineCheck } from "../check.js";
import {
  attemptCreate,
  attemptDelete,
  attemptImport,
  attemptUpdate,
  builder,
  consumerSpec,
  expectAccepted,
  expectNothingStored,
  expectRefused,
  reread,
} from "../harness/aggregate/index.js";
import { expectStatus } from "../harness/assert.js";

export default defineCheck(
  "a second consumer of one queue is invalid_argument on apply and import; updating the first, consuming another queue, and consuming after release are accepted",
  async (ctx) => {
    const b = builder(ctx);
    const form = ctx.form("QueueConsumer");
    const agg = await b.serving(["queue"]);
    const queue = await b.plain("AtLeastOnceQueue");
    const other = await b.plain("AtLeastOnceQueue");
    const first = await b.consumer(queue, agg.worker);
    const second = ctx.name("consumer");
    const spec = consumerSpec(ctx, queue, agg.worker, undefined, { maxRetries: 3 });

    expectRefused(await attemptCreate(ctx.primary, form.ref, second, ctx.space, spec), "invalid_argument", "apply of a second consumer of the queue");
    await expectNothingStored(ctx.primary, form.ref, second, ctx.space, "apply of a second consumer");
    expectRefused(
      await attemptImport(ctx.primary, form.ref, second, ctx.space, spec, ctx.names.nativeId()),
      "invalid_argument",
      "import of a second consumer of the queue",
    );
    await expectNothingStored(ctx.primary, form.ref, second, ctx.space, "import of a second consumer");

    const updated = expectAccepted(
      await attemptUpdate(ctx.primary, first, consumerSpec(ctx, queue, agg.worker, undefined, { maxRetries: 9 })),
      200,
      "update of the queue's own consumer",
    );
    await b.consumer(other, agg.worker);
    expectStatus((await attemptDelete(ctx.primary, await reread(ctx.primary, first))).res, 204, "delete of the first consumer");
    b.track(expectAccepted(await attemptCreate(ctx.primary, form.ref, second, ctx.space, spec), 201, "apply of the second consumer once the first is gone"));
    await b.cleanup();
    return `a second consumer was refused on apply and import with nothing stored; the first updated (generation ${updated.generation}); another queue took its own consumer; after release the second was accepted`;
  },
);
