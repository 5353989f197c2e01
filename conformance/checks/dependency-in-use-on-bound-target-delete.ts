// Dependency protection for typed bindings: while a WorkerVersion binds an EdgeKVNamespace, an
// ObjectBucket and an AtLeastOnceQueue, deleting any of them fails dependency_in_use (409) and
// leaves it unchanged. An unbound namespace of the same kind deletes at once, and every bound
// target deletes once the binding version is gone.

import { defineCheck } from "../check.js";
import { attemptDelete, bindingEntry, builder, expectDeleteRefused, reread } from "../harness/aggregate/index.js";
import { expectStatus } from "../harness/assert.js";

export default defineCheck("deleting a bound target fails dependency_in_use while the binding lives, and succeeds after", async (ctx) => {
  const b = builder(ctx);
  const worker = await b.worker();
  const bundle = await b.bundle();
  const kv = await b.plain("EdgeKVNamespace");
  const bucket = await b.plain("ObjectBucket");
  const queue = await b.plain("AtLeastOnceQueue");
  const unbound = await b.plain("EdgeKVNamespace");
  const version = await b.version({
    worker,
    bundle,
    handlers: ["fetch"],
    extra: {
      kvBindings: [bindingEntry("CACHE", kv)],
      bucketBindings: [bindingEntry("UPLOADS", bucket)],
      queueProducerBindings: [bindingEntry("EVENTS", queue)],
    },
  });

  for (const target of [kv, bucket, queue]) {
    await expectDeleteRefused(ctx.primary, await reread(ctx.primary, target), "dependency_in_use", `delete of the bound ${target.ref.kind}`);
  }
  expectStatus((await attemptDelete(ctx.primary, await reread(ctx.primary, unbound))).res, 204, "delete of an EdgeKVNamespace nothing binds");
  expectStatus((await attemptDelete(ctx.primary, await reread(ctx.primary, version))).res, 204, "delete of the binding version");
  for (const target of [kv, bucket, queue]) {
    expectStatus((await attemptDelete(ctx.primary, await reread(ctx.primary, target))).res, 204, `delete of the ${target.ref.kind} once nothing binds it`);
  }
  await b.cleanup();
  return "a bound EdgeKVNamespace, ObjectBucket and AtLeastOnceQueue each refused deletion (dependency_in_use) unchanged; an unbound namespace deleted; all deleted after the version";
});
