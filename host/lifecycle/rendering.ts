// Derived rendering (Resource identity; decision 0016): the Ready condition of a resource is
// rendered from OTHER resources -- relation drift of the targets it pinned (decisions 0015, 0022),
// and for a ModuleWorker the readiness its active deployment gives it. When the rendering changes
// the revision moves and the generation does not; an unchanged rendering moves nothing, so an
// idempotent re-apply moves nothing anywhere.

import { rfc3339 } from "../clock.js";
import { relationDrift } from "../rules/relations/relation-drift.js";
import { deploymentServing, EDGE_GROUP, type DeploymentServing } from "../rules/worker-aggregate/aggregate.js";
import { deploymentsOf } from "../rules/worker-aggregate/one-active-deployment.js";
import { workerReadiness } from "../rules/worker-aggregate/worker-readiness.js";
import type { ResourceRecord } from "../store/records.js";
import type { Condition } from "../wire/conditions.js";
import { nextDecimal } from "../wire/decimal.js";
import type { TenantView } from "./tenant-view.js";
import { migrationReadinessCondition } from "./admit-migrations.js";
import { sensitiveVarsReadiness } from "../secrets/readiness.js";

export function readyMessage(generation: string, observations: number): string {
  const base = `The host holds the desired state of generation ${generation}.`;
  return observations === 0 ? base : `${base} Host observation ${observations}.`;
}

/** The active deployment serving a worker uid, as the aggregate rules describe it. */
export function activeDeployment(view: TenantView, workerUid: string): DeploymentServing | undefined {
  const [first] = deploymentsOf(workerUid, view.holdersOf(workerUid));
  const deployment = first === undefined ? undefined : view.byUid(first.uid);
  return deployment === undefined ? undefined : deploymentServing(deployment, (uid) => view.byUid(uid));
}

function derivedReady(view: TenantView, record: ResourceRecord): Omit<Condition, "lastTransitionTime"> | undefined {
  const drift = relationDrift(record.space, record.relations ?? [], view);
  if (drift.drifted) return drift.condition;
  const migrations = migrationReadinessCondition(view, record);
  if (migrations !== undefined) {
    return { type: "Ready", ...migrations, message: `the migration ledger does not yet equal the set (${migrations.hostReason})` };
  }
  if (record.ref.apiVersion === EDGE_GROUP && record.ref.kind === "WorkerVersion") {
    const sensitive = sensitiveVarsReadiness(view, record);
    if (sensitive !== undefined) return sensitive;
  }
  if (record.ref.apiVersion === EDGE_GROUP && record.ref.kind === "ModuleWorker") {
    const readiness = workerReadiness({ name: record.name }, activeDeployment(view, record.uid));
    if (readiness.status !== "True") return readiness;
  }
  return undefined;
}

/** The conditions this record renders to now; lastTransitionTime moves only on a transition. */
export function renderConditions(view: TenantView, record: ResourceRecord, now: Date): Condition[] {
  const derived = derivedReady(view, record);
  const ready: Condition =
    derived === undefined
      ? { type: "Ready", status: "True", reason: "Available", message: readyMessage(record.generation, record.observations), lastTransitionTime: "" }
      : { ...derived, lastTransitionTime: "" };
  const previous = record.conditions.find((condition) => condition.type === "Ready");
  ready.lastTransitionTime =
    previous !== undefined && previous.status === ready.status && previous.reason === ready.reason && previous.lastTransitionTime !== ""
      ? previous.lastTransitionTime
      : rfc3339(now);
  return [ready];
}

/**
 * The record with its rendering brought up to date. `revisionMoved` says whether this mutation
 * already advanced the revision (a spec change, an observation, a create): one representation
 * change is one revision.
 */
export function rendered(view: TenantView, record: ResourceRecord, revisionMoved: boolean, now: Date): ResourceRecord {
  const conditions = renderConditions(view, record, now);
  if (JSON.stringify(conditions) === JSON.stringify(record.conditions)) return record;
  return { ...record, conditions, revision: revisionMoved ? record.revision : nextDecimal(record.revision) };
}
