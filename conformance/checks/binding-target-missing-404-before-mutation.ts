// Binding verification starts with resolution: a WorkerVersion whose kvBindings entry names an
// EdgeKVNamespace nothing holds fails resource_not_found (404) naming the binding's pointer, on
// apply and on import, and stores nothing — no version, and no namespace conjured for it. The
// same spec is accepted once the namespace exists, and the binding then pins it.

import { defineCheck } from "../check.js";
import {
  attemptCreate,
  attemptDelete,
  attemptImport,
  bindingEntry,
  builder,
  expectAccepted,
  expectNothingStored,
  expectRefused,
  referenceByName,
  versionSpec,
} from "../harness/aggregate/index.js";

export default defineCheck("a binding to an absent target is resource_not_found naming the pointer before any mutation", async (ctx) => {
  const b = builder(ctx);
  const versionForm = ctx.form("WorkerVersion");
  const kvForm = ctx.form("EdgeKVNamespace");
  const worker = await b.worker();
  const bundle = await b.bundle();
  const kvName = ctx.name("kv");
  const spec = versionSpec(ctx, {
    worker,
    bundle,
    handlers: ["fetch"],
    extra: { kvBindings: [bindingEntry("CACHE", referenceByName(ctx, "EdgeKVNamespace", kvName))] },
  });
  const pointer = ["/kvBindings/0/resource", "/kvBindings/*/resource"];
  const name = ctx.name("version");

  expectRefused(
    await attemptCreate(ctx.primary, versionForm.ref, name, ctx.space, spec),
    "resource_not_found",
    "apply of a version bound to an absent namespace",
    [pointer],
  );
  await expectNothingStored(ctx.primary, versionForm.ref, name, ctx.space, "apply of a version bound to an absent namespace");
  await expectNothingStored(ctx.primary, kvForm.ref, kvName, ctx.space, "apply of a version bound to an absent namespace (the binding target)");
  expectRefused(
    await attemptImport(ctx.primary, versionForm.ref, name, ctx.space, spec, ctx.names.nativeId()),
    "resource_not_found",
    "import of a version bound to an absent namespace",
    [pointer],
  );
  await expectNothingStored(ctx.primary, versionForm.ref, name, ctx.space, "import of a version bound to an absent namespace");
  await expectNothingStored(ctx.primary, kvForm.ref, kvName, ctx.space, "import of a version bound to an absent namespace (the binding target)");

  const kv = await b.plain("EdgeKVNamespace", kvName);
  const version = b.track(
    expectAccepted(await attemptCreate(ctx.primary, versionForm.ref, name, ctx.space, spec), 201, "apply of the same version once the namespace exists"),
  );
  // The accepted binding pinned its target: the namespace cannot be deleted under it.
  expectRefused(await attemptDelete(ctx.primary, kv), "dependency_in_use", "delete of the namespace the accepted version binds");
  await b.cleanup();
  return `an absent kvBindings target was resource_not_found naming /kvBindings/0/resource on apply and import, nothing stored; once created, the same spec was accepted (version ${version.uid}) and pinned the namespace`;
});
