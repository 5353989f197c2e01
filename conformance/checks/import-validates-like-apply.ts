// import runs the full validation gauntlet apply runs, before any mutation: every negative
// fixture, an unknown Form identity, an undeclared envelope member, a duplicate member and a
// path/body identity mismatch are refused and store nothing; defaults are materialized exactly
// as apply does.

import { defineCheck } from "../check.js";
import { attemptImport, bindingEntry, builder, expectNothingStored, expectRefused, referenceByName, versionSpec } from "../harness/aggregate/index.js";
import { expectEqual, expectError, expectStatus } from "../harness/assert.js";
import { liveFrom, resourceDoc } from "../harness/lifecycle.js";
import { resourcePath } from "../harness/paths.js";
import { expectedSpec, mutableProbe } from "../harness/probes.js";

export default defineCheck("import refuses what apply refuses, before any mutation, and materializes what apply materializes", async (ctx) => {
  const probe = mutableProbe(ctx);
  const f = probe.form;
  let refused = 0;
  for (const n of ctx.corpus.negatives(f)) {
    const name = ctx.name("impneg");
    const doc = { ...resourceDoc(f.ref, name, ctx.space, {}), spec: n.spec as Record<string, unknown> };
    expectError(await ctx.primary.importResource(doc, ctx.names.nativeId(), { create: true }), "invalid_argument", `import of negative fixture ${n.name}`);
    expectError(await ctx.primary.read(f.ref, name, ctx.space), "resource_not_found", `read after negative fixture ${n.name}`);
    refused++;
  }
  const name = ctx.name("imp");
  const doc = resourceDoc(f.ref, name, ctx.space, probe.variant(0));
  const extra = { ...doc, nativeId: ctx.names.nativeId(), unexpectedEnvelopeMember: true };
  expectError(
    await ctx.primary.send("import", {
      method: "POST",
      path: `${resourcePath(f.ref, name)}/import`,
      json: extra,
      headers: { "if-none-match": "*", "idempotency-key": ctx.names.key() },
    }),
    "invalid_argument",
    "import with an undeclared envelope member",
  );
  const raw = JSON.stringify({ ...doc, nativeId: ctx.names.nativeId() }).replace(/^\{/, `{"nativeId":"duplicate",`);
  expectError(
    await ctx.primary.send("import", {
      method: "POST",
      path: `${resourcePath(f.ref, name)}/import`,
      raw,
      headers: { "if-none-match": "*", "idempotency-key": ctx.names.key() },
    }),
    "invalid_argument",
    "import with a duplicate member",
  );
  const mismatched = resourceDoc(f.ref, ctx.name("other"), ctx.space, probe.variant(0));
  expectError(
    await ctx.primary.send("import", {
      method: "POST",
      path: `${resourcePath(f.ref, name)}/import`,
      json: { ...mismatched, nativeId: ctx.names.nativeId() },
      headers: { "if-none-match": "*", "idempotency-key": ctx.names.key() },
    }),
    "invalid_argument",
    "import whose body names another resource than its path",
  );
  expectError(
    await ctx.primary.importResource(resourceDoc({ ...f.ref, definitionVersion: "98.0.0" }, name, ctx.space, probe.variant(0)), ctx.names.nativeId(), {
      create: true,
    }),
    "form_unknown",
    "import under an unknown definition",
  );
  expectError(await ctx.primary.read(f.ref, name, ctx.space), "resource_not_found", "read after the refused imports");

  // A relation refusal, too: the typed binding an apply refuses before mutation, import refuses the same way.
  const b = builder(ctx);
  const versionForm = ctx.form("WorkerVersion");
  const dangling = versionSpec(ctx, {
    worker: await b.worker(),
    bundle: await b.bundle(),
    handlers: ["fetch"],
    extra: { kvBindings: [bindingEntry("CACHE", referenceByName(ctx, "EdgeKVNamespace", ctx.name("absent")))] },
  });
  const danglingName = ctx.name("version");
  expectRefused(
    await attemptImport(ctx.primary, versionForm.ref, danglingName, ctx.space, dangling, ctx.names.nativeId()),
    "resource_not_found",
    "import of a version bound to an absent namespace",
  );
  await expectNothingStored(ctx.primary, versionForm.ref, danglingName, ctx.space, "import of a version bound to an absent namespace");
  await b.cleanup();

  const ok = await ctx.primary.settle(await ctx.primary.importResource(doc, ctx.names.nativeId(), { create: true }));
  expectStatus(ok, 201, "import of the canonical spec");
  expectEqual(liveFrom(ok, "import").body.spec, expectedSpec(ctx, f, probe.variant(0)), "spec stored by the import");
  await ctx.primary.destroy(liveFrom(ok, "import"));
  return `${refused} negative fixtures, an undeclared member, a duplicate member, a path/body mismatch, an unknown Form and a binding to an absent target were refused on import; the canonical spec imported materialized`;
});
