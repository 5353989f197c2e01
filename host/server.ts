// Starts a host process's HTTP server: opens the store in the data directory, loads the catalog,
// and listens on 127.0.0.1 (port 0 picks a free port).

import { mkdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:http";
import type { Credential } from "./auth/credentials.js";
import { createHostApp, type HostDependencies } from "./app.js";
import { answerClientErrors } from "./http/middleware/client-errors.js";
import type { HostCatalog } from "./catalog/host-catalog.js";
import { holdDataDir, type DataDirHold } from "./store/data-dir-hold.js";
import { openStore } from "./store/open.js";
import { guardDataDir, recordHistory, sealClosedStore } from "./store/data-dir.js";
import type { StoreEngine } from "./store/store.js";
import { hostSecret } from "./secret.js";
import { everyOperationPrefix } from "./store/keys.js";
import { SecretBox } from "./secrets/seal.js";
import { BlobFiles } from "./files/blob-files.js";
import { DatabaseFiles } from "./files/database-files.js";
import { resumeAcceptedOperations } from "./lifecycle/operations/operation-sweep.js";
import { COLLECTION_INTERVAL_MS, startGarbageCollection } from "./lifecycle/retention/garbage-collection.js";
import type { HostPhase } from "./http/routes/operating.js";
import { DEFAULT_ENDPOINT_DOMAIN } from "./outputs/producers.js";
import type { Runtime, RuntimeOptions } from "./runtime/index.js";
import { reconcileOnResourceCommits } from "./runtime/commit-hook.js";
import { reclaimWithoutRuntime } from "./runtime/reclaim-without-runtime.js";

export interface StartOptions extends Omit<HostDependencies, "store" | "blobs" | "databases" | "secret" | "origin" | "secretBox"> {
  dataDir: string;
  engine: StoreEngine;
  /** --store postgres: the database URL. */
  databaseUrl?: string;
  /** Serve /metrics (Prometheus text). */
  metrics?: boolean;
  /** How long a stopping host answers /readyz "draining" before it stops accepting (default 0). */
  drainDelayMs?: number;
  /** A request's headers must arrive within this (default REQUEST_HEADERS_TIMEOUT_MS). */
  headersTimeoutMs?: number;
  /** The whole request must arrive within this (default REQUEST_TIMEOUT_MS). */
  requestTimeoutMs?: number;
  /**
   * Between garbage collection passes (default COLLECTION_INTERVAL_MS); without a runtime, also
   * between the passes that remove what deleted databases kept (runtime/reclaim-without-runtime.ts).
   */
  collectionIntervalMs?: number;
  port: number;
  catalog: HostCatalog;
  credentials: readonly Credential[];
  /** Move a damaged or emptied store aside and start empty (--repair). */
  repair?: boolean;
  /** The process handles SIGINT/SIGTERM itself (`takoform host`): Miniflare's exit hook gives them up (runtime/signals.ts). */
  ownsSignals?: boolean;
  /** Runs what is deployed (host/runtime/); absent: control plane only (--runtime off). */
  runtime?: { gatewayPort: number } & Partial<Omit<RuntimeOptions, "store" | "kinds" | "blobs" | "databases" | "dataDir" | "endpointDomain">>;
}

export interface RunningHost {
  url: string;
  port: number;
  /** The data plane, when started with `runtime` (on a replica of a shared store: once it holds the data plane). */
  readonly runtime: Runtime | undefined;
  close(): Promise<void>;
}

export async function startHost(options: StartOptions): Promise<RunningHost> {
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  // Before the store is looked at (a seal taken, a --repair moving it aside): one host per directory.
  const hold = holdDataDir(options.dataDir);
  try {
    return await startHeld(options, hold);
  } catch (error) {
    hold.release();
    throw error;
  }
}

async function startHeld(options: StartOptions, hold: DataDirHold): Promise<RunningHost> {
  guardDataDir(options.dataDir, options.engine, { repair: options.repair === true, warn: (line) => console.error(line) });
  // prom-client and the replica services (pg) load only when asked for: the default start stays lean.
  const metrics = options.metrics === true ? (await import("./metrics.js")).createHostMetrics() : undefined;
  const stored = await openStore(options.dataDir, options.engine, {
    ...(options.databaseUrl === undefined ? {} : { databaseUrl: options.databaseUrl }),
    ...(metrics === undefined ? {} : { observer: metrics.store }),
  });
  recordHistory(options.dataDir, options.engine);
  let runtime: Runtime | undefined;
  const store = options.runtime === undefined ? stored : reconcileOnResourceCommits(stored, () => void runtime?.reconcile());
  let origin = "http://127.0.0.1";
  let phase: HostPhase = "starting";
  const replicas = store.engine === "postgres" ? await (await import("./replicas.js")).replicaServices(store, options.dataDir) : undefined;
  const blobs = replicas?.blobs ?? new BlobFiles(options.dataDir);
  const databases = replicas?.databases ?? new DatabaseFiles(options.dataDir);
  const secretBox = replicas === undefined ? SecretBox.forDataDir(options.dataDir) : new SecretBox(replicas.secretsKey);
  const { listener, context, loadRoutes } = createHostApp({
    ...options,
    store,
    blobs,
    databases,
    secret: replicas?.secret ?? hostSecret(options.dataDir),
    secretBox,
    origin: () => origin,
    operating: {
      phase: () => phase,
      storeProblem: () => replicas?.storeProblem() ?? Promise.resolve(undefined),
      ...(metrics === undefined ? {} : { metrics: metrics.registry }),
    },
    ...(metrics === undefined ? {} : { requestMetrics: metrics.requests }),
  });
  metrics?.pendingOperations(() => store.list<{ done: boolean }>(everyOperationPrefix()).filter((entry) => !entry.value.done).length);
  // Operations accepted before a restart settle without a client reading them.
  resumeAcceptedOperations(context);
  const takeover = replicas?.takeOverOperations(context);
  const collection = startGarbageCollection(
    context,
    options.collectionIntervalMs ?? COLLECTION_INTERVAL_MS,
    (error) => console.error("takoform host: garbage collection failed:", error),
    (report) => metrics?.collected({ replay_records: report.replayRecords, operations: report.operations, blob_files: report.blobFiles }),
  );
  // Without a data plane, deleted databases' files still go (runtime/reclaim-without-runtime.ts, ADR
  // 0306): on a host without a runtime, and on a replica while another replica runs the data plane
  // (its local copies of databases, fetched with every commit, ADR 0221).
  let dataPlaneHere: () => boolean = () => false;
  const reclaim =
    options.runtime === undefined || replicas !== undefined
      ? reclaimWithoutRuntime({
          store,
          kinds: context.kinds,
          dataDir: options.dataDir,
          databases,
          intervalMs: options.collectionIntervalMs ?? COLLECTION_INTERVAL_MS,
          skip: () => dataPlaneHere(),
          report: (error) => console.error("takoform host: reclaiming deleted databases' files failed:", error),
        })
      : undefined;
  const timeouts = requestTimeouts(options);
  const server: Server = await new Promise((resolve, reject) => {
    // Node checks the two timeouts below every connectionsCheckingInterval (default 30 s): a
    // quarter of the headers timeout keeps the cut close to the configured bound.
    const listening = createServer({ connectionsCheckingInterval: Math.max(50, Math.floor(timeouts.headersMs / 4)) }, listener);
    listening.listen(options.port, "127.0.0.1", () => resolve(listening));
    listening.once("error", reject);
    answerClientErrors(listening);
  });
  // Keep idle connections longer than clients and proxies usually do, so a client never sends a
  // request on a socket the host is closing at that moment (a spurious ECONNRESET). A request's
  // headers must arrive within 20 s and the whole request within 60 s (Node's default is 300 s),
  // so a client that never finishes its body holds its bytes no longer (docs/security.md).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = timeouts.headersMs;
  server.requestTimeout = timeouts.requestMs;
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  if (options.ownsSignals === true && options.runtime !== undefined) (await import("./runtime/signals.js")).hostOwnsSignals();
  const startDataPlane = async (runtimeOptions: NonNullable<StartOptions["runtime"]>): Promise<Runtime> => {
    const { startRuntime } = await import("./runtime/index.js");
    const { reportRuntimeProblems } = await import("./runtime/conditions.js");
    const { withSensitiveValues } = await import("./secrets/runtime-env.js");
    const flagged = new Map();
    const report = options.report ?? ((error: unknown) => console.error("takoform host: runtime status:", error));
    const started = await startRuntime({
      ...runtimeOptions,
      // A version's requiredSensitiveVars values on its env (ADR 0200).
      extendVersion: withSensitiveValues({ store, box: secretBox }, runtimeOptions.extendVersion),
      store,
      kinds: context.kinds,
      blobs,
      databases,
      dataDir: options.dataDir,
      endpointDomain: options.endpointDomain ?? DEFAULT_ENDPOINT_DOMAIN,
      onReport: (next) => {
        options.runtime?.onReport?.(next);
        void reportRuntimeProblems(context, next.problems, flagged).catch(report);
      },
    });
    void started.reconcile();
    return (runtime = started);
  };
  // Replicas of a shared store run the data plane on one replica at a time (ADR 0266).
  const dataPlane = await (async () => {
    if (options.runtime === undefined) return undefined;
    try {
      if (replicas === undefined) return void (await startDataPlane(options.runtime));
      return await replicas.dataPlane(
        () => startDataPlane(options.runtime!),
        options.report ?? ((error) => console.error("takoform host: data plane:", error)),
      );
    } catch (error) {
      // Nothing the host opened may keep the process alive once its start failed.
      context.scheduler.stop();
      await collection.stop();
      takeover?.stop();
      await closeServer(server);
      await store.close();
      throw error;
    }
  })();
  // The data plane reclaims after its reconciles; the pass above runs only while it is elsewhere.
  if (dataPlane !== undefined) dataPlaneHere = () => dataPlane.holding();
  // Off the start path: the lifecycle routes load once the host listens (lazy-routes.ts).
  const routesLoaded = loadRoutes().then(
    () => {
      if (phase === "starting") phase = "ready";
    },
    (error: unknown) => (options.report ?? ((e) => console.error("takoform host: cannot load routes:", e)))(error),
  );
  return {
    url: origin,
    port,
    get runtime() {
      return runtime;
    },
    async close() {
      phase = "draining";
      if ((options.drainDelayMs ?? 0) > 0) await new Promise((resolve) => setTimeout(resolve, options.drainDelayMs));
      await routesLoaded;
      takeover?.stop();
      await (dataPlane?.stop(() => runtime?.close()) ?? runtime?.close());
      context.scheduler.stop();
      await collection.stop();
      await reclaim?.stop();
      await closeServer(server);
      await store.close();
      sealClosedStore(options.dataDir, options.engine);
      hold.release();
    },
  };
}

export const REQUEST_HEADERS_TIMEOUT_MS = 20_000;
export const REQUEST_TIMEOUT_MS = 60_000;

/** The configured bounds (--headers-timeout-ms, --request-timeout-ms), the headers one never above the request one. */
function requestTimeouts(options: Pick<StartOptions, "headersTimeoutMs" | "requestTimeoutMs">): { headersMs: number; requestMs: number } {
  const requestMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  return { headersMs: Math.min(options.headersTimeoutMs ?? REQUEST_HEADERS_TIMEOUT_MS, requestMs), requestMs };
}

/** How long a stopping host lets requests in flight finish before it drops their connections. */
const CLOSE_GRACE_MS = 10_000;

/**
 * Stops accepting, lets requests in flight be answered, and closes every keep-alive connection as
 * soon as it is idle (server.close() alone closes only those idle at the call, and one that becomes
 * idle later would hold the stop for the whole keep-alive timeout); after the grace period every
 * connection is dropped.
 */
async function closeServer(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  const deadline = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
  try {
    await closed;
  } finally {
    clearInterval(sweep);
    clearTimeout(deadline);
  }
}
