// Resolution and UID pinning: a relation whose target does not exist fails resource_not_found
// (404) before any mutation, on apply and on import, and the message names the relation
// pointer. Driven on a WorkerDeployment whose SECOND version entry names a free name, so the
// pointer is a concrete array instance; the same spec with the version created is accepted.

import { defineCheck } from "../check.js";
import {
  attemptCreate,
  attemptImport,
  builder,
  deploymentSpec,
  expectAccepted,
  expectNothingStored,
  expectRefused,
  referenceByName,
  versionSpec,
} from "../harness/aggregate/index.js";

export default defineCheck("a relation to a name nothing holds is resource_not_found naming the pointer, on apply and import, storing nothing", async (ctx) => {
  const b = builder(ctx);
  const deploymentForm = ctx.form("WorkerDeployment");
  const worker = await b.worker();
  const bundle = await b.bundle();
  const first = await b.version({ worker, bundle, handlers: ["fetch"] });
  const missingName = ctx.name("absent");
  const spec = deploymentSpec(ctx, worker, [
    [first, 5000],
    [referenceByName(ctx, "WorkerVersion", missingName), 5000],
  ]);
  const pointer = ["/versions/1/workerVersion", "/versions/*/workerVersion"];

  const name = ctx.name("deploy");
  expectRefused(
    await attemptCreate(ctx.primary, deploymentForm.ref, name, ctx.space, spec),
    "resource_not_found",
    "apply of a deployment weighting an absent version",
    [pointer],
  );
  await expectNothingStored(ctx.primary, deploymentForm.ref, name, ctx.space, "apply of a deployment weighting an absent version");
  expectRefused(
    await attemptImport(ctx.primary, deploymentForm.ref, name, ctx.space, spec, ctx.names.nativeId()),
    "resource_not_found",
    "import of a deployment weighting an absent version",
    [pointer],
  );
  await expectNothingStored(ctx.primary, deploymentForm.ref, name, ctx.space, "import of a deployment weighting an absent version");

  // A single-valued relation, too: the worker reference itself.
  const versionForm = ctx.form("WorkerVersion");
  const orphanName = ctx.name("version");
  const orphan = versionSpec(ctx, { worker: referenceByName(ctx, "ModuleWorker", ctx.name("absent")), bundle, handlers: ["fetch"] });
  expectRefused(
    await attemptCreate(ctx.primary, versionForm.ref, orphanName, ctx.space, orphan),
    "resource_not_found",
    "apply of a version of an absent worker",
    ["/worker"],
  );
  await expectNothingStored(ctx.primary, versionForm.ref, orphanName, ctx.space, "apply of a version of an absent worker");

  // The other polarity: once the name is held, the same spec is accepted.
  await b.version({ worker, bundle, handlers: ["fetch"] }, missingName);
  const live = b.track(
    expectAccepted(await attemptCreate(ctx.primary, deploymentForm.ref, name, ctx.space, spec), 201, "apply of the same deployment once the version exists"),
  );
  await b.cleanup();
  return `an absent /versions/1/workerVersion target (apply and import) and an absent /worker target were resource_not_found naming the pointer, nothing stored; with the target created the same deployment spec was accepted (uid ${live.uid})`;
});
