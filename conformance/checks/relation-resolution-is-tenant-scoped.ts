// Tenant isolation (decision 0028): a reference resolves inside the caller's own tenant and the
// pin is the uid it resolved to there. A binding to a name only ANOTHER tenant holds is an absent
// target: resource_not_found on apply and import, indistinguishable from a name nobody holds,
// storing nothing. Once the caller holds that name itself, the same spec is accepted and pins the
// caller's namespace: the other tenant deletes its own namespace freely (no foreign pin protects
// it), the caller's version stays Ready, and the caller's namespace is the protected one.

import { defineCheck } from "../check.js";
import {
  attemptCreate,
  attemptDelete,
  attemptImport,
  bindingEntry,
  builder,
  expectAccepted,
  expectNothingStored,
  expectReadyTrue,
  expectRefused,
  referenceByName,
  reread,
  versionSpec,
} from "../harness/aggregate/index.js";
import { expectStatus } from "../harness/assert.js";
import { expectIndistinguishable } from "../harness/refusal.js";

export default defineCheck("a reference to a name only another tenant holds is an absent target; the pin stays inside the caller's tenant", async (ctx) => {
  const b = builder(ctx);
  const theirs = b.with(ctx.stranger);
  const versionForm = ctx.form("WorkerVersion");
  const worker = await b.worker();
  const bundle = await b.bundle();
  const foreign = await theirs.plain("EdgeKVNamespace");
  const nobody = ctx.name("kv");
  const pointer = ["/kvBindings/0/resource", "/kvBindings/*/resource"];
  const specFor = (kvName: string) =>
    versionSpec(ctx, { worker, bundle, handlers: ["fetch"], extra: { kvBindings: [bindingEntry("CACHE", referenceByName(ctx, "EdgeKVNamespace", kvName))] } });

  const name = ctx.name("version");
  const control = ctx.name("version");
  const refused = await attemptCreate(ctx.primary, versionForm.ref, name, ctx.space, specFor(foreign.name));
  expectRefused(refused, "resource_not_found", "apply binding a namespace only another tenant holds", [pointer]);
  const never = await attemptCreate(ctx.primary, versionForm.ref, control, ctx.space, specFor(nobody));
  expectRefused(never, "resource_not_found", "apply binding a namespace nobody holds", [pointer]);
  expectIndistinguishable(refused.res, [name, foreign.name], never.res, [control, nobody], "refusal for another tenant's name versus a name nobody holds");
  await expectNothingStored(ctx.primary, versionForm.ref, name, ctx.space, "apply binding another tenant's namespace");
  expectRefused(
    await attemptImport(ctx.primary, versionForm.ref, name, ctx.space, specFor(foreign.name), ctx.names.nativeId()),
    "resource_not_found",
    "import binding a namespace only another tenant holds",
    [pointer],
  );
  await expectNothingStored(ctx.primary, versionForm.ref, name, ctx.space, "import binding another tenant's namespace");

  const mine = await b.plain("EdgeKVNamespace", foreign.name);
  const version = b.track(
    expectAccepted(
      await attemptCreate(ctx.primary, versionForm.ref, name, ctx.space, specFor(foreign.name)),
      201,
      "apply of the same version once the caller holds the name",
    ),
  );
  expectStatus(
    (await attemptDelete(ctx.stranger, await reread(ctx.stranger, foreign))).res,
    204,
    "the other tenant's delete of its own namespace of that name",
  );
  expectReadyTrue(await reread(ctx.primary, version), "the caller's version after the other tenant deleted its namesake");
  expectRefused(await attemptDelete(ctx.primary, await reread(ctx.primary, mine)), "dependency_in_use", "delete of the caller's own bound namespace");
  await b.cleanup();
  return "a name only another tenant held was resource_not_found (indistinguishable from an unheld name) on apply and import, nothing stored; once held by the caller the binding pinned the caller's namespace, not the other tenant's";
});
