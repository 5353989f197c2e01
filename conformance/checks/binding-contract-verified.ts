// Binding verification (decision 0015 rule 8): a binding is verified against its Binding
// Definition, never assumed. A WorkerVersion's serviceBindings entry (module-worker.service,
// whose targetInterface is worker.service) naming a ModuleWorker recorded under a pinned
// definition that does not declare worker.service is refused invalid_argument (400) before any
// mutation, on apply and import, naming the binding pointer. The same binding to a ModuleWorker
// that provides the Interface and serves fetch is accepted, as is a kvBindings entry to an
// EdgeKVNamespace; the host advertises both Binding contracts it verified against, and its served
// desiredSchema names the kvBindings contract. A kvBindings entry naming the contract's synthetic
// second-group EdgeKVNamespace (installed, same kind, not allowed, no Interface) is refused
// invalid_argument or unsupported_capability, storing nothing.

import { defineCheck } from "../check.js";
import {
  attemptCreate,
  attemptImport,
  bindingEntry,
  builder,
  expectAccepted,
  expectNothingStored,
  expectRefused,
  versionSpec,
} from "../harness/aggregate/index.js";
import { expectEqual, expectStatus } from "../harness/assert.js";
import { CorpusGap } from "../harness/corpus.js";
import { errorOf } from "../harness/http.js";
import { SECOND_GROUP } from "../harness/probe-corpus.js";
import { formDefinition, supportBinding } from "../harness/surfaces.js";

export default defineCheck(
  "a binding whose target Form does not provide the Binding's targetInterface is invalid_argument; a conforming binding is accepted",
  async (ctx) => {
    const versionForm = ctx.form("WorkerVersion");
    const service = versionForm.relations.find((r) => r.pointer === "/serviceBindings/*/resource");
    const contract = service?.binding === undefined ? undefined : ctx.corpus.catalog.bindings().find((x) => x.ref.name === service.binding);
    if (!service || !contract) throw new CorpusGap("the pinned WorkerVersion carries no serviceBindings list governed by a pinned Binding Definition");
    const target = (contract.definition as { targetInterface?: { name: string; version: string; schemaDigest: string } }).targetInterface;
    if (!target) throw new CorpusGap(`the pinned Binding ${contract.ref.name} names no targetInterface`);
    const provides = (f: ReturnType<typeof ctx.form>) =>
      (f.definition.providedInterfaces ?? []).some((i) => i.name === target.name && i.schemaDigest === target.schemaDigest);
    const lacking = ctx.corpus.versions("ModuleWorker").find((f) => !provides(f));
    if (!lacking) throw new CorpusGap(`no pinned ModuleWorker definition lacks ${target.name}`);

    for (const name of [contract.ref.name, versionForm.relations.find((r) => r.pointer === "/kvBindings/*/resource")?.binding ?? ""]) {
      const ref = ctx.corpus.catalog.bindings().find((x) => x.ref.name === name)?.ref;
      if (!ref) throw new CorpusGap(`no pinned Binding ${name}`);
      expectStatus(await supportBinding(ctx.primary, ref.name, ref.version), 200, `support profile of the Binding ${ref.name}@${ref.version}`);
    }

    // The served desiredSchema states the Binding contract each binding list carries.
    const kvContract = versionForm.relations.find((r) => r.pointer === "/kvBindings/*/resource")?.binding;
    const definition = await formDefinition(ctx.primary, versionForm.ref, ctx.space);
    expectStatus(definition, 200, "form-definition of WorkerVersion");
    const kvList = (definition.body as { desiredSchema: { properties?: Record<string, Record<string, unknown>> } }).desiredSchema.properties?.["kvBindings"];
    expectEqual(kvList?.["x-takoform-binding"], kvContract, "the served kvBindings property's x-takoform-binding (the pinned Binding contract)");

    const b = builder(ctx);
    const served = await b.serving(["fetch"]);

    // The upstream runner's case: a kvBindings entry naming an INSTALLED Form of the same kind in
    // the contract's synthetic second group, which the Binding does not allow and which provides no
    // Interface. The target exists, so only the binding contract can refuse it.
    const foreignForm = ctx.corpus.probes.versions(SECOND_GROUP.kind, SECOND_GROUP.apiVersion)[0];
    if (!foreignForm) throw new CorpusGap(`the runner's probe corpus holds no ${SECOND_GROUP.apiVersion} ${SECOND_GROUP.kind}`);
    const foreign = b.track(await ctx.primary.create(foreignForm.ref, ctx.name("foreign-kv"), ctx.space, {}));
    const foreignName = ctx.name("version");
    const foreignSpec = versionSpec(ctx, {
      worker: served.worker,
      bundle: served.bundle,
      handlers: ["fetch"],
      extra: { kvBindings: [bindingEntry("CACHE", foreign)] },
    });
    const foreignAttempt = await attemptCreate(ctx.primary, versionForm.ref, foreignName, ctx.space, foreignSpec);
    expectRefused(
      foreignAttempt,
      errorOf(foreignAttempt.res)?.code === "unsupported_capability" ? "unsupported_capability" : "invalid_argument",
      `apply binding kvBindings to the second-group ${SECOND_GROUP.kind} (${SECOND_GROUP.apiVersion})`,
    );
    await expectNothingStored(ctx.primary, versionForm.ref, foreignName, ctx.space, "apply binding kvBindings to the second-group namespace");

    const notProviding = await b.worker(lacking);
    const kv = await b.plain("EdgeKVNamespace");
    const name = ctx.name("version");
    const refusedSpec = versionSpec(ctx, {
      worker: served.worker,
      bundle: served.bundle,
      handlers: ["fetch"],
      extra: { serviceBindings: [bindingEntry("UPSTREAM", notProviding)] },
    });
    const pointer = ["/serviceBindings/0/resource", "/serviceBindings/*/resource"];
    expectRefused(
      await attemptCreate(ctx.primary, versionForm.ref, name, ctx.space, refusedSpec),
      "invalid_argument",
      `apply binding ${contract.ref.name} to a ModuleWorker@${lacking.ref.definitionVersion}`,
      [pointer],
    );
    await expectNothingStored(ctx.primary, versionForm.ref, name, ctx.space, "apply of the unverifiable binding");
    expectRefused(
      await attemptImport(ctx.primary, versionForm.ref, name, ctx.space, refusedSpec, ctx.names.nativeId()),
      "invalid_argument",
      `import binding ${contract.ref.name} to a ModuleWorker@${lacking.ref.definitionVersion}`,
      [pointer],
    );
    await expectNothingStored(ctx.primary, versionForm.ref, name, ctx.space, "import of the unverifiable binding");

    const acceptedSpec = versionSpec(ctx, {
      worker: served.worker,
      bundle: served.bundle,
      handlers: ["fetch"],
      extra: { serviceBindings: [bindingEntry("UPSTREAM", served.worker)], kvBindings: [bindingEntry("CACHE", kv)] },
    });
    b.track(
      expectAccepted(
        await attemptCreate(ctx.primary, versionForm.ref, name, ctx.space, acceptedSpec),
        201,
        "apply of the version binding a serving worker and a namespace",
      ),
    );
    await b.cleanup();
    return `${contract.ref.name} to ModuleWorker@${lacking.ref.definitionVersion} (no ${target.name}) was invalid_argument naming the pointer on apply and import, nothing stored; kvBindings to the second-group ${SECOND_GROUP.kind} was refused, nothing stored; the served kvBindings names its Binding contract; bindings to a serving worker and a namespace were accepted`;
  },
);
