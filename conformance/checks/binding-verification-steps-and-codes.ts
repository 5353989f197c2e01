// Binding verification, step by step (decision 0015 rule 8): steps 1-4 are about the installed
// Forms and cannot be reached by a well-formed Edge spec, so they are driven through the runner's
// binding-probe Forms, which ship in the runner's probe corpus and which a host under test installs
// (ours under --conformance-probes; docs/decisions/0083, 0211); step 5 is driven with the pinned ModuleWorker definition that provides no worker.service.
// Each broken step is refused with its own code before any mutation, on apply and on import:
//   1 acceptedBindings lacks the annotated contract          invalid_argument (400)
//   2 the contract is accepted at a digest not installed     unsupported_capability (422)
//   3 the source Form's role is not the contract's sourceRole invalid_argument (400)
//   4 the target Form is not in allowedTargetForms           invalid_argument (400)
//   5 the target Form does not provide the targetInterface   invalid_argument (400)
// A coherent probe binding the contract's own target is accepted and pins it.

import { defineCheck } from "../check.js";
import {
  attemptCreate,
  attemptDelete,
  attemptImport,
  BINDING_PROBE_GROUP,
  BINDING_PROBES,
  bindingEntry,
  builder,
  expectAccepted,
  expectNothingStored,
  expectRefused,
  probeTargetKind,
  versionSpec,
} from "../harness/aggregate/index.js";
import { fail } from "../harness/assert.js";
import { CorpusGap } from "../harness/corpus.js";
import { errorOf } from "../harness/http.js";
import { exactFormsQuery, forms } from "../harness/surfaces.js";

export default defineCheck("each binding-verification step refuses with its own code before any mutation; a coherent binding is accepted", async (ctx) => {
  const installed = BINDING_PROBES.map((probe) => {
    const form = ctx.corpus.probes.catalog.formsOf(BINDING_PROBE_GROUP, probe.kind)[0];
    if (!form) throw new CorpusGap(`the runner's probe corpus holds no binding-probe Form ${probe.kind} (npx tsx conformance/tools/write-probe-corpus.ts)`);
    return { probe, form };
  });
  for (const { form } of installed) {
    const res = await forms(ctx.primary, exactFormsQuery(form.ref, ctx.space));
    if (res.status !== 200)
      fail(
        `the host under test does not serve the binding-probe Form ${form.ref.kind} (${errorOf(res)?.code ?? res.status}); a host under test installs the runner's probe corpus, conformance/probe-corpus (ours: --conformance-probes)`,
      );
  }

  const b = builder(ctx);
  const targets: Record<string, Awaited<ReturnType<typeof b.plain>>> = {
    EdgeKVNamespace: await b.plain("EdgeKVNamespace"),
    ObjectBucket: await b.plain("ObjectBucket"),
  };
  const verdicts: string[] = [];
  for (const { probe, form } of installed) {
    const spec = { kvBindings: [bindingEntry("CACHE", targets[probeTargetKind(probe)]!)] };
    const name = ctx.name("probe");
    if (probe.code === null) {
      b.track(expectAccepted(await attemptCreate(ctx.primary, form.ref, name, ctx.space, spec), 201, `${probe.kind} (${probe.breaks})`));
      expectRefused(await attemptDelete(ctx.primary, targets["EdgeKVNamespace"]!), "dependency_in_use", `delete of the namespace ${probe.kind} binds`);
      verdicts.push("coherent: accepted");
      continue;
    }
    const what = `step ${probe.step}: ${probe.kind}, whose ${probe.breaks}`;
    expectRefused(await attemptCreate(ctx.primary, form.ref, name, ctx.space, spec), probe.code, `apply of ${what}`);
    await expectNothingStored(ctx.primary, form.ref, name, ctx.space, `apply of ${what}`);
    expectRefused(await attemptImport(ctx.primary, form.ref, name, ctx.space, spec, ctx.names.nativeId()), probe.code, `import of ${what}`);
    await expectNothingStored(ctx.primary, form.ref, name, ctx.space, `import of ${what}`);
    verdicts.push(`step ${probe.step}: ${probe.code}`);
  }

  // Step 5 on the Edge family itself: module-worker.service to a ModuleWorker that provides no worker.service.
  const lacking = ctx.corpus.versions("ModuleWorker").find((f) => !(f.definition.providedInterfaces ?? []).some((i) => i.name === "worker.service"));
  if (!lacking) throw new CorpusGap("no pinned ModuleWorker definition lacks worker.service");
  const versionForm = ctx.form("WorkerVersion");
  const worker = await b.worker();
  const bundle = await b.bundle();
  const spec = versionSpec(ctx, { worker, bundle, handlers: ["fetch"], extra: { serviceBindings: [bindingEntry("UPSTREAM", await b.worker(lacking))] } });
  const name = ctx.name("version");
  expectRefused(
    await attemptCreate(ctx.primary, versionForm.ref, name, ctx.space, spec),
    "invalid_argument",
    `apply of step 5: a service binding to ModuleWorker@${lacking.ref.definitionVersion}`,
  );
  await expectNothingStored(ctx.primary, versionForm.ref, name, ctx.space, "apply of step 5");
  expectRefused(
    await attemptImport(ctx.primary, versionForm.ref, name, ctx.space, spec, ctx.names.nativeId()),
    "invalid_argument",
    `import of step 5: a service binding to ModuleWorker@${lacking.ref.definitionVersion}`,
  );
  await expectNothingStored(ctx.primary, versionForm.ref, name, ctx.space, "import of step 5");
  verdicts.push("step 5: invalid_argument");
  await b.cleanup();
  return `${verdicts.join("; ")} (apply and import, nothing stored)`;
});
