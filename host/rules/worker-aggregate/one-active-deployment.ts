// One active deployment (decision 0016): a WorkerDeployment whose resolved /worker uid already has
// a deployment fails invalid_argument before any mutation, on apply and import alike. Re-applying
// the worker's own deployment is not a second one.

import type { Holder } from "../relations/view.js";
import { accept, refuse, type RuleOutcome } from "../outcome.js";
import type { WorkerIdentity } from "./aggregate.js";

export interface OneActiveDeploymentInput {
  worker: WorkerIdentity;
  /** The deployment being applied; uid absent on create. */
  self: { uid?: string; name: string };
  /** Live deployments whose /worker pin is worker.uid (any space of the tenant). */
  existing: readonly { uid: string; name: string; space: string }[];
}

export function oneActiveDeployment(input: OneActiveDeploymentInput): RuleOutcome {
  const other = input.existing.find((d) => d.uid !== input.self.uid);
  if (other === undefined) return accept();
  return refuse(
    "invalid_argument",
    `/worker: worker "${input.worker.name}" (uid ${input.worker.uid}) already has the active deployment "${other.name}" (uid ${other.uid}); ` +
      `move traffic by re-weighting that deployment`,
    "/worker",
  );
}

/** Live deployments whose /worker pin is `workerUid`, from the worker's holders. */
export function deploymentsOf(workerUid: string, holders: readonly Holder[]): { uid: string; name: string; space: string }[] {
  return holders
    .filter((h) => h.formRef.kind === "WorkerDeployment" && h.record.relation === "/worker" && h.record.targetUid === workerUid)
    .map((h) => ({ uid: h.uid, name: h.name, space: h.space }));
}
