// Deployment integrity (decision 0016), the fourth rule: a deployment may not weight a version
// that is not Ready. A WorkerVersion whose bound namespace vanished out of band reports
// Ready=False (DependencyMissing); a deployment weighting it — alone or beside a Ready version, as
// a create, an import or an update — is refused invalid_argument (400) before any mutation,
// storing and moving nothing. A deployment of Ready versions only is accepted. (A version an
// accepted 202 delete is removing cannot be held in that state by a synchronous host, so that half
// of the rule is not driven here.)

import { defineCheck } from "../check.js";
import {
  attemptCreate,
  attemptImport,
  bindingEntry,
  builder,
  deleteOutOfBand,
  deploymentSpec,
  expectAccepted,
  expectNothingStored,
  expectReady,
  expectReadyTrue,
  expectRefused,
  expectUpdateRefused,
  reread,
} from "../harness/aggregate/index.js";

export default defineCheck(
  "a deployment weighting a version that is not Ready is invalid_argument on create, import and update; Ready versions are accepted",
  async (ctx) => {
    const b = builder(ctx);
    const form = ctx.form("WorkerDeployment");
    const worker = await b.worker();
    const bundle = await b.bundle();
    const ready = await b.version({ worker, bundle, handlers: ["fetch"] });
    const kv = await b.plain("EdgeKVNamespace");
    const broken = await b.version({ worker, bundle, handlers: ["fetch"], extra: { kvBindings: [bindingEntry("CACHE", kv)] } });
    await deleteOutOfBand(ctx.primary, kv);
    expectReady(await reread(ctx.primary, broken), "False", "DependencyMissing", "the version whose namespace vanished");
    expectReadyTrue(await reread(ctx.primary, ready), "the untouched version");

    const name = ctx.name("deploy");
    for (const [label, entries] of [
      ["only the not-Ready version", [[broken, 10000]]],
      [
        "a Ready and a not-Ready version",
        [
          [ready, 5000],
          [broken, 5000],
        ],
      ],
    ] as const) {
      const spec = deploymentSpec(ctx, worker, entries);
      expectRefused(await attemptCreate(ctx.primary, form.ref, name, ctx.space, spec), "invalid_argument", `apply of a deployment weighting ${label}`);
      await expectNothingStored(ctx.primary, form.ref, name, ctx.space, `apply weighting ${label}`);
      expectRefused(
        await attemptImport(ctx.primary, form.ref, name, ctx.space, spec, ctx.names.nativeId()),
        "invalid_argument",
        `import of a deployment weighting ${label}`,
      );
      await expectNothingStored(ctx.primary, form.ref, name, ctx.space, `import weighting ${label}`);
    }
    const live = b.track(
      expectAccepted(
        await attemptCreate(ctx.primary, form.ref, name, ctx.space, deploymentSpec(ctx, worker, [[ready, 10000]])),
        201,
        "apply of a deployment weighting the Ready version",
      ),
    );
    await expectUpdateRefused(
      ctx.primary,
      live,
      deploymentSpec(ctx, worker, [
        [ready, 9000],
        [broken, 1000],
      ]),
      "invalid_argument",
      "a canary onto the not-Ready version",
    );
    await b.cleanup();
    return "a version reporting DependencyMissing was refused as a deployment target (alone and beside a Ready one) on apply and import with nothing stored, and as a canary update unchanged; the Ready version was accepted";
  },
);
