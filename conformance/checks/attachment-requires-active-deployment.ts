// Attachment gate (decision 0016): inward activation is admitted against the worker's ACTIVE
// DEPLOYMENT, not against any stored version. A worker holding a version that declares every
// handler but no deployment refuses a WorkerCustomDomain, a WorkerEndpoint, a WorkerCronTrigger
// and a QueueConsumer with unsupported_capability (422) before any mutation, the message naming
// the missing deployment. Once a deployment weights that version, all four are accepted.

import { defineCheck } from "../check.js";
import { attemptCreate, bindingEntry, builder, expectAccepted, expectNothingStored, expectRefused, versionSpec } from "../harness/aggregate/index.js";

export default defineCheck("every attachment is unsupported_capability against a worker with no deployment, and accepted once one serves", async (ctx) => {
  const b = builder(ctx);
  const worker = await b.worker();
  const bundle = await b.bundle();
  const version = await b.version({ worker, bundle, handlers: ["fetch", "scheduled", "queue"] });

  for (const a of await b.attachments(worker)) {
    expectRefused(
      await attemptCreate(ctx.primary, a.form.ref, a.name, ctx.space, a.spec),
      "unsupported_capability",
      `${a.kind} against a worker with a stored version and no deployment`,
      [/deployment/i],
    );
    await expectNothingStored(ctx.primary, a.form.ref, a.name, ctx.space, `${a.kind} against a worker with no deployment`);
  }
  // An inbound module-worker.service binding is refused at bind time for the same reason.
  const versionForm = ctx.form("WorkerVersion");
  const callerName = ctx.name("caller");
  const caller = versionSpec(ctx, { worker: await b.worker(), bundle, handlers: ["fetch"], extra: { serviceBindings: [bindingEntry("UPSTREAM", worker)] } });
  expectRefused(
    await attemptCreate(ctx.primary, versionForm.ref, callerName, ctx.space, caller),
    "unsupported_capability",
    "a serviceBindings entry to a worker with no deployment",
  );
  await expectNothingStored(ctx.primary, versionForm.ref, callerName, ctx.space, "a serviceBindings entry to a worker with no deployment");
  await b.deployment(worker, [[version, 10000]]);
  const kinds: string[] = [];
  for (const a of await b.attachments(worker)) {
    b.track(expectAccepted(await attemptCreate(ctx.primary, a.form.ref, a.name, ctx.space, a.spec), 201, `${a.kind} once a deployment serves the worker`));
    kinds.push(a.kind);
  }
  await b.cleanup();
  return `${kinds.join(", ")} and an inbound service binding were unsupported_capability (naming the missing deployment) with nothing stored while only a stored version existed, and accepted once a deployment weighted it`;
});
