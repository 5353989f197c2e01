// The runtime plan: everything that should run, projected from the desired state by the per-kind
// projections (KindBehaviour.runtime; this file names no kind, it asks each record's kind for the
// role it plays). Pure over its inputs (the store snapshot, artifact bytes): the same desired state
// gives the same plan and the same fingerprint, so an unchanged commit restarts nothing.

import { createHash } from "node:crypto";
import type { WorkerOptions } from "miniflare";
import type { ResourceRecord } from "../store/records.js";
import { refAt, type Ref } from "./desired.js";
import { cellsOf, type CellPlan } from "./cells.js";
import { routedHostnames } from "./front.js";
import { NOT_FOUND_WORKER, routerWorkerName } from "./names.js";
import {
  COMPATIBILITY_DATE,
  HOST_WORKER,
  ProjectionError,
  type DeploymentTarget,
  type ProjectionDeps,
  type ProjectionOf,
  type RuntimeProjection,
} from "./projection.js";
import type { ConsumerPlan } from "./queue-delivery.js";
import type { CronPlan } from "./cron-scheduler.js";

export interface RuntimeProblem {
  record: ResourceRecord;
  message: string;
}

/** The workers one deployment runs (its versions, their Node-side bindings, its router). */
export interface DeploymentGroup {
  workers: WorkerOptions[];
  target: DeploymentTarget;
  /** The version worker that answers in place of the router (no router runs), if any. */
  direct?: string;
}

/** What earlier reconciles learned: versions workerd refused, and each deployment's last good group. */
export interface PlanMemory {
  /** `${uid}:${generation}` of versions that failed to load (a status change keeps them quarantined). */
  quarantined: Set<string>;
  lastGood: Map<string, DeploymentGroup>;
}

export const versionKey = (record: ResourceRecord) => `${record.uid}:${record.generation}`;

export interface RuntimePlan {
  /** Deployment uid -> the group this plan runs for it, when freshly projected. */
  fresh: Map<string, DeploymentGroup>;
  /** Every worker of every tenant's deployments, and the shared not-found worker. */
  workers: WorkerOptions[];
  /** Tenant -> what its own workerd instance runs (cells.ts, ADR 0300). */
  cells: Map<string, CellPlan>;
  /** Hostname -> router worker name. */
  hostnames: Map<string, string>;
  /** Router worker name -> its deployment. */
  targets: Map<string, DeploymentTarget>;
  consumers: { plan: ConsumerPlan; router: string }[];
  crons: { plan: CronPlan; router: string }[];
  problems: RuntimeProblem[];
  fingerprint: string;
}

/**
 * The not-found worker keeps Miniflare's Cache API service (HOST_WORKER's `cache: false` left out):
 * its storage is a directory under DATA/runtime that every workerd of this host holds open, which
 * is how the next host finds a workerd an earlier one left running (orphans.ts).
 */
export const NOT_FOUND_OPTIONS: WorkerOptions = {
  stripCfConnectingIp: HOST_WORKER.stripCfConnectingIp,
  name: NOT_FOUND_WORKER,
  compatibilityDate: COMPATIBILITY_DATE,
  modules: true,
  script: `export default { fetch() { return new Response("no worker is deployed here\\n", { status: 404 }); } }`,
};

/** The bound resources of a version: every `{ resource }` entry of its spec's binding lists, in spec order. */
function boundResources(version: ResourceRecord, deps: ProjectionDeps): ResourceRecord[] {
  return Object.values(version.spec).flatMap((member) =>
    Array.isArray(member)
      ? member.flatMap((entry) => {
          const ref = (entry as { resource?: Ref } | null)?.resource;
          const target = ref === undefined ? undefined : deps.desired.resolve(version, ref);
          return target === undefined ? [] : [target];
        })
      : [],
  );
}

export function buildPlan(deps: ProjectionDeps, projectionOf: ProjectionOf, memory: PlanMemory = { quarantined: new Set(), lastGood: new Map() }): RuntimePlan {
  const { desired } = deps;
  const problems: RuntimeProblem[] = [];
  // code-unit order of ISO times and uids (localeCompare would build ICU's collator on the first reconcile)
  const byCreation = (a: ResourceRecord, b: ResourceRecord) => codeUnitOrder(a.createdAt, b.createdAt) || codeUnitOrder(a.uid, b.uid);
  /** The records whose kind plays `role`, in store order. */
  const playing = <R extends keyof RuntimeProjection>(role: R, where: (projection: RuntimeProjection) => boolean = () => true) =>
    desired.records.flatMap((record) => {
      const projection = projectionOf(record);
      return projection?.[role] !== undefined && where(projection) ? [{ record, role: projection[role]! }] : [];
    });
  const earliestFirst = (a: { record: ResourceRecord }, b: { record: ResourceRecord }) => byCreation(a.record, b.record);
  // Hostnames per ModuleWorker uid; a hostname two tenants claim goes to the earliest claim
  // (host-assigned hostnames before declared ones).
  const hostnames = new Map<string, string>();
  const hostnamesOf = new Map<string, string[]>();
  const claim = (holder: ResourceRecord, hostname: string | undefined) => {
    const worker = desired.resolve(holder, refAt(holder.spec, "worker"));
    if (hostname === undefined || worker === undefined) return;
    if (hostnames.has(hostname)) {
      problems.push({ record: holder, message: `hostname ${hostname} is already served by another worker` });
      return;
    }
    hostnames.set(hostname, routerWorkerName(worker));
    hostnamesOf.set(routerWorkerName(worker), [...(hostnamesOf.get(routerWorkerName(worker)) ?? []), hostname]);
  };
  for (const assigned of [true, false])
    for (const { record, role } of playing("hostname", (projection) => projection.hostname!.assigned === assigned).sort(earliestFirst))
      claim(record, role.of(record));

  const workers = new Map<string, WorkerOptions>([[NOT_FOUND_WORKER, NOT_FOUND_OPTIONS]]);
  const targets = new Map<string, DeploymentTarget>();
  const fresh = new Map<string, DeploymentGroup>();
  /** Router name -> the version worker that answers in its place (service bindings to the router go there). */
  const direct = new Map<string, string>();
  /** Worker name -> the tenant whose cell runs it (the not-found worker runs in every cell). */
  const tenantOf = new Map<string, string>();
  const use = (group: DeploymentGroup) => {
    for (const options of group.workers) {
      workers.set(options.name!, options);
      tenantOf.set(options.name!, group.target.tenant);
    }
    targets.set(group.target.router, group.target);
    if (group.direct !== undefined) direct.set(group.target.router, group.direct);
  };
  for (const { record: deployment, role: projection } of playing("deployment").sort(earliestFirst)) {
    try {
      const target = projection.target(deployment, deps);
      const refused = target.versions.find((v) => memory.quarantined.has(versionKey(v.record)));
      if (refused !== undefined) {
        const previous = memory.lastGood.get(deployment.uid);
        problems.push({
          record: refused.record,
          message: `workerd refused to load version ${refused.record.name}; ${previous === undefined ? "nothing serves this deployment" : "the previous deployment keeps serving"}`,
        });
        if (previous !== undefined) use(previous);
        continue;
      }
      const own: WorkerOptions[] = [];
      for (const version of target.versions) {
        const versionWorker = projectionOf(version.record)?.version;
        if (versionWorker === undefined) throw new ProjectionError(`${version.record.ref.kind} ${version.record.name} is not a version the runtime can run`);
        own.push(versionWorker(version.record, deps));
        for (const bound of boundResources(version.record, deps)) {
          const wrapper = projectionOf(bound)?.binding;
          if (wrapper !== undefined) own.push(...[wrapper(bound, deps)].flat());
        }
      }
      const hostnamesOfTarget = hostnamesOf.get(target.router) ?? [];
      const answering = projection.direct?.(target, hostnamesOfTarget);
      if (answering === undefined) own.push(projection.router(target, hostnamesOfTarget, deps));
      else {
        const at = own.findIndex((options) => options.name === answering.worker);
        own[at] = { ...own[at]!, routes: answering.routes };
      }
      for (const options of own) routedHostnames(options); // a route the front cannot serve is this deployment's problem
      const group: DeploymentGroup = { workers: own, target, ...(answering === undefined ? {} : { direct: answering.worker }) };
      fresh.set(deployment.uid, group);
      use(group);
    } catch (error) {
      problems.push({ record: deployment, message: problemOf(deployment, error) });
    }
  }
  // Service bindings to a router go to the version answering in its place; to a worker whose
  // deployment could not be projected, or that another tenant's cell runs, to the not-found
  // worker. The options are copied, not changed: a deployment's last good group is used again by
  // later plans.
  for (const [worker, options] of workers) {
    const bindings = options.serviceBindings as Record<string, unknown> | undefined;
    if (bindings === undefined) continue;
    const resolved = Object.fromEntries(
      Object.entries(bindings).map(([name, service]) => {
        if (typeof service !== "string") return [name, service];
        const to = direct.get(service) ?? service;
        return [name, workers.has(to) && tenantOf.get(to) === tenantOf.get(worker) ? to : NOT_FOUND_WORKER];
      }),
    );
    if (Object.entries(resolved).some(([name, service]) => service !== bindings[name]))
      workers.set(worker, { ...options, serviceBindings: resolved as WorkerOptions["serviceBindings"] });
  }
  const routed = (holder: ResourceRecord): string | undefined => {
    const worker = desired.resolve(holder, refAt(holder.spec, "worker"));
    const router = worker === undefined ? undefined : routerWorkerName(worker);
    return router !== undefined && targets.has(router) ? router : undefined;
  };
  const consumers = playing("consumer").flatMap(({ record: consumer, role: consumerPlan }) => {
    const router = routed(consumer);
    try {
      return router === undefined ? [] : [{ plan: consumerPlan(consumer, deps), router }];
    } catch (error) {
      problems.push({ record: consumer, message: problemOf(consumer, error) });
      return [];
    }
  });
  const crons = playing("cron").flatMap(({ record: trigger, role: cronSchedule }) => {
    const router = routed(trigger);
    try {
      return router === undefined ? [] : [{ plan: cronSchedule(trigger), router }];
    } catch (error) {
      problems.push({ record: trigger, message: problemOf(trigger, error) });
      return [];
    }
  });
  const list = [...workers.values()];
  const cells = cellsOf({ workers: list, tenantOf, targets, consumers, crons, fingerprint: fingerprintOf });
  const fingerprint = createHash("sha256")
    .update(JSON.stringify([...cells.values()].map((cell) => [cell.tenant, cell.fingerprint])))
    .digest("hex");
  return { fresh, workers: list, cells, hostnames, targets, consumers, crons, problems, fingerprint };
}

/**
 * What a record's problem says: a ProjectionError's message (what the record needs is gone), and
 * for anything else a kind module threw, that it failed, so one kind's bug leaves the rest of the
 * plan running instead of stopping every reconcile.
 */
function problemOf(record: ResourceRecord, error: unknown): string {
  if (error instanceof ProjectionError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return `the runtime projection of ${record.ref.kind} failed: ${message.split("\n")[0]}`;
}

/** A digest of what workerd runs: module bytes by digest, Node bindings by their tag. */
export function fingerprintOf(workers: readonly WorkerOptions[]): string {
  const text = JSON.stringify(workers, (_key, value: unknown) => {
    if (value instanceof Uint8Array) return createHash("sha256").update(value).digest("hex");
    if (typeof value === "function") return `fn:${(value as { tag?: string }).tag ?? "?"}`;
    return value;
  });
  return createHash("sha256").update(text).digest("hex");
}

function codeUnitOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
