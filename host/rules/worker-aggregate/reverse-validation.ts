// Reverse validation (decision 0016): the gate holds in both directions. A deployment apply that
// would leave a live dependent unserved — a custom domain or endpoint (fetch), a cron trigger
// (scheduled), a queue consumer (queue), or an inbound service binding (fetch) — fails
// unsupported_capability before any mutation.

import { accept, refuse, type RuleOutcome } from "../outcome.js";
import { versionsMissing, type DeploymentServing, type WorkerDependent, type WorkerIdentity } from "./aggregate.js";

export function reverseValidation(worker: WorkerIdentity, proposed: DeploymentServing, dependents: readonly WorkerDependent[]): RuleOutcome {
  for (const d of dependents) {
    const missing = versionsMissing(proposed, d.handler);
    if (missing.length === 0) continue;
    const who = d.via === "attachment" ? `${d.kind} "${d.name}"` : `the service binding ${d.pointer} of ${d.kind} "${d.name}"`;
    return refuse(
      "unsupported_capability",
      `/versions: ${who} needs worker "${worker.name}" to serve ${d.handler}, but ` +
        `${missing.map((v) => `WorkerVersion "${v.name}"`).join(", ")} would not export it`,
      "/versions",
    );
  }
  return accept();
}
