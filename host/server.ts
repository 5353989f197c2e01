// Starts a host process's HTTP server: opens the store in the data directory, loads the catalog,
// and listens on 127.0.0.1 (port 0 picks a free port).

import { mkdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import type { Credential } from "./auth/credentials.js";
import { createHostApp, type HostDependencies } from "./app.js";
import { answerClientErrors } from "./http/middleware/client-errors.js";
import type { HostCatalog } from "./catalog/host-catalog.js";
import { openStore } from "./store/open.js";
import type { StoreEngine } from "./store/store.js";
import { hostSecret } from "./secret.js";
import { SecretBox } from "./secrets/seal.js";
import { BlobFiles } from "./artifacts/blob-files.js";
import { DatabaseFiles } from "./artifacts/database-files.js";
import { resumeAcceptedOperations } from "./lifecycle/operation-sweep.js";
import { COLLECTION_INTERVAL_MS, startGarbageCollection } from "./lifecycle/garbage-collection.js";
import { DEFAULT_ENDPOINT_DOMAIN } from "./outputs/producers.js";
import type { Runtime, RuntimeOptions } from "./runtime/index.js";
import { reconcileOnResourceCommits } from "./runtime/commit-hook.js";

export interface StartOptions extends Omit<HostDependencies, "store" | "blobs" | "databases" | "secret" | "origin" | "secretBox"> {
  dataDir: string;
  engine: StoreEngine;
  port: number;
  catalog: HostCatalog;
  credentials: readonly Credential[];
  /** Runs what is deployed (host/runtime/); absent: control plane only (--runtime off). */
  runtime?: { gatewayPort: number } & Partial<Omit<RuntimeOptions, "store" | "blobs" | "databases" | "dataDir" | "endpointDomain">>;
}

export interface RunningHost {
  url: string;
  port: number;
  /** The data plane, when started with `runtime`. */
  runtime?: Runtime;
  close(): Promise<void>;
}

export async function startHost(options: StartOptions): Promise<RunningHost> {
  mkdirSync(options.dataDir, { recursive: true });
  const stored = await openStore(options.dataDir, options.engine);
  let runtime: Runtime | undefined;
  const store = options.runtime === undefined ? stored : reconcileOnResourceCommits(stored, () => void runtime?.reconcile());
  let origin = "http://127.0.0.1";
  const blobs = new BlobFiles(options.dataDir);
  const databases = new DatabaseFiles(options.dataDir);
  const secretBox = SecretBox.forDataDir(options.dataDir);
  const { app, context, loadRoutes } = createHostApp({ ...options, store, blobs, databases, secret: hostSecret(options.dataDir), secretBox, origin: () => origin });
  // Operations accepted before a restart settle without a client reading them.
  resumeAcceptedOperations(context);
  const collection = startGarbageCollection(context, COLLECTION_INTERVAL_MS, (error) => console.error("takoform host: garbage collection failed:", error));
  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(options.port, "127.0.0.1", (error?: Error) => (error ? reject(error) : resolve(listening)));
    listening.once("error", reject);
    answerClientErrors(listening);
  });
  // Keep idle connections longer than clients and proxies usually do, so a client never sends a
  // request on a socket the host is closing at that moment (a spurious ECONNRESET).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  if (options.runtime !== undefined) {
    const { startRuntime } = await import("./runtime/index.js");
    const { reportRuntimeProblems } = await import("./runtime/conditions.js");
    const { withSensitiveValues } = await import("./secrets/runtime-env.js");
    const flagged = new Map();
    const report = options.report ?? ((error: unknown) => console.error("takoform host: runtime status:", error));
    runtime = await startRuntime({
      ...options.runtime,
      // A version's requiredSensitiveVars values on its env (ADR 0200).
      extendVersion: withSensitiveValues({ store, box: secretBox }, options.runtime.extendVersion),
      store,
      blobs,
      databases,
      dataDir: options.dataDir,
      endpointDomain: options.endpointDomain ?? DEFAULT_ENDPOINT_DOMAIN,
      onReport: (next) => {
        options.runtime?.onReport?.(next);
        void reportRuntimeProblems(context, next.problems, flagged).catch(report);
      },
    });
    void runtime.reconcile();
  }
  // Off the start path: the lifecycle routes load once the host listens (lazy-routes.ts).
  const routesLoaded = loadRoutes().catch((error: unknown) => (options.report ?? ((e) => console.error("takoform host: cannot load routes:", e)))(error));
  return {
    url: origin,
    port,
    ...(runtime === undefined ? {} : { runtime }),
    async close() {
      await routesLoaded;
      await runtime?.close();
      context.scheduler.stop();
      await collection.stop();
      await closeServer(server);
      await store.close();
    },
  };
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
