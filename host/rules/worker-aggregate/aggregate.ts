// Shared vocabulary of the Worker aggregate rules (decision 0016): the attachment
// handler table, and the plain "what does this deployment serve" record the rules decide on.

import type { Holder, StoredTarget } from "../relations/view.js";
import { EDGE_GROUP } from "../../../corpus/lib/index.js";

export const SERVICE_BINDING = "module-worker.service";
export const VERSIONS_RELATION = "/versions/*/workerVersion";
export const WORKER_RELATION = "/worker";

/** Inward-activation attachments and the module handler their events invoke. */
export const ATTACHMENT_HANDLER: Readonly<Record<string, string>> = Object.freeze({
  WorkerCustomDomain: "fetch",
  WorkerEndpoint: "fetch",
  WorkerCronTrigger: "scheduled",
  QueueConsumer: "queue",
});

export interface WorkerIdentity {
  uid: string;
  name: string;
}

/** One version an active deployment weights, with the handlers it declares (and, verified at its apply, exports). */
export interface ServingVersion {
  uid: string;
  name: string;
  weight: number;
  handlers: readonly string[];
}

export interface DeploymentServing {
  uid: string;
  name: string;
  versions: readonly ServingVersion[];
}

/** A live resource that needs the worker's active deployment to export a handler. */
export interface WorkerDependent {
  uid: string;
  kind: string;
  name: string;
  space: string;
  handler: string;
  /** "attachment" for an inward activation; "inbound-service-binding" for another version's serviceBindings entry. */
  via: "attachment" | "inbound-service-binding";
  pointer: string;
}

export function handlersOf(version: StoredTarget | undefined): string[] {
  const handlers = version?.spec["handlers"];
  return Array.isArray(handlers) ? handlers.filter((h): h is string => typeof h === "string") : [];
}

/** What a stored deployment serves: its pinned versions, their weights and declared handlers. */
export function deploymentServing(deployment: StoredTarget, byUid: (uid: string) => StoredTarget | undefined): DeploymentServing {
  const entries = Array.isArray(deployment.spec["versions"]) ? (deployment.spec["versions"] as Record<string, unknown>[]) : [];
  const versions: ServingVersion[] = [];
  for (const record of deployment.relations) {
    if (record.relation !== VERSIONS_RELATION) continue;
    const index = Number(record.pointer.split("/")[2]);
    const weight = entries[index]?.["weight"];
    versions.push({
      uid: record.targetUid,
      name: record.targetName,
      weight: typeof weight === "number" ? weight : 0,
      handlers: handlersOf(byUid(record.targetUid)),
    });
  }
  return { uid: deployment.uid, name: deployment.name, versions };
}

/** The live dependents of a worker, from the holders of its uid. */
export function workerDependents(workerUid: string, holders: readonly Holder[]): WorkerDependent[] {
  const out: WorkerDependent[] = [];
  for (const h of holders) {
    if (h.uid === workerUid || h.record.targetUid !== workerUid || h.formRef.apiVersion !== EDGE_GROUP) continue;
    const base = { uid: h.uid, kind: h.formRef.kind, name: h.name, space: h.space, pointer: h.record.pointer };
    const handler = ATTACHMENT_HANDLER[h.formRef.kind];
    if (handler !== undefined && h.record.relation === WORKER_RELATION) out.push({ ...base, handler, via: "attachment" });
    else if (h.record.bindingRef?.name === SERVICE_BINDING) out.push({ ...base, handler: "fetch", via: "inbound-service-binding" });
  }
  return out;
}

/** Versions of a deployment that do not export a handler. */
export function versionsMissing(deployment: DeploymentServing, handler: string): ServingVersion[] {
  return deployment.versions.filter((v) => !v.handlers.includes(handler));
}

export function isReady(target: StoredTarget): boolean {
  return (target.status?.conditions ?? []).some((c) => c.type === "Ready" && c.status === "True");
}
