// Upload sessions expire (docs/security.md): a session with no activity -- its start or a blob
// PUT this process saw -- for `uploadIdleMs` (24 h by default), or committed an hour ago (at most
// `uploadIdleMs`), is ended by garbage collection as
// if it had been abandoned: its record goes, and so do the tenant's holds on blobs nothing else of
// the tenant names, after which the same pass removes their bytes. Activity is remembered in
// memory; after a restart a session's idle time counts from the restart at the earliest.

import { authenticatedScope, type TenantScope } from "../../store/scope.js";
import { everyUploadPrefix } from "../../store/keys.js";
import type { UploadRecord } from "../../store/records.js";
import type { StoreEntry, StoreWrite } from "../../store/store.js";
import type { HostContext } from "../context.js";

export const DEFAULT_UPLOAD_IDLE_MS = 24 * 60 * 60 * 1000;

const lastActivity = new Map<string, number>();
const processStart = Date.now();

export function touchUpload(key: string, at: number): void {
  lastActivity.set(key, at);
}

/** How long a committed session stays (a commit of it answers the same digest meanwhile). */
export const COMMITTED_SESSION_MS = 60 * 60 * 1000;

/** Whether a session has been idle for the whole window at `now`, or committed an hour (at most the window) ago. */
export function uploadExpired(key: string, record: UploadRecord, now: number, idleMs: number): boolean {
  if (record.committedAt !== undefined && Date.parse(record.committedAt) + Math.min(idleMs, COMMITTED_SESSION_MS) <= now) return true;
  const active = Math.max(Date.parse(record.startedAt), lastActivity.get(key) ?? 0, Math.min(processStart, now));
  return active + idleMs <= now;
}

type Expirer = Pick<HostContext, "store" | "locks" | "clock" | "uploadIdleMs">;

/** The writes that end a session (artifact-upload.ts endSession, passed in to keep imports one-way). */
export type SessionEnder = (scope: TenantScope, uploadId: string, upload: UploadRecord) => StoreWrite[];

/** Ends at most `budget` idle sessions; answers how many went. */
export async function expireUploads(ctx: Expirer, budget: number, endSession: SessionEnder): Promise<number> {
  const now = ctx.clock.now().getTime();
  const idleMs = ctx.uploadIdleMs ?? DEFAULT_UPLOAD_IDLE_MS;
  const idle = ctx.store
    .list<UploadRecord>(everyUploadPrefix())
    .filter((entry) => uploadExpired(entry.key, entry.value, now, idleMs))
    .slice(0, budget);
  let ended = 0;
  for (const entry of idle) ended += await endOne(ctx, entry, now, idleMs, endSession);
  return ended;
}

async function endOne(ctx: Expirer, entry: StoreEntry<UploadRecord>, now: number, idleMs: number, endSession: SessionEnder): Promise<number> {
  const [, tenant, principal, uploadId] = entry.key.split("/").map(decodeURIComponent) as [string, string, string, string];
  const scope = authenticatedScope({ tenant, principal });
  return ctx.locks.run(tenant, async () => {
    const current = ctx.store.get<UploadRecord>(entry.key);
    if (current === undefined || current.version !== entry.version || !uploadExpired(entry.key, current.value, now, idleMs)) return 0;
    const writes = endSession(scope, uploadId, current.value).map((write) => (write.key === entry.key ? { ...write, expectedVersion: entry.version } : write));
    await ctx.store.transaction(writes);
    lastActivity.delete(entry.key);
    return 1;
  });
}
