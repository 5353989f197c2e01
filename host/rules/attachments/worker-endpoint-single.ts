// A worker has AT MOST ONE WorkerEndpoint (decision 0024), decided on the resolved /worker uid: a
// second endpoint fails invalid_argument before any mutation, on apply and import alike.

import type { Holder } from "../relations/view.js";
import { accept, refuse, type RuleOutcome } from "../outcome.js";

export function endpointsOf(workerUid: string, holders: readonly Holder[]): Holder[] {
  return holders.filter((h) => h.formRef.kind === "WorkerEndpoint" && h.record.relation === "/worker" && h.record.targetUid === workerUid);
}

export function singleEndpointPerWorker(
  worker: { uid: string; name: string },
  self: { uid?: string },
  endpoints: readonly { uid: string; name: string }[],
): RuleOutcome {
  const other = endpoints.find((e) => e.uid !== self.uid);
  if (other === undefined) return accept();
  return refuse(
    "invalid_argument",
    `/worker: worker "${worker.name}" (uid ${worker.uid}) already has the WorkerEndpoint "${other.name}"; a worker has at most one endpoint`,
    "/worker",
  );
}
