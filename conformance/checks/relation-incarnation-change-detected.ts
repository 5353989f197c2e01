// Incarnation change (decision 0015): a WorkerVersion binds an EdgeKVNamespace. When the
// namespace disappears out of band, read and observe of the version report Ready=False
// DependencyMissing; when a namespace of the same name is created again (a new uid), they report
// ExternalChange naming the pointer and both uids. Re-reading never heals it, and the host never
// re-binds: the new namespace is not pinned, so it deletes freely, after which the version is back
// to DependencyMissing. Before any of it the version was Ready=True; its generation never moves.

import { defineCheck } from "../check.js";
import { attemptDelete, bindingEntry, builder, deleteOutOfBand, expectDrift, expectReadyTrue, reread } from "../harness/aggregate/index.js";
import { expectEqual, expectStatus } from "../harness/assert.js";
import { liveFrom } from "../harness/lifecycle.js";

export default defineCheck("a pinned target that vanished or was re-created is reported (DependencyMissing, ExternalChange), never re-bound", async (ctx) => {
  const b = builder(ctx);
  const worker = await b.worker();
  const bundle = await b.bundle();
  const kv = await b.plain("EdgeKVNamespace");
  const version = await b.version({ worker, bundle, handlers: ["fetch"], extra: { kvBindings: [bindingEntry("CACHE", kv)] } });
  expectReadyTrue(await reread(ctx.primary, version), "the version before its namespace changed");
  const pointer = ["/kvBindings/0/resource", "/kvBindings/*/resource"];

  await deleteOutOfBand(ctx.primary, kv);
  const missing = await reread(ctx.primary, version);
  expectDrift(missing, "DependencyMissing", { pointer, uids: [kv.uid], refs: [kv.ref] }, "read after the namespace vanished");
  const observed = await ctx.primary.observe(missing.ref, missing.name, missing.space, { generation: missing.generation });
  expectStatus(observed, 200, "observe after the namespace vanished");
  expectDrift(liveFrom(observed, "observe"), "DependencyMissing", { pointer, uids: [kv.uid], refs: [kv.ref] }, "observe after the namespace vanished");

  const again = await b.plain("EdgeKVNamespace", kv.name);
  const changed = await reread(ctx.primary, version);
  const evidence = { pointer, uids: [kv.uid, again.uid], refs: [kv.ref, again.ref] };
  expectDrift(changed, "ExternalChange", evidence, "read after the namespace was re-created");
  const reread2 = await reread(ctx.primary, version);
  expectDrift(reread2, "ExternalChange", evidence, "a second read after the namespace was re-created");
  expectEqual(reread2.revision, changed.revision, "revision across two reads of an unchanged drift (a read heals nothing and moves nothing)");
  expectEqual(reread2.generation, version.generation, "generation of the drifted version");

  // Never re-bound: the re-created namespace is held by nothing, so it deletes.
  expectStatus((await attemptDelete(ctx.primary, again)).res, 204, "delete of the re-created namespace the version was never bound to");
  expectDrift(
    await reread(ctx.primary, version),
    "DependencyMissing",
    { pointer, uids: [kv.uid], refs: [kv.ref] },
    "read after the re-created namespace was deleted again",
  );
  await b.cleanup();
  return `vanished target -> DependencyMissing, re-created target (${kv.uid} -> ${again.uid}) -> ExternalChange on read and observe; reads did not heal it, the new namespace was never pinned, generation stayed ${version.generation}`;
});
