// What a relation requires of its target (decision 0022): a WorkerVersion's /worker requires the
// worker.runtime Interface at an exact digest. A ModuleWorker recorded under a pinned definition
// whose providedInterfaces lacks it (right group, right kind, live) is refused invalid_argument
// (400) before any mutation, on apply and import, with a message naming the pointer and the
// required Interface. The same version against a ModuleWorker whose definition provides it is
// accepted.

import { defineCheck } from "../check.js";
import { attemptCreate, attemptImport, builder, expectAccepted, expectNothingStored, expectRefused, versionSpec } from "../harness/aggregate/index.js";
import { CorpusGap } from "../harness/corpus.js";

export default defineCheck(
  "a target whose Form does not provide the annotated Interface is invalid_argument naming the pointer and the Interface",
  async (ctx) => {
    const versionForm = ctx.form("WorkerVersion");
    const required = versionForm.relations.find((r) => r.pointer === "/worker")?.requiredInterface;
    if (!required) throw new CorpusGap("the pinned WorkerVersion /worker relation requires no Interface");
    const provides = (f: typeof versionForm) =>
      (f.definition.providedInterfaces ?? []).some(
        (i) => i.name === required.name && i.version === required.version && i.schemaDigest === required.schemaDigest,
      );
    const lacking = ctx.corpus.versions("ModuleWorker").find((f) => !provides(f));
    const providing = ctx.corpus.versions("ModuleWorker").find((f) => provides(f));
    if (!lacking || !providing)
      throw new CorpusGap(`the pinned corpus needs a ModuleWorker definition providing ${required.name}@${required.version} and one that does not`);

    const b = builder(ctx);
    const bundle = await b.bundle();
    const without = await b.worker(lacking);
    const withIt = await b.worker(providing);
    const name = ctx.name("version");
    const spec = versionSpec(ctx, { worker: without, bundle, handlers: ["fetch"] });
    const mentions = ["/worker", required.name];

    expectRefused(
      await attemptCreate(ctx.primary, versionForm.ref, name, ctx.space, spec),
      "invalid_argument",
      `apply of a version pinned to a ModuleWorker@${lacking.ref.definitionVersion}`,
      mentions,
    );
    await expectNothingStored(ctx.primary, versionForm.ref, name, ctx.space, "apply against a target without the Interface");
    expectRefused(
      await attemptImport(ctx.primary, versionForm.ref, name, ctx.space, spec, ctx.names.nativeId()),
      "invalid_argument",
      `import of a version pinned to a ModuleWorker@${lacking.ref.definitionVersion}`,
      mentions,
    );
    await expectNothingStored(ctx.primary, versionForm.ref, name, ctx.space, "import against a target without the Interface");

    b.track(
      expectAccepted(
        await attemptCreate(ctx.primary, versionForm.ref, name, ctx.space, versionSpec(ctx, { worker: withIt, bundle, handlers: ["fetch"] })),
        201,
        `apply of the version pinned to a ModuleWorker@${providing.ref.definitionVersion}`,
      ),
    );
    await b.cleanup();
    return `/worker -> ModuleWorker@${lacking.ref.definitionVersion} (no ${required.name}) was invalid_argument naming /worker and ${required.name} (apply and import), nothing stored; ModuleWorker@${providing.ref.definitionVersion} was accepted`;
  },
);
