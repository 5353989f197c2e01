// Helpers the Worker aggregate kind modules share: the stored target of one of this request's
// relations, the identity the aggregate rules name, the active deployment serving a worker, and
// the attachment gate every inward-activation attachment passes (decisions 0016, 0020, 0024).

import { check } from "../rules/outcome.js";
import type { RelationRecord, StoredTarget } from "../rules/relations/view.js";
import { deploymentServing, WORKER_RELATION, type DeploymentServing, type WorkerIdentity } from "../rules/worker-aggregate/aggregate.js";
import { attachmentGate } from "../rules/worker-aggregate/attachment-gate.js";
import { deploymentsOf } from "../rules/worker-aggregate/one-active-deployment.js";
import type { KindAdmission, KindView } from "./behaviour.js";

export function relationTarget(view: KindView, records: readonly RelationRecord[], relation: string): StoredTarget | undefined {
  const record = records.find((candidate) => candidate.relation === relation);
  return record === undefined ? undefined : view.byUid(record.targetUid);
}

export function identity(target: StoredTarget): WorkerIdentity {
  return { uid: target.uid, name: target.name };
}

/** The uid the aggregate rules compare against: present on update, absent on create. */
export function selfOf(input: KindAdmission): { uid?: string } {
  return input.self === undefined ? {} : { uid: input.self.uid };
}

/** The active deployment serving a worker uid, as the aggregate rules describe it. */
export function activeDeployment(view: KindView, workerUid: string): DeploymentServing | undefined {
  const [first] = deploymentsOf(workerUid, view.holdersOf(workerUid));
  const deployment = first === undefined ? undefined : view.byUid(first.uid);
  return deployment === undefined ? undefined : deploymentServing(deployment, (uid) => view.byUid(uid));
}

/** The attachment gate over the worker this attachment pins; returns that worker (if it resolved). */
export function gatedWorker(view: KindView, input: KindAdmission): StoredTarget | undefined {
  const worker = relationTarget(view, input.records, WORKER_RELATION);
  if (worker === undefined) return undefined;
  check(attachmentGate({ attachmentKind: input.form.ref.kind, worker: identity(worker), deployment: activeDeployment(view, worker.uid) }));
  return worker;
}
