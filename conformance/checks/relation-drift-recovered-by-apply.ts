// Recovery (decision 0015), for both kinds of source. A Form that declares update recovers with a
// spec-identical apply — but not while the target is missing: a QueueConsumer whose queue vanished
// reports DependencyMissing, and its identical apply is resource_not_found naming /queue,
// changing nothing; once a queue of that name exists again the same apply is accepted, Ready=True,
// generation unchanged. A revision-role Form has no apply at all: a drifted WorkerVersion refuses
// the spec-identical apply with invalid_argument and stays drifted; its recovery is replacement —
// delete and create again — after which the new incarnation is Ready and pins the new target.

import { defineCheck } from "../check.js";
import {
  attemptCreate,
  attemptDelete,
  attemptUpdate,
  bindingEntry,
  builder,
  consumerSpec,
  deleteOutOfBand,
  expectAccepted,
  expectDrift,
  expectReadyTrue,
  expectRefused,
  expectUnchanged,
  reread,
  versionSpec,
} from "../harness/aggregate/index.js";
import { expectEqual, expectNotEqual, expectStatus } from "../harness/assert.js";

export default defineCheck(
  "drift is recovered by an identical apply once the target exists (update Forms) and by replacement only (revision Forms)",
  async (ctx) => {
    const b = builder(ctx);
    const agg = await b.serving(["fetch", "queue"]);

    // An update-capable source: the consumer's /queue.
    const queue = await b.plain("AtLeastOnceQueue");
    const spec = consumerSpec(ctx, queue, agg.worker);
    const consumer = await b.consumer(queue, agg.worker);
    await deleteOutOfBand(ctx.primary, queue);
    const missing = await reread(ctx.primary, consumer);
    expectDrift(missing, "DependencyMissing", { pointer: "/queue", uids: [queue.uid], refs: [queue.ref] }, "the consumer whose queue vanished");
    expectRefused(await attemptUpdate(ctx.primary, missing, spec), "resource_not_found", "identical apply while the queue is missing", ["/queue"]);
    await expectUnchanged(ctx.primary, missing, "identical apply while the queue is missing");
    await b.plain("AtLeastOnceQueue", queue.name);
    const recovered = expectAccepted(
      await attemptUpdate(ctx.primary, await reread(ctx.primary, consumer), spec),
      200,
      "identical apply once the queue exists again",
    );
    expectReadyTrue(recovered, "the consumer after the recovering apply");
    expectEqual(recovered.generation, consumer.generation, "consumer generation after the recovering apply");

    // A revision-role source: the version's kvBindings target.
    const versionForm = ctx.form("WorkerVersion");
    const kv = await b.plain("EdgeKVNamespace");
    const vspec = versionSpec(ctx, { worker: agg.worker, bundle: agg.bundle, handlers: ["fetch"], extra: { kvBindings: [bindingEntry("CACHE", kv)] } });
    const version = await b.create(versionForm, "version", vspec);
    await deleteOutOfBand(ctx.primary, kv);
    const again = await b.plain("EdgeKVNamespace", kv.name);
    const drifted = await reread(ctx.primary, version);
    const pointer = ["/kvBindings/0/resource", "/kvBindings/*/resource"];
    expectDrift(drifted, "ExternalChange", { pointer, uids: [kv.uid, again.uid], refs: [kv.ref, again.ref] }, "the version whose namespace was replaced");
    expectRefused(await attemptUpdate(ctx.primary, drifted, vspec), "invalid_argument", "identical apply to the drifted revision-role version");
    await expectUnchanged(ctx.primary, drifted, "identical apply to the drifted revision-role version");
    expectStatus((await attemptDelete(ctx.primary, drifted)).res, 204, "replacement: delete of the drifted version");
    const replaced = b.track(
      expectAccepted(await attemptCreate(ctx.primary, versionForm.ref, version.name, ctx.space, vspec), 201, "replacement: create of the version again"),
    );
    expectNotEqual(replaced.uid, version.uid, "uid of the replacement version");
    expectReadyTrue(replaced, "the replacement version");
    expectRefused(await attemptDelete(ctx.primary, await reread(ctx.primary, again)), "dependency_in_use", "delete of the namespace the replacement pins");
    await b.cleanup();
    return "the consumer's identical apply was resource_not_found while its queue was missing and recovered it once re-created (generation unchanged); the drifted revision refused every apply and recovered only by replacement, which pinned the new namespace";
  },
);
