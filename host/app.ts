// Composition root of the host: the store, clock, ids, catalog and credentials are injected, and
// the Express application is assembled from thin routes per surface behind one middleware chain:
//
//   request state -> request log -> Host header -> authentication -> [rate limit] -> conformance probes (only when enabled)
//   -> raw-path check -> lane methods -> raw body -> routes -> unknown route -> error envelope
//
// Routes: discovery, forms and form-definitions, resources, support, artifacts, operations (all but
// discovery loaded after listen, lazy-routes.ts).

import express, { type Express } from "express";
import type { BlobFiles } from "./artifacts/blob-files.js";
import type { DatabaseFiles } from "./artifacts/database-files.js";
import { bearerAuthenticator } from "./auth/authenticate.js";
import type { Credential } from "./auth/credentials.js";
import type { HostCatalog } from "./catalog/host-catalog.js";
import { systemClock, type Clock } from "./clock.js";
import { authenticate } from "./http/middleware/authenticate.js";
import { DEFAULT_BODY_LIMIT, rawBody } from "./http/middleware/body.js";
import { BodyBudget, DEFAULT_BODY_BUDGET, type BodyBudgetOptions } from "./http/body-budget.js";
import { errorEnvelope, unknownRoute } from "./http/middleware/error-envelope.js";
import { requireHostHeader } from "./http/middleware/host-header.js";
import { laneMethodsOnly } from "./http/middleware/lane-methods.js";
import { conformanceProbes } from "./http/middleware/probes.js";
import { rateLimit, type RateLimitOptions } from "./http/middleware/rate-limit.js";
import { rejectEncodedSlashes } from "./http/middleware/raw-path.js";
import { requestLog, type LogSink } from "./http/middleware/request-log.js";
import { requestState } from "./http/middleware/request-state.js";
import { discoveryRoutes } from "./http/routes/discovery.js";
import { lazyLifecycleRoutes } from "./lazy-routes.js";
import { OperationScheduler } from "./lifecycle/operation-scheduler.js";
import { DEFAULT_QUOTAS, type TenantQuotas } from "./lifecycle/quotas.js";
import { randomIds, type Ids } from "./ids.js";
import type { HostContext } from "./lifecycle/context.js";
import { DEFAULT_ENDPOINT_DOMAIN } from "./outputs/producers.js";
import { resolveRuntimeContract } from "./rules/support-profiles/runtime-contract.js";
import type { Store } from "./store/store.js";
import { TenantLocks } from "./store/tenant-lock.js";

export interface HostDependencies {
  store: Store;
  blobs: BlobFiles;
  databases: DatabaseFiles;
  catalog: HostCatalog;
  credentials: readonly Credential[];
  secret: Uint8Array;
  clock?: Clock;
  ids?: Ids;
  /** Receives one JSON line per request; undefined disables the request log. */
  log?: LogSink;
  /** Receives host defects (never client errors). */
  report?: (error: unknown) => void;
  conformanceProbes?: boolean;
  /** Per-credential rate limit (--rate-limit); undefined: no limit. */
  rateLimit?: RateLimitOptions;
  endpointDomain?: string;
  replayRetentionMs?: number;
  /** Delay between accepting an asynchronous (202) mutation and committing it. */
  asyncCommitDelayMs?: number;
  bodyLimit?: number;
  /** Per-tenant quotas (--quota-*); DEFAULT_QUOTAS when absent. */
  quotas?: TenantQuotas;
  /** Idle time after which an upload session is ended by collection. */
  uploadIdleMs?: number;
  /** Request-body bytes in flight per credential and overall (body-budget.ts). */
  bodyBudget?: BodyBudgetOptions;
  /** The origin discovery falls back to when the Host header is unusable. */
  origin?: () => string;
  /** The public origin discovery advertises (--public-url), for a host behind a proxy. */
  publicUrl?: string;
}

export interface HostApp {
  app: Express;
  context: HostContext;
  /** Loads the lifecycle routes now (the host calls it once listening); requests never need to. */
  loadRoutes(): Promise<void>;
}

export const DEFAULT_REPLAY_RETENTION_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_ASYNC_COMMIT_DELAY_MS = 100;

export function createHostApp(deps: HostDependencies): HostApp {
  const clock = deps.clock ?? systemClock;
  const ids = deps.ids ?? randomIds;
  const context: HostContext = {
    catalog: deps.catalog,
    store: deps.store,
    blobs: deps.blobs,
    databases: deps.databases,
    locks: new TenantLocks(() => deps.store.settled()),
    clock,
    ids,
    secret: deps.secret,
    runtime: resolveRuntimeContract(deps.catalog),
    outputs: { endpointDomain: deps.endpointDomain ?? DEFAULT_ENDPOINT_DOMAIN },
    replayRetentionMs: deps.replayRetentionMs ?? DEFAULT_REPLAY_RETENTION_MS,
    scheduler: new OperationScheduler(deps.asyncCommitDelayMs ?? DEFAULT_ASYNC_COMMIT_DELAY_MS),
    quotas: deps.quotas ?? DEFAULT_QUOTAS,
    ...(deps.uploadIdleMs === undefined ? {} : { uploadIdleMs: deps.uploadIdleMs }),
  };
  context.scheduler.bind(async (identity, operationId) => {
    const { commitOperation } = await import("./lifecycle/operation-commit.js");
    return commitOperation(context, identity, operationId);
  });
  const lifecycleRoutes = lazyLifecycleRoutes(context);
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  app.set("case sensitive routing", true);
  app.set("strict routing", true);
  app.set("query parser", false);

  app.use(requestState(ids));
  if (deps.log !== undefined) app.use(requestLog(deps.log, () => clock.now()));
  app.use(requireHostHeader());
  app.use(authenticate(bearerAuthenticator(deps.credentials)));
  if (deps.rateLimit !== undefined) app.use(rateLimit(deps.rateLimit));
  app.use(conformanceProbes(deps.conformanceProbes === true));
  app.use(rejectEncodedSlashes());
  app.use(laneMethodsOnly());
  app.use(rawBody(deps.bodyLimit ?? DEFAULT_BODY_LIMIT, new BodyBudget(deps.bodyBudget ?? DEFAULT_BODY_BUDGET)));
  app.use(discoveryRoutes(deps.origin ?? (() => "http://127.0.0.1"), deps.publicUrl));
  app.use(lifecycleRoutes.handler); // forms, resources, support, artifacts, operations (lazy-routes.ts)
  app.use(unknownRoute());
  app.use(errorEnvelope(deps.report ?? ((error) => console.error("takoform host: internal error:", error))));
  return { app, context, loadRoutes: lifecycleRoutes.load };
}
