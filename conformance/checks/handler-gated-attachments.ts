// Attachment gate (decision 0016): each attachment needs its handler from EVERY version the
// active deployment weights — fetch for WorkerCustomDomain and WorkerEndpoint, scheduled for
// WorkerCronTrigger, queue for QueueConsumer. Three workers: one serving only fetch, one serving
// only scheduled and queue, one splitting traffic between an all-handler version and a fetch-only
// one. Each attachment is accepted exactly where every weighted version declares its handler and
// refused unsupported_capability (422) elsewhere, nothing stored, the message naming the handler.

import { defineCheck } from "../check.js";
import { attemptCreate, builder, expectAccepted, expectNothingStored, expectRefused } from "../harness/aggregate/index.js";

export default defineCheck("attachments are admitted only when every weighted version declares the handler they invoke", async (ctx) => {
  const b = builder(ctx);
  const fetchOnly = await b.serving(["fetch"], "worker-bundles/fetch-only");
  const background = await b.serving(["scheduled", "queue"]);
  const split = await b.worker();
  const all = await b.version({ worker: split, bundle: background.bundle, handlers: ["fetch", "scheduled", "queue"] });
  const canary = await b.version({ worker: split, bundle: fetchOnly.bundle, handlers: ["fetch"] });
  await b.deployment(split, [
    [all, 9000],
    [canary, 1000],
  ]);

  const cases = [
    { worker: fetchOnly.worker, label: "fetch-only", serves: new Set(["fetch"]) },
    { worker: background.worker, label: "scheduled+queue", serves: new Set(["scheduled", "queue"]) },
    { worker: split, label: "9000 all-handlers / 1000 fetch-only", serves: new Set(["fetch"]) },
  ];
  const outcomes: string[] = [];
  for (const c of cases) {
    const verdicts: string[] = [];
    for (const a of await b.attachments(c.worker)) {
      const what = `${a.kind} (needs ${a.handler}) against the worker whose deployment weights ${c.label}`;
      const attempt = await attemptCreate(ctx.primary, a.form.ref, a.name, ctx.space, a.spec);
      if (c.serves.has(a.handler)) {
        b.track(expectAccepted(attempt, 201, what));
        verdicts.push(`${a.kind} accepted`);
      } else {
        expectRefused(attempt, "unsupported_capability", what, [a.handler]);
        await expectNothingStored(ctx.primary, a.form.ref, a.name, ctx.space, what);
        verdicts.push(`${a.kind} refused`);
      }
    }
    outcomes.push(`${c.label}: ${verdicts.join(", ")}`);
  }
  await b.cleanup();
  return outcomes.join("; ");
});
