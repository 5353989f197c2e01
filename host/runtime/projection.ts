// The data plane's contract with the kind modules: what a kind's runtime projection
// (KindBehaviour.runtime, host/kinds/runtime/<kind>.ts) produces and what it is given. Projections
// are pure functions from stored resources to Miniflare worker options and plans; Node-side
// bindings are functions tagged with a stable identity, so a plan's fingerprint tells whether
// anything that runs has changed. The plan (plan.ts) names no kind: it asks each record's kind
// module for the roles below.

import type { WorkerOptions } from "miniflare";
import type { BlobFiles } from "../files/blob-files.js";
import type { DatabaseFiles } from "../files/database-files.js";
import type { KindBehaviour, KindRegistry } from "../kinds/behaviour.js";
import type { ResourceRecord } from "../store/records.js";
import type { CronPlan } from "./cron-scheduler.js";
import type { DesiredState } from "./desired.js";
import type { ConsumerPlan } from "./queue-delivery.js";
import type { QueueStore } from "./queue-store.js";
import type { EdgeSql } from "./edge-sql.js";
import type { StorageLedger } from "./storage-quota.js";
import type { StoreData } from "./store-layout.js";
import { EGRESS_WORKER } from "./names.js";

export type NodeBinding = ((request: Request) => Promise<Response>) & { tag?: string };

export interface ProjectionDeps {
  desired: DesiredState;
  blobs: BlobFiles;
  databases: DatabaseFiles;
  queues: QueueStore;
  /** Each tenant's data-plane storage quota (storage-quota.ts): KV values, bucket objects, queued messages and SQLite databases. */
  storage: StorageLedger;
  /** Opens (or reuses) the edge.sql seam over one database file. */
  sql: (file: string) => EdgeSql;
  /** The value of a required sensitive var, when the host's sealed store has one (a hook). */
  secret?: (tenant: string, space: string, name: string) => string | undefined;
  /** Extra Miniflare options per version worker (a hook for other parts of the host). */
  extendVersion?: (options: WorkerOptions, version: ResourceRecord) => WorkerOptions;
}

/** What one deployment serves: its worker's router and the versions it splits traffic over. */
export interface DeploymentTarget {
  tenant: string;
  space: string;
  worker: ResourceRecord;
  router: string;
  versions: { record: ResourceRecord; workerName: string; handlers: string[] }[];
  cumulative: number[];
}

/**
 * The runtime projection of one kind: the roles a live record of the kind plays in the data
 * plane. Every member is optional; the plan skips a kind that leaves a role out. A member throws
 * ProjectionError when what it needs is gone (reported on the record, never a crash).
 */
export interface RuntimeProjection {
  /**
   * The hostname the record gives the worker its `spec.worker` names (served by that worker's
   * router). `assigned`: host-assigned hostnames are claimed before declared ones; within each,
   * the earliest record wins.
   */
  hostname?: { of(record: ResourceRecord): string | undefined; assigned: boolean };
  /** The record is a deployment: the versions it serves, and its router worker answering on `hostnames`. */
  deployment?: {
    target(record: ResourceRecord, deps: ProjectionDeps): DeploymentTarget;
    router(target: DeploymentTarget, hostnames: readonly string[], deps: ProjectionDeps): WorkerOptions;
    /**
     * When the router would hand every request on unchanged: the version worker that answers on
     * the hostnames itself (its `routes`), and runs instead of the router, which then does not run.
     */
    direct?(target: DeploymentTarget, hostnames: readonly string[]): { worker: string; routes: string[] } | undefined;
  };
  /** The worker one version of a deployment runs. */
  version?(record: ResourceRecord, deps: ProjectionDeps): WorkerOptions;
  /** The wrapper worker through which a version's binding to the record reaches it (and any worker it calls). */
  binding?(record: ResourceRecord, deps: ProjectionDeps): WorkerOptions | WorkerOptions[];
  /** The delivery plan of a queue consumer, run in the deployment of its `spec.worker`. */
  consumer?(record: ResourceRecord, deps: ProjectionDeps): ConsumerPlan;
  /** The schedule of a cron trigger, fired into the deployment of its `spec.worker`. */
  cron?(record: ResourceRecord): CronPlan;
  /** What a live record keeps on disk (store-layout.ts); once the record is gone it is reclaimed (store-reclaim.ts, ADR 0306). */
  data?(record: ResourceRecord): StoreData;
}

/** The runtime projection of a record's kind (undefined: the kind plays no part in the data plane). */
export type ProjectionOf = (record: ResourceRecord) => RuntimeProjection | undefined;

const loaded = new WeakMap<KindBehaviour, RuntimeProjection>();

/**
 * Loads the runtime projections of the kinds `records` hold: each kind module's `runtime` member,
 * imported on first use (the control plane never loads data-plane code), then kept.
 */
export async function projectionsFor(kinds: KindRegistry, records: readonly ResourceRecord[]): Promise<ProjectionOf> {
  for (const behaviour of new Set(records.map((record) => kinds.of(record.ref)))) {
    if (behaviour?.runtime !== undefined && !loaded.has(behaviour)) loaded.set(behaviour, await behaviour.runtime());
  }
  return projectionOfLoaded(kinds);
}

function projectionOfLoaded(kinds: KindRegistry): ProjectionOf {
  return (record) => {
    const behaviour = kinds.of(record.ref);
    return behaviour === undefined ? undefined : loaded.get(behaviour);
  };
}

/**
 * The projections of `records` when every kind among them with a runtime member is loaded already
 * (projectionsFor loaded it); undefined when one is not, so that a caller reading the store
 * synchronously never takes an unloaded kind's records for records without a projection.
 */
export function loadedProjections(kinds: KindRegistry, records: readonly ResourceRecord[]): ProjectionOf | undefined {
  for (const record of records) {
    const behaviour = kinds.of(record.ref);
    if (behaviour?.runtime !== undefined && !loaded.has(behaviour)) return undefined;
  }
  return projectionOfLoaded(kinds);
}

export function tagged(tag: string, fn: (request: Request) => Promise<Response>): NodeBinding {
  return Object.assign(fn, { tag });
}

export class ProjectionError extends Error {}

export const COMPATIBILITY_DATE = "2025-09-01";

/**
 * Options of every worker the host writes itself (routers, binding wrappers, the not-found
 * worker), never of tenant code. Miniflare gives each worker a Cache API entry worker and, unless
 * told otherwise, a worker that strips CF-Connecting-IP from its outbound requests: one isolate
 * each at every workerd start. The host's own workers use no cache and make no outbound request
 * (they call service bindings and Node bindings only), so theirs are the no-op cache worker and
 * none (docs/decisions/0297-host-workers-without-miniflare-extras.md).
 */
export const HOST_WORKER: Pick<WorkerOptions, "cache" | "stripCfConnectingIp"> = { cache: false, stripCfConnectingIp: false };

/**
 * Options of every tenant version worker (ADR 0298). Its outbound requests leave through the
 * host's egress worker (egress.ts), which strips CF-Connecting-IP and reaches public addresses
 * only, so Miniflare's own strip worker is not wanted beside it. Its Cache API is present and
 * stores nothing, as on an edge platform's default hostnames: Miniflare keeps one cache for every
 * worker of an instance, keyed by URL alone, so a cache that stored would be one tenant's
 * responses served to another.
 */
export const TENANT_WORKER: Pick<WorkerOptions, "cache" | "stripCfConnectingIp" | "outboundService"> = {
  cache: false,
  stripCfConnectingIp: false,
  outboundService: EGRESS_WORKER,
};

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}
