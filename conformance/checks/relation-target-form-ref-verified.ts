// What a relation requires of its target (decision 0022): a WorkerDeployment's /worker pins the
// exact ModuleWorker FormRef(s) its annotation lists. A ModuleWorker recorded under another
// pinned definition version of the same group and kind (right group, right kind, live) is
// refused invalid_argument (400) before any mutation, on apply and import, and the message names
// the pointer and what was required. The same deployment against a worker of a listed ref is
// accepted.

import { defineCheck } from "../check.js";
import {
  attemptCreate,
  attemptImport,
  builder,
  deploymentSpec,
  expectAccepted,
  expectNothingStored,
  expectRefused,
  refMarks,
} from "../harness/aggregate/index.js";
import { CorpusGap } from "../harness/corpus.js";

export default defineCheck(
  "a target recorded under an exact ref the reference does not list is invalid_argument naming the pointer and the requirement",
  async (ctx) => {
    const deploymentForm = ctx.form("WorkerDeployment");
    const relation = deploymentForm.relations.find((r) => r.pointer === "/worker");
    const listed = relation?.targetFormRefs ?? [];
    const unlisted = ctx.corpus.versions("ModuleWorker").find((f) => !listed.some((r) => r.schemaDigest === f.ref.schemaDigest));
    const accepted = ctx.corpus.versions("ModuleWorker").find((f) => listed.some((r) => r.schemaDigest === f.ref.schemaDigest));
    if (!unlisted || !accepted)
      throw new CorpusGap("the pinned WorkerDeployment /worker relation needs both a listed and an unlisted pinned ModuleWorker definition");

    const b = builder(ctx);
    const worker = await b.worker(accepted);
    const bundle = await b.bundle();
    const version = await b.version({ worker, bundle, handlers: ["fetch"] });
    const other = await b.worker(unlisted);
    const spec = deploymentSpec(ctx, other, [[version, 10000]]);
    const required = listed.map((r) => refMarks(r)[1]!);

    const name = ctx.name("deploy");
    expectRefused(
      await attemptCreate(ctx.primary, deploymentForm.ref, name, ctx.space, spec),
      "invalid_argument",
      `apply of a deployment of a ModuleWorker@${unlisted.ref.definitionVersion}`,
      ["/worker", [...required, ...listed.map((r) => r.schemaDigest)]],
    );
    await expectNothingStored(ctx.primary, deploymentForm.ref, name, ctx.space, "apply against an unlisted target ref");
    expectRefused(
      await attemptImport(ctx.primary, deploymentForm.ref, name, ctx.space, spec, ctx.names.nativeId()),
      "invalid_argument",
      `import of a deployment of a ModuleWorker@${unlisted.ref.definitionVersion}`,
      ["/worker", [...required, ...listed.map((r) => r.schemaDigest)]],
    );
    await expectNothingStored(ctx.primary, deploymentForm.ref, name, ctx.space, "import against an unlisted target ref");

    b.track(
      expectAccepted(
        await attemptCreate(ctx.primary, deploymentForm.ref, name, ctx.space, deploymentSpec(ctx, worker, [[version, 10000]])),
        201,
        `apply of the deployment of a ModuleWorker@${accepted.ref.definitionVersion}`,
      ),
    );
    await b.cleanup();
    return `/worker -> ModuleWorker@${unlisted.ref.definitionVersion} was invalid_argument naming /worker and the listed ref (apply and import), nothing stored; ModuleWorker@${accepted.ref.definitionVersion} was accepted`;
  },
);
