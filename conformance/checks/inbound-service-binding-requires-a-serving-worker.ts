// Worker readiness and inbound service bindings (decision 0016): a module-worker.service binding
// to a worker that is not Available — no deployment, a deployment serving no fetch, or one whose
// weighted versions do not all serve fetch — is refused at BIND time with unsupported_capability
// (422), before any mutation, on apply and on import, storing nothing. Once the target's active
// deployment serves fetch from every weighted version, the same binding is accepted.

import { defineCheck } from "../check.js";
import {
  attemptCreate,
  attemptImport,
  attemptUpdate,
  bindingEntry,
  builder,
  deploymentSpec,
  expectAccepted,
  expectNothingStored,
  expectRefused,
  versionSpec,
} from "../harness/aggregate/index.js";

export default defineCheck(
  "binding worker.service to a worker that does not serve fetch is unsupported_capability at bind time; a serving worker is accepted",
  async (ctx) => {
    const b = builder(ctx);
    const form = ctx.form("WorkerVersion");
    const target = await b.worker();
    const bundle = await b.bundle();
    const web = await b.version({ worker: target, bundle, handlers: ["fetch"] });
    const batch = await b.version({ worker: target, bundle, handlers: ["scheduled"] });
    const caller = await b.worker();
    const spec = versionSpec(ctx, { worker: caller, bundle, handlers: ["fetch"], extra: { serviceBindings: [bindingEntry("UPSTREAM", target)] } });
    const name = ctx.name("version");

    const refuse = async (state: string): Promise<void> => {
      expectRefused(await attemptCreate(ctx.primary, form.ref, name, ctx.space, spec), "unsupported_capability", `apply binding a worker ${state}`);
      await expectNothingStored(ctx.primary, form.ref, name, ctx.space, `apply binding a worker ${state}`);
      expectRefused(
        await attemptImport(ctx.primary, form.ref, name, ctx.space, spec, ctx.names.nativeId()),
        "unsupported_capability",
        `import binding a worker ${state}`,
      );
      await expectNothingStored(ctx.primary, form.ref, name, ctx.space, `import binding a worker ${state}`);
    };
    await refuse("with no deployment");
    let deployment = await b.deployment(target, [[batch, 10000]]);
    await refuse("whose deployment serves no fetch");
    deployment = expectAccepted(
      await attemptUpdate(
        ctx.primary,
        deployment,
        deploymentSpec(ctx, target, [
          [web, 5000],
          [batch, 5000],
        ]),
      ),
      200,
      "a split with one fetch-less version",
    );
    await refuse("whose deployment weights a fetch-less version");
    expectAccepted(await attemptUpdate(ctx.primary, deployment, deploymentSpec(ctx, target, [[web, 10000]])), 200, "all traffic to the fetch version");
    b.track(expectAccepted(await attemptCreate(ctx.primary, form.ref, name, ctx.space, spec), 201, "apply binding the worker once it serves fetch"));
    await b.cleanup();
    return "a service binding was refused (unsupported_capability, apply and import, nothing stored) to a worker with no deployment, a fetch-less one and a partly fetch-less one; accepted once every weighted version served fetch";
  },
);
