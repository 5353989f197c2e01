// A relation pins the target's uid AND its exact FormRef (decision 0022 rule 7): when the name a
// WorkerVersion's /worker resolved to is replaced out of band by a ModuleWorker recorded under
// another pinned definition version, read and observe of the version report Ready=False
// ExternalChange with a hostReason naming /worker, both uids and BOTH refs — the pinned one can
// only come from what the host recorded at resolution. A version whose target was not touched
// keeps reporting Ready=True, and nothing moves the version's generation.

import { defineCheck } from "../check.js";
import { builder, deleteOutOfBand, expectDrift, expectReadyTrue, reread } from "../harness/aggregate/index.js";
import { expectEqual, expectStatus } from "../harness/assert.js";
import { CorpusGap } from "../harness/corpus.js";
import { liveFrom } from "../harness/lifecycle.js";

export default defineCheck("the pin records the target's exact FormRef, and drift reports the recorded and the current ref", async (ctx) => {
  const [first, second] = ctx.corpus.versions("ModuleWorker");
  if (!first || !second) throw new CorpusGap("the pinned corpus holds only one ModuleWorker definition version");
  const b = builder(ctx);
  const bundle = await b.bundle();
  const worker = await b.worker(first);
  const steady = await b.worker(first);
  const version = await b.version({ worker, bundle, handlers: ["fetch"] });
  const control = await b.version({ worker: steady, bundle, handlers: ["fetch"] });
  expectReadyTrue(version, "the version as created");

  await deleteOutOfBand(ctx.primary, worker);
  const replacement = await b.worker(second, worker.name);
  const evidence = { pointer: "/worker", uids: [worker.uid, replacement.uid], refs: [worker.ref, replacement.ref] };
  const read = await reread(ctx.primary, version);
  expectDrift(read, "ExternalChange", evidence, `read of the version after its worker became ${second.ref.kind}@${second.ref.definitionVersion}`);
  const observed = await ctx.primary.observe(read.ref, read.name, read.space, { generation: read.generation });
  expectStatus(observed, 200, "observe of the drifted version");
  expectDrift(liveFrom(observed, "observe"), "ExternalChange", evidence, "observe of the drifted version");
  expectEqual(read.generation, version.generation, "generation of the version after its target's contract moved");
  expectReadyTrue(await reread(ctx.primary, control), "a version whose worker was not touched");

  await b.cleanup();
  return `after /worker moved from ${first.ref.kind}@${first.ref.definitionVersion} (${worker.uid}) to @${second.ref.definitionVersion} (${replacement.uid}), read and observe reported ExternalChange naming both uids and both refs; the untouched version stayed Ready`;
});
