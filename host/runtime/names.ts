// Names the runtime gives things inside workerd. Every name is derived from the tenant and the
// host-issued uid of an incarnation (never from anything a client can choose alone), so two
// tenants, or a deleted and re-created resource, never share a worker, a KV namespace, a bucket,
// a database or a queue.

import { createHash } from "node:crypto";
import type { ResourceRecord } from "../store/records.js";

function digest(...parts: string[]): string {
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 24);
}

/** One tenant's directory component under the data dir (same digest for every runtime store). */
export function tenantDirectory(tenant: string): string {
  return createHash("sha256").update(tenant).digest("hex").slice(0, 32);
}

/** The workerd worker running one WorkerVersion incarnation. */
export function versionWorkerName(version: ResourceRecord): string {
  return `v-${digest(version.tenant, version.uid)}`;
}

/** The router worker of one ModuleWorker: splits by its deployment, serves assets first. */
export function routerWorkerName(worker: ResourceRecord): string {
  return `w-${digest(worker.tenant, worker.uid)}`;
}

/** The start of every storage id of one tenant (storage-usage.ts measures its stores by it). */
export function storagePrefix(tenant: string): string {
  return `t${tenantDirectory(tenant).slice(0, 16)}-`;
}

/** Storage id of one stateful resource (KV namespace, bucket), tenant-qualified. */
export function storageId(resource: ResourceRecord): string {
  return `${storagePrefix(resource.tenant)}${digest(resource.tenant, resource.uid)}`;
}

/** The wrapper worker exposing a Node-side binding (edge.sql, edge.queue producer). */
export function wrapperWorkerName(prefix: "sql" | "queue" | "kv" | "bucket", resource: ResourceRecord): string {
  return `${prefix}-${digest(resource.tenant, resource.uid)}`;
}

/** The worker that writes to one KV namespace or bucket in an isolate of its own, counting the bytes (storage-writer.ts). */
export function storeWriterName(resource: ResourceRecord): string {
  return `s-${digest(resource.tenant, resource.uid)}`;
}

/** Worker name of the catch-all that answers hosts nothing serves. */
export const NOT_FOUND_WORKER = "takoform-not-found";

/** Worker name of the host's front worker: where the gateway sends every connection (front.ts). */
export const FRONT_WORKER = "takoform-front";

/** Worker name of the one way out of workerd for tenant code (egress.ts). */
export const EGRESS_WORKER = "takoform-egress";
