// Binding verification (decision 0015 rule 8): a binding is verified against its Binding
// Definition, never assumed. A WorkerVersion's serviceBindings entry (module-worker.service,
// whose targetInterface is worker.service) naming a ModuleWorker recorded under a pinned
// definition that does not declare worker.service is refused invalid_argument (400) before any
// mutation, on apply and import, naming the binding pointer. The same binding to a ModuleWorker
// that provides the Interface and serves fetch is accepted, as is a kvBindings entry to an
// EdgeKVNamespace; the host advertises both Binding contracts it verified against.

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
import { expectStatus } from "../harness/assert.js";
import { CorpusGap } from "../harness/corpus.js";
import { supportBinding } from "../harness/surfaces.js";

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

    const b = builder(ctx);
    const served = await b.serving(["fetch"]);
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
    return `${contract.ref.name} to ModuleWorker@${lacking.ref.definitionVersion} (no ${target.name}) was invalid_argument naming the pointer on apply and import, nothing stored; bindings to a serving worker and a namespace were accepted`;
  },
);
