// Bounded garbage collection (decision 0111). Three kinds of state stop being answerable and are
// removed, at most `budget` of each per pass:
//
// - replay records past their expiresAt: already treated as absent by every request
//   (replay-decision.ts), so removing one changes no answer;
// - TERMINAL Operation records settled more than the retention window ago: the window the spec
//   asks a terminal operation to replay for has passed, and their 202's replay record (which
//   expires a window after acceptance, earlier still) no longer points at them. A pending
//   operation is never collected, however old;
// - upload sessions idle past uploadIdleMs (upload-expiry.ts), ended as an abandon would end them;
// - blob files no tenant holds and no upload is writing. A tenant holds every blob of every
//   manifest it committed (abandon never releases those), so no live resource and no other holder
//   ever loses bytes: what goes are the bytes of abandoned sessions nothing else names.
//
// Store deletions run under the owning tenant's lock and are fenced on the version read, so a
// record rewritten meanwhile is left alone. Committed manifests, blob holds, upload sessions and
// migration ledgers are never collected here.

import { everyBlobHoldPrefix, everyOperationPrefix, everyReplayPrefix, tenantOfKey } from "../../store/keys.js";
import type { OperationRecord, ReplayRecord } from "../../store/records.js";
import type { StoreEntry } from "../../store/store.js";
import type { HostContext } from "../context.js";
import { expireUploads } from "../artifact-upload/upload-expiry.js";
import { repeatEvery, type Repeating } from "../../support/repeat.js";

export const DEFAULT_COLLECTION_BUDGET = 1000;
/** How often a running host collects. */
export const COLLECTION_INTERVAL_MS = 10 * 60 * 1000;

export interface CollectionReport {
  replayRecords: number;
  operations: number;
  blobFiles: number;
  /** Idle upload sessions ended (reported only when some were). */
  uploadSessions?: number;
}

type Collector = Pick<HostContext, "store" | "blobs" | "locks" | "clock" | "replayRetentionMs" | "uploadIdleMs">;

function expiredReplay(entry: StoreEntry<ReplayRecord>, now: number): boolean {
  return Date.parse(entry.value.expiresAt) <= now;
}

function retiredOperation(entry: StoreEntry<OperationRecord>, now: number, retentionMs: number): boolean {
  const record = entry.value;
  if (!record.done) return false;
  return Date.parse(record.settledAt ?? record.commitAt) + retentionMs <= now;
}

/** Deletes the entries still collectable once the owning tenant's lock is held; returns how many went. */
async function collectEntries<T>(ctx: Collector, entries: StoreEntry<T>[], collectable: (entry: StoreEntry<T>) => boolean): Promise<number> {
  const byTenant = new Map<string, StoreEntry<T>[]>();
  for (const entry of entries) {
    const tenant = tenantOfKey(entry.key);
    const group = byTenant.get(tenant);
    if (group === undefined) byTenant.set(tenant, [entry]);
    else group.push(entry);
  }
  let removed = 0;
  for (const [tenant, candidates] of byTenant) {
    removed += await ctx.locks.run(tenant, async () => {
      const still = candidates.filter((candidate) => {
        const current = ctx.store.get<T>(candidate.key);
        return current !== undefined && current.version === candidate.version && collectable(current);
      });
      if (still.length === 0) return 0;
      await ctx.store.transaction(still.map((entry) => ({ op: "delete" as const, key: entry.key, expectedVersion: entry.version })));
      return still.length;
    });
  }
  return removed;
}

function collectBlobFiles(ctx: Collector, budget: number): number {
  const held = new Set(
    ctx.store
      .list<unknown>(everyBlobHoldPrefix())
      .map((entry) => entry.key.slice(entry.key.lastIndexOf("/") + 1))
      .map(decodeURIComponent),
  );
  let removed = 0;
  // Synchronous from the holding snapshot to the last unlink: no upload can record a hold in between.
  for (const digest of ctx.blobs.digests()) {
    if (removed >= budget) break;
    if (held.has(digest) || ctx.blobs.isBeingWritten(digest)) continue;
    ctx.blobs.remove(digest);
    removed++;
  }
  return removed;
}

/** One bounded pass. */
export async function collectGarbage(ctx: Collector, budget: number = DEFAULT_COLLECTION_BUDGET): Promise<CollectionReport> {
  const now = ctx.clock.now().getTime();
  const replays = ctx.store
    .list<ReplayRecord>(everyReplayPrefix())
    .filter((entry) => expiredReplay(entry, now))
    .slice(0, budget);
  const operations = ctx.store
    .list<OperationRecord>(everyOperationPrefix())
    .filter((entry) => retiredOperation(entry, now, ctx.replayRetentionMs))
    .slice(0, budget);
  const replayRecords = await collectEntries(ctx, replays, (entry) => expiredReplay(entry, now));
  const retired = await collectEntries(ctx, operations, (entry) => retiredOperation(entry, now, ctx.replayRetentionMs));
  // Before the blob pass, so the bytes only an expired session held go in the same pass.
  const { endSession } = await import("../artifact-upload/artifact-upload.js"); // off the start path, like the routes
  const uploadSessions = await expireUploads(ctx, budget, (scope, uploadId, upload) => endSession(ctx, scope, uploadId, upload));
  return {
    replayRecords,
    operations: retired,
    blobFiles: collectBlobFiles(ctx, budget),
    ...(uploadSessions > 0 ? { uploadSessions } : {}),
  };
}

/**
 * One pass as a running host takes it: on a store several processes share, one process at a time
 * collects, against a view of every tenant refreshed first; undefined when another one is.
 */
export async function collectGarbageOnce(ctx: Collector): Promise<CollectionReport | undefined> {
  const { store } = ctx;
  if (store.singleton === undefined) return collectGarbage(ctx);
  // Blobs shared through the database (files/postgres-blobs.ts) list their addresses first.
  const blobs = ctx.blobs as Collector["blobs"] & { refreshDigests?(): Promise<void>; removed?(): Promise<void> };
  return store.singleton("garbage-collection", async () => {
    await store.refreshAll?.();
    await blobs.refreshDigests?.();
    const report = await collectGarbage(ctx);
    await blobs.removed?.();
    return report;
  });
}

/**
 * Runs a pass every `intervalMs` until stopped (none at start-up, which stays as fast as it was); a
 * failed pass is reported and the next one tries again.
 */
export function startGarbageCollection(
  ctx: Collector,
  intervalMs: number,
  report: (error: unknown) => void,
  collected: (report: CollectionReport) => void = () => undefined,
): Repeating {
  return repeatEvery(
    intervalMs,
    async () => {
      const done = await collectGarbageOnce(ctx);
      if (done !== undefined) collected(done);
    },
    report,
  );
}
