// Support profiles (decision 0019): a WorkerVersion declaring a handler the main module of its
// bundle does not export is refused invalid_argument (400) before any mutation, on apply and on
// import — against the corpus-pinned fetch-only bundle, declaring scheduled or queue. Declaring
// only exported handlers is accepted, on the fetch-only bundle and on the all-handlers bundle.

import { defineCheck } from "../check.js";
import {
  attemptCreate,
  attemptImport,
  builder,
  expectAccepted,
  expectNothingStored,
  expectRefused,
  PINNED_BUNDLE_EXPORTS,
  versionSpec,
} from "../harness/aggregate/index.js";

export default defineCheck(
  "a declared handler the bundle's main module does not export is invalid_argument on apply and import; exported ones are accepted",
  async (ctx) => {
    const b = builder(ctx);
    const form = ctx.form("WorkerVersion");
    const worker = await b.worker();
    const fetchOnly = await b.bundle("worker-bundles/fetch-only");
    const everything = await b.bundle("worker-bundles/all-handlers");
    const exported = PINNED_BUNDLE_EXPORTS["worker-bundles/fetch-only"];

    for (const handlers of [["fetch", "scheduled"], ["queue"], ["fetch", "scheduled", "queue"]]) {
      const missing = handlers.filter((h) => !exported.includes(h));
      const name = ctx.name("version");
      const spec = versionSpec(ctx, { worker, bundle: fetchOnly, handlers });
      const what = `a version declaring [${handlers.join(", ")}] on the fetch-only bundle`;
      expectRefused(await attemptCreate(ctx.primary, form.ref, name, ctx.space, spec), "invalid_argument", `apply of ${what}`, [missing]);
      await expectNothingStored(ctx.primary, form.ref, name, ctx.space, `apply of ${what}`);
      expectRefused(await attemptImport(ctx.primary, form.ref, name, ctx.space, spec, ctx.names.nativeId()), "invalid_argument", `import of ${what}`, [
        missing,
      ]);
      await expectNothingStored(ctx.primary, form.ref, name, ctx.space, `import of ${what}`);
    }
    for (const [bundle, handlers] of [
      [fetchOnly, ["fetch"]],
      [everything, ["fetch", "scheduled", "queue"]],
      [everything, ["queue"]],
    ] as const) {
      const name = ctx.name("version");
      b.track(
        expectAccepted(
          await attemptCreate(ctx.primary, form.ref, name, ctx.space, versionSpec(ctx, { worker, bundle, handlers })),
          201,
          `apply of a version declaring [${handlers.join(", ")}] on ${bundle.name}`,
        ),
      );
    }
    await b.cleanup();
    return "declaring scheduled and/or queue on the fetch-only bundle was refused on apply and import naming the handler, nothing stored; exported handlers were accepted on both pinned bundles";
  },
);
