// Deployment integrity (decision 0016): a WorkerDeployment may weight only versions whose stored
// /worker relation targets the deployment's own resolved worker. A version of another worker,
// alone or beside an owned one, is refused invalid_argument (400) before any mutation, on apply
// and import; the owned versions alone are accepted, and an update that smuggles the foreign
// version in is refused unchanged.

import { defineCheck } from "../check.js";
import {
  attemptCreate,
  attemptImport,
  builder,
  deploymentSpec,
  expectAccepted,
  expectNothingStored,
  expectRefused,
  expectUpdateRefused,
} from "../harness/aggregate/index.js";

export default defineCheck("a deployment weighting another worker's version is invalid_argument; its own versions are accepted", async (ctx) => {
  const b = builder(ctx);
  const form = ctx.form("WorkerDeployment");
  const bundle = await b.bundle();
  const mine = await b.worker();
  const theirs = await b.worker();
  const own = await b.version({ worker: mine, bundle, handlers: ["fetch"] });
  const foreign = await b.version({ worker: theirs, bundle, handlers: ["fetch"] });
  const name = ctx.name("deploy");

  for (const [label, spec] of [
    ["only another worker's version", deploymentSpec(ctx, mine, [[foreign, 10000]])],
    [
      "an owned and another worker's version",
      deploymentSpec(ctx, mine, [
        [own, 5000],
        [foreign, 5000],
      ]),
    ],
  ] as const) {
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
      await attemptCreate(ctx.primary, form.ref, name, ctx.space, deploymentSpec(ctx, mine, [[own, 10000]])),
      201,
      "apply weighting the worker's own version",
    ),
  );
  await expectUpdateRefused(
    ctx.primary,
    live,
    deploymentSpec(ctx, mine, [
      [own, 9000],
      [foreign, 1000],
    ]),
    "invalid_argument",
    "re-weighting that adds another worker's version",
  );
  await b.cleanup();
  return "another worker's version (alone, and beside an owned one) was refused on apply and import with nothing stored, and on update unchanged; the owned version was accepted";
});
