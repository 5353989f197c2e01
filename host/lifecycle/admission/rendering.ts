// Derived rendering (Resource identity; decision 0016): the Ready condition of a resource is
// rendered from OTHER resources -- relation drift of the targets it pinned (decisions 0015, 0022),
// and the Ready condition its kind derives (KindBehaviour.derivedReady, e.g. a worker's readiness
// from its active deployment, host/kinds). When the rendering changes
// the revision moves and the generation does not; an unchanged rendering moves nothing, so an
// idempotent re-apply moves nothing anywhere.

import { rfc3339 } from "../../clock.js";
import { relationDrift } from "../../rules/relations/relation-drift.js";
import type { ResourceRecord } from "../../store/records.js";
import type { Condition } from "../../wire/conditions.js";
import { nextDecimal } from "../../wire/decimal.js";
import type { TenantView } from "./tenant-view.js";

export function readyMessage(generation: string, observations: number): string {
  const base = `The host holds the desired state of generation ${generation}.`;
  return observations === 0 ? base : `${base} Host observation ${observations}.`;
}

function derivedReady(view: TenantView, record: ResourceRecord): Omit<Condition, "lastTransitionTime"> | undefined {
  const drift = relationDrift(record.space, record.relations ?? [], view);
  if (drift.drifted) return drift.condition;
  return view.kindOf(record.ref)?.derivedReady?.(view, record);
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
