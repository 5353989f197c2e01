// The host's data plane: owns the reconciler (workerd via Miniflare), the gateway listener, the
// cron scheduler and queue delivery, and the edge.sql connections. `takoform host` starts it unless
// --runtime off; the host calls requestReconcile() after every commit that touches a resource.

import type { WorkerOptions } from "miniflare";
import path from "node:path";
import type { BlobFiles } from "../files/blob-files.js";
import type { DatabaseFiles } from "../files/database-files.js";
import type { KindRegistry } from "../kinds/behaviour.js";
import type { ResourceRecord } from "../store/records.js";
import type { Store } from "../store/store.js";
import { CronScheduler, type CronPlan } from "./cron-scheduler.js";
import { openEdgeSql, type EdgeSql } from "./edge-sql.js";
import { startGateway, type Gateway, type GatewayRoutes } from "./gateway.js";
import { QueueDelivery, type BatchOutcome, type ConsumerPlan } from "./queue-delivery.js";
import { QueueStore, type LeasedMessage, type StoredBody } from "./queue-store.js";
import type { DeploymentTarget } from "./projection.js";
import { clearInstanceTmp } from "./instance-tmp.js";
import { endOrphanedWorkerd } from "./orphans.js";
import { Reconciler, type ReconcileReport, type ServingCell, type ServingState } from "./reconcile.js";
import type { CellPlan } from "./cells.js";
import { pickVersion, splitSlot } from "./split.js";
import { gatewayCertificate } from "./tls.js";
import { DEFAULT_STALL_POLICY, type StallPolicy } from "./stall-policy.js";
import { startWatchdog, type StallCause } from "./watchdog.js";
import { DEFAULT_MEMORY_POLICY, MemoryWatch, type MemoryPolicy } from "./workerd-memory.js";
import { DEFAULT_LOG_BUDGET, type LogBudget, type LogBudgetPolicy } from "./log-budget.js";
import { relayWorkerOutput, streamSink, type OutputSink } from "./worker-output.js";
import { DEFAULT_STORAGE_POLICY, StorageLedger, type StoragePolicy } from "./storage-quota.js";
import { measureTenantStorage } from "./storage-usage.js";
import { blobStoreIds, storeDataOf, storeReclaimer } from "./store-reclaim.js";

export const DEFAULT_GATEWAY_PORT = 8787;

export interface RuntimeOptions {
  store: Store;
  /** The kind modules (KINDS, and any an embedding host adds): their `runtime` members project what runs. */
  kinds: KindRegistry;
  blobs: BlobFiles;
  databases: DatabaseFiles;
  dataDir: string;
  gatewayPort: number;
  endpointDomain: string;
  /** The clock cron and queue delivery read (a test advances its own). */
  now?: () => number;
  /** Starts the cron and delivery timers (a test drives tick() itself when false). */
  timers?: boolean;
  /**
   * How long a workerd instance switched away from keeps answering what it had in flight before
   * it is disposed (default 5 s); a deleted store's data is reclaimed a second after that.
   */
  graceMs?: number;
  secret?: (tenant: string, space: string, name: string) => string | undefined;
  extendVersion?: (options: WorkerOptions, version: ResourceRecord) => WorkerOptions;
  sharedOptions?: () => Record<string, unknown>;
  onReport?: (report: ReconcileReport) => void;
  /** Hostnames the gateway starts serving with a switch (the CLI prints their addresses). */
  onServed?: (hostnames: string[]) => void;
  /**
   * How long a tenant's workerd may go without answering before the host replaces it (a worker
   * running without yielding stops every worker of its instance; watchdog.ts, ADR 0299). Default 10 s.
   */
  stallLimitMs?: number;
  /** How often the watchdog asks (default 1 s). */
  stallCheckMs?: number;
  /** When a tenant whose workerd keeps stalling is held instead of started again (default: 3 within 5 min, held 1 min, doubling to 15). */
  stallPolicy?: Partial<StallPolicy>;
  /** How much of each tenant's worker output reaches the host's stderr (default: 64 KiB a second, 1 MiB at once, lines cut at 16 KiB). */
  logBudget?: Partial<LogBudgetPolicy>;
  /** Each tenant's data-plane storage quota: KV values, bucket objects, queued messages and SQLite databases (default 1 GiB, measured again at most every 10 s). */
  storageQuota?: Partial<StoragePolicy>;
  /** How much resident memory each tenant's workerd may hold (default 256 MiB, and 128 MiB for each version it runs; ADR 0305). */
  memoryPolicy?: Partial<MemoryPolicy>;
  /** Where worker output lines go (default: the host's stderr, refusing while 1 MiB of it waits unwritten). */
  workerOutput?: OutputSink;
}

export interface RuntimeStall {
  /** The tenant whose instance it was (each tenant's workers run in a workerd of their own, ADR 0300). */
  tenant: string;
  /** When the watchdog found it (the runtime's clock). */
  at: number;
  /** How long the instance had not answered. */
  silentMs: number;
  /** The instance had exited (it refused the connection) rather than gone silent. */
  gone: boolean;
  /** The instance answered, but held more memory than its limit (ADR 0305); silentMs is 0 then. */
  memory?: { residentBytes: number; limitBytes: number };
  /** Until when the tenant's workers are held, when this stall made too many (stall-policy.ts). */
  heldUntil?: number;
}

export interface Runtime {
  gateway: Gateway;
  /** Reconciles now; resolves when the stored state at call time is what runs (or failed). */
  reconcile(): Promise<void>;
  /** What serves now: one cell (workerd instance) per tenant, and the cells being started again. */
  serving(): ServingState | undefined;
  lastReport(): ReconcileReport | undefined;
  /** The last time a tenant's workerd stopped answering (or exited, or held too much memory) and was replaced. */
  lastStall(): RuntimeStall | undefined;
  cron: CronScheduler;
  delivery: QueueDelivery;
  close(): Promise<void>;
}

export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const now = options.now ?? Date.now;
  const orphans = endOrphanedWorkerd(path.join(options.dataDir, "runtime"));
  if (orphans.length > 0)
    process.stderr.write(`takoform host: ended workerd ${orphans.join(", ")}, left running by an earlier host of this data directory that did not close\n`);
  clearInstanceTmp(options.dataDir);
  const queues = new QueueStore(options.dataDir, now);
  const storage = new StorageLedger(
    // reclaimer is set below, before any worker can write
    (tenant) => measureTenantStorage(options.dataDir, queues, tenant, reclaimer.blobStoresOf(tenant)),
    { ...DEFAULT_STORAGE_POLICY, ...options.storageQuota },
    now,
  );
  // What a deleted store kept goes a grace after the reconcile that lost it (ADR 0306).
  const reclaimer = storeReclaimer({
    store: options.store,
    kinds: options.kinds,
    dataDir: options.dataDir,
    queues,
    databases: options.databases,
    delayMs: (options.graceMs ?? 5000) + 1000,
    removed: (entries) => {
      console.error(`takoform runtime: removed ${entries.length} file(s) and folder(s) that deleted KV namespaces, buckets and databases kept`);
      storage.removed(blobStoreIds(entries));
    },
  });
  const sqlConnections = new Map<string, EdgeSql>();
  const sql = (file: string) => {
    let connection = sqlConnections.get(file);
    if (connection === undefined) sqlConnections.set(file, (connection = openEdgeSql(file)));
    return connection;
  };
  const gateway = await startGateway(options.gatewayPort, await gatewayCertificate(options.dataDir, options.endpointDomain));
  let report: ReconcileReport | undefined;
  const counters = new Map<string, number>();
  let reconcilerServedHosts: string[] = [];
  /** The version of a deployment that takes the next non-HTTP event (same split as HTTP). */
  const nextVersion = (target: DeploymentTarget, handler: string) => {
    const n = counters.get(target.router) ?? 0;
    counters.set(target.router, n + 1);
    const version = target.versions[pickVersion(target.cumulative, splitSlot(n))]!;
    return version.handlers.includes(handler) ? version : undefined;
  };
  const memory = new MemoryWatch({ ...DEFAULT_MEMORY_POLICY, ...options.memoryPolicy });
  const logPolicy = { ...DEFAULT_LOG_BUDGET, ...options.logBudget };
  const workerSink = options.workerOutput ?? streamSink(process.stderr);
  const logBudgets = new Map<string, LogBudget>();
  const reconciler = new Reconciler({
    store: options.store,
    dataDir: options.dataDir,
    kinds: options.kinds,
    deps: { blobs: options.blobs, databases: options.databases, queues, storage, sql, secret: options.secret, extendVersion: options.extendVersion },
    sharedOptions: options.sharedOptions,
    graceMs: options.graceMs,
    onDesired: (records, projectionOf) => reclaimer.observe(storeDataOf(records, projectionOf)),
    output: (tenant, stdout, stderr) => relayWorkerOutput(stdout, stderr, { tenant, policy: logPolicy, sink: workerSink, now, budgets: logBudgets }),
    stallPolicy: { ...DEFAULT_STALL_POLICY, ...options.stallPolicy },
    now,
    onSwitch: async (serving) => {
      const before = new Set(reconcilerServedHosts);
      reconcilerServedHosts = [...serving.plan.hostnames.keys()];
      const added = reconcilerServedHosts.filter((h) => !before.has(h));
      if (added.length > 0) options.onServed?.(added);
      const cells = [...serving.cells.values()];
      memory.retain(cells.map((cell) => cell.url));
      const switched = gateway.setRoutes(gatewayRoutes(serving));
      cron.setTriggers(cells.flatMap((cell) => cell.plan.crons.map((c) => c.plan)));
      // A database the new plan no longer binds gives its worker thread back.
      const bound = sqlFilesOf(cells.flatMap((cell) => cell.plan.workers));
      for (const [file, connection] of sqlConnections) {
        if (bound.has(file)) continue;
        sqlConnections.delete(file);
        void connection.close();
      }
      delivery.setConsumers(cells.flatMap((cell) => cell.plan.consumers.map((c) => c.plan)));
      await switched;
    },
    onReport: (next) => {
      report = next;
      reclaimer.switched();
      if (next.failure !== undefined)
        console.error(`takoform runtime: reconcile failed, the previous runtime keeps serving: ${next.failure.message.split("\n")[0]}`);
      options.onReport?.(next);
    },
  });
  /** The serving cell and deployment a cron trigger or consumer (by its plan key) fires into. */
  const targetOf = (listOf: (cell: ServingCell) => readonly { plan: { key: string }; router: string }[], key: string) => {
    for (const cell of reconciler.serving?.cells.values() ?? []) {
      const router = listOf(cell).find((entry) => entry.plan.key === key)?.router;
      if (router !== undefined) return { cell, target: cell.plan.targets.get(router)! };
    }
    return undefined;
  };
  const cron = new CronScheduler(async (trigger: CronPlan, scheduledTime) => {
    const found = targetOf((cell) => cell.plan.crons, trigger.key);
    const version = found === undefined ? undefined : nextVersion(found.target, "scheduled");
    if (found === undefined || version === undefined) return;
    const worker = (await found.cell.mf.getWorker(version.workerName)) as unknown as EventTarget;
    await worker.scheduled({ scheduledTime: new Date(scheduledTime), cron: trigger.cron });
  }, now);
  const delivery = new QueueDelivery(
    queues,
    async (consumer: ConsumerPlan, messages: LeasedMessage[]): Promise<BatchOutcome> => {
      const found = targetOf((cell) => cell.plan.consumers, consumer.key);
      const version = found === undefined ? undefined : nextVersion(found.target, "queue");
      if (found === undefined || version === undefined)
        throw new Error(`queue ${consumer.queueName}: no deployed version of its consumer declares a queue handler`);
      const worker = (await found.cell.mf.getWorker(version.workerName)) as unknown as EventTarget;
      const result = await worker.queue(
        consumer.queueName,
        messages.map((m) => ({ id: m.id, timestamp: new Date(m.timestampMillis), body: decodeBody(m.body), attempts: m.attempts })),
      );
      return result as unknown as BatchOutcome;
    },
    now,
  );
  if (options.timers !== false) {
    cron.start();
    delivery.start();
  }
  let stall: RuntimeStall | undefined;
  const watchdog = startWatchdog({
    targets: () => [...(reconciler.serving?.cells.values() ?? [])].map((cell) => cell.url),
    intervalMs: options.stallCheckMs ?? 1000,
    limitMs: options.stallLimitMs ?? 10_000,
    overMemory: (target) => {
      const cell = [...(reconciler.serving?.cells.values() ?? [])].find((serving) => serving.url.href === target.href);
      return cell === undefined ? undefined : memory.over(target, versionsOf(cell.plan));
    },
    onStall: async (target, cause) => {
      const at = now();
      // Its hostnames answer 503 until the fresh instance serves; other tenants' cells go on.
      const outcome = await reconciler.replaceStalled(target, ({ tenant, heldUntil }) => {
        console.error(`takoform runtime: the workerd of tenant ${tenant} ${stallReason(cause)}`);
        stall = {
          tenant,
          at,
          silentMs: cause.kind === "silent" ? cause.silentMs : 0,
          gone: cause.kind === "gone",
          ...(cause.kind === "memory" ? { memory: { residentBytes: cause.residentBytes, limitBytes: cause.limitBytes } } : {}),
          ...(heldUntil === undefined ? {} : { heldUntil }),
        };
      });
      if (outcome === undefined) return;
      console.error(
        outcome.heldUntil === undefined
          ? `takoform runtime: started the workerd of tenant ${outcome.tenant} again`
          : `takoform runtime: tenant ${outcome.tenant} stalled its workerd too often; its workers are held until ${new Date(outcome.heldUntil).toISOString()}`,
      );
    },
  });
  return {
    gateway,
    reconcile: () => reconciler.request(),
    serving: () => reconciler.serving,
    lastReport: () => report,
    lastStall: () => stall,
    cron,
    delivery,
    async close() {
      watchdog.stop();
      cron.stop();
      await delivery.stop();
      await reconciler.close();
      await reclaimer.close();
      await gateway.close();
      queues.close();
      await Promise.all([...sqlConnections.values()].map((connection) => connection.close()));
      sqlConnections.clear();
    },
  };
}

/** The database files a plan's edge.sql bindings reach (their Node bindings are tagged sql:<file>). */
export function sqlFilesOf(workers: readonly WorkerOptions[]): Set<string> {
  const files = new Set<string>();
  for (const worker of workers) {
    for (const binding of Object.values(worker.serviceBindings ?? {})) {
      const tag = typeof binding === "function" ? (binding as { tag?: string }).tag : undefined;
      if (tag?.startsWith("sql:")) files.add(tag.slice("sql:".length));
    }
  }
  return files;
}

/** The gateway's routes: each serving cell's hostnames to its front socket, a cell down's to none (503) or its hold. */
export function gatewayRoutes(serving: Pick<ServingState, "cells" | "down" | "held">): GatewayRoutes {
  const routes = new Map<string, URL | undefined | { heldUntil: number }>();
  for (const [tenant, hostnames] of serving.down) {
    const heldUntil = serving.held.get(tenant);
    for (const hostname of hostnames) routes.set(hostname, heldUntil === undefined ? undefined : { heldUntil });
  }
  for (const cell of serving.cells.values()) for (const hostname of cell.plan.hostnames) routes.set(hostname, cell.url);
  return routes;
}

/** The non-HTTP events of Miniflare's worker handle. */
interface EventTarget {
  scheduled(options: { scheduledTime: Date; cron: string }): Promise<unknown>;
  queue(queue: string, messages: { id: string; timestamp: Date; body: unknown; attempts: number }[]): Promise<unknown>;
}

function decodeBody(body: StoredBody): unknown {
  if (body.t === "bytes") return new Uint8Array(Buffer.from(String(body.v), "base64"));
  return body.v;
}

/** What the log says happened to a tenant's workerd. */
function stallReason(cause: StallCause): string {
  if (cause.kind === "gone") return "has exited (it refuses connections)";
  if (cause.kind === "silent") return `did not answer for ${cause.silentMs} ms (a worker running without yielding)`;
  const mib = (bytes: number) => Math.round(bytes / 1024 ** 2);
  return `held ${mib(cause.residentBytes)} MiB, over its memory limit of ${mib(cause.limitBytes)} MiB (a worker keeping more memory than it may)`;
}

/** How many tenant versions a cell runs (its memory limit grows with them). */
function versionsOf(plan: CellPlan): number {
  const names = new Set<string>();
  for (const target of plan.targets.values()) for (const version of target.versions) names.add(version.workerName);
  return names.size;
}
