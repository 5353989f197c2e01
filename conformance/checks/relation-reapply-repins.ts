// Recovery (decision 0015): every accepted mutation re-resolves and re-pins, a spec-identical
// apply included. A QueueConsumer's dead-letter queue is replaced out of band; the consumer
// reports ExternalChange. While the dead-letter name resolves to nothing, the spec-identical apply
// is refused resource_not_found and changes nothing. Once it resolves again, the same apply is
// accepted: generation unchanged, revision advanced (the condition stopped reporting drift),
// Ready=True; the new queue is now the pinned one (its delete is dependency_in_use), and a second
// identical apply moves nothing at all.

import { defineCheck } from "../check.js";
import {
  advanced,
  attemptDelete,
  attemptUpdate,
  builder,
  consumerSpec,
  deleteOutOfBand,
  expectAccepted,
  expectDrift,
  expectReadyTrue,
  expectRefused,
  expectUnchanged,
  reread,
} from "../harness/aggregate/index.js";
import { expectEqual, expectTrue } from "../harness/assert.js";

export default defineCheck("a spec-identical apply re-pins a drifted relation without moving generation; a second one moves nothing", async (ctx) => {
  const b = builder(ctx);
  const agg = await b.serving(["fetch", "queue"]);
  const queue = await b.plain("AtLeastOnceQueue");
  const dead = await b.plain("AtLeastOnceQueue");
  const spec = consumerSpec(ctx, queue, agg.worker, dead);
  const consumer = await b.consumer(queue, agg.worker, dead);
  expectReadyTrue(consumer, "the consumer as created");

  await deleteOutOfBand(ctx.primary, dead);
  const missing = await reread(ctx.primary, consumer);
  expectDrift(
    missing,
    "DependencyMissing",
    { pointer: "/deadLetterQueue", uids: [dead.uid], refs: [dead.ref] },
    "consumer after its dead-letter queue vanished",
  );
  expectRefused(await attemptUpdate(ctx.primary, missing, spec), "resource_not_found", "spec-identical apply while the dead-letter queue is missing", [
    "/deadLetterQueue",
  ]);
  await expectUnchanged(ctx.primary, missing, "spec-identical apply while the dead-letter queue is missing");

  const replacement = await b.plain("AtLeastOnceQueue", dead.name);
  const drifted = await reread(ctx.primary, consumer);
  expectDrift(
    drifted,
    "ExternalChange",
    { pointer: "/deadLetterQueue", uids: [dead.uid, replacement.uid], refs: [dead.ref, replacement.ref] },
    "consumer after its dead-letter queue was re-created",
  );

  const repinned = expectAccepted(await attemptUpdate(ctx.primary, drifted, spec), 200, "spec-identical apply after the dead-letter queue exists again");
  expectEqual(repinned.generation, drifted.generation, "generation after the re-pinning apply");
  expectTrue(
    advanced(repinned.revision, drifted.revision),
    `revision after the re-pinning apply (${repinned.revision}) did not advance past ${drifted.revision}, though the representation stopped reporting drift`,
  );
  expectReadyTrue(repinned, "the re-pinning apply's answer");
  const read = await reread(ctx.primary, consumer);
  expectReadyTrue(read, "read after the re-pinning apply");
  expectEqual([read.generation, read.revision], [repinned.generation, repinned.revision], "generation and revision read after the re-pinning apply");

  const idle = expectAccepted(await attemptUpdate(ctx.primary, read, spec), 200, "a second spec-identical apply");
  expectEqual([idle.generation, idle.revision], [read.generation, read.revision], "generation and revision after a second identical apply");
  expectRefused(
    await attemptDelete(ctx.primary, await reread(ctx.primary, replacement)),
    "dependency_in_use",
    "delete of the re-created dead-letter queue the apply re-pinned",
  );
  await b.cleanup();
  return `DependencyMissing refused the apply (resource_not_found) unchanged; after re-creation the identical apply re-pinned ${dead.uid} -> ${replacement.uid} at generation ${repinned.generation} (revision ${drifted.revision} -> ${repinned.revision}); a second apply moved nothing`;
});
