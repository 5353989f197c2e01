// WorkerCronTrigger (decision 0020): the parsed cron grammar is a spec-only rule
// (cron-grammar-enforced), and the trigger is an attachment behind the attachment gate.

import { diagnosticOf } from "../rules/outcome.js";
import { parseCron } from "../rules/attachments/cron-schedule.js";
import type { KindBehaviour } from "./behaviour.js";
import { gatedWorker } from "./worker-support.js";

export const workerCronTrigger: KindBehaviour = {
  specRules(spec) {
    if (typeof spec.cron !== "string") return [];
    const cron = parseCron(spec.cron);
    return cron.ok ? [] : [diagnosticOf(cron)];
  },

  admit(view, input) {
    gatedWorker(view, input);
  },

  /** The data plane: a schedule fired into its worker (runtime/worker-cron-trigger.ts). */
  runtime: () => import("./runtime/worker-cron-trigger.js").then((m) => m.workerCronTriggerRuntime),
};
