// What every per-kind projection produces and needs: pure functions from stored resources to
// Miniflare worker options. Node-side bindings are functions tagged with a stable identity, so a
// plan's fingerprint tells whether anything that runs has changed.

import type { WorkerOptions } from "miniflare";
import type { BlobFiles } from "../files/blob-files.js";
import type { DatabaseFiles } from "../files/database-files.js";
import type { DesiredState } from "./desired.js";
import type { QueueStore } from "./queue-store.js";
import type { EdgeSql } from "./edge-sql.js";

export type NodeBinding = ((request: Request) => Promise<Response>) & { tag?: string };

export interface ProjectionDeps {
  desired: DesiredState;
  blobs: BlobFiles;
  databases: DatabaseFiles;
  queues: QueueStore;
  /** Opens (or reuses) the edge.sql seam over one database file. */
  sql: (file: string) => EdgeSql;
  /** The value of a required sensitive var, when the host's sealed store has one (a hook). */
  secret?: (tenant: string, space: string, name: string) => string | undefined;
  /** Extra Miniflare options per version worker (a hook for other parts of the host). */
  extendVersion?: (options: WorkerOptions, version: import("../store/records.js").ResourceRecord) => WorkerOptions;
}

export function tagged(tag: string, fn: (request: Request) => Promise<Response>): NodeBinding {
  return Object.assign(fn, { tag });
}

export class ProjectionError extends Error {}

export const COMPATIBILITY_DATE = "2025-09-01";

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}
