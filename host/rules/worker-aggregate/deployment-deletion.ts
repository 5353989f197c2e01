// Deleting a WorkerDeployment while a live dependent of its worker needs it fails
// dependency_in_use (decision 0016). Nothing references a deployment, so this is not the relation
// rule; it is the same statement about the deployment -> worker -> dependents edge.

import { accept, refuse, type RuleOutcome } from "../outcome.js";
import type { WorkerDependent, WorkerIdentity } from "./aggregate.js";

export function deploymentDeletion(deployment: { name: string }, worker: WorkerIdentity, dependents: readonly WorkerDependent[]): RuleOutcome {
  if (dependents.length === 0) return accept();
  const named = dependents
    .slice(0, 8)
    .map((d) => (d.via === "attachment" ? `${d.kind} "${d.name}" (${d.handler})` : `${d.kind} "${d.name}" service binding ${d.pointer} (fetch)`))
    .join(", ");
  return refuse(
    "dependency_in_use",
    `deployment "${deployment.name}" is what serves worker "${worker.name}" to ${dependents.length} live dependent${dependents.length === 1 ? "" : "s"}: ${named}${dependents.length > 8 ? ", …" : ""}`,
  );
}
