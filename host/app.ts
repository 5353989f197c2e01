// Composition root of the host: the store, clock, ids, catalog and credentials are injected, and
// the Express application is assembled from thin routes per surface behind one middleware chain:
//
//   request state -> request log -> Host header -> console page -> authentication -> [rate limit] -> conformance probes (only when enabled)
//   -> raw-path check -> lane methods -> raw body -> routes -> unknown route -> error envelope
//
// Routes: discovery, forms and form-definitions, resources, support, artifacts, operations, and the
// host extensions (resource listing, console page); all but discovery and the console page loaded
// after listen, lazy-routes.ts.

import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import express, { type Express } from "express";
import { directRoutes } from "./http/direct-route.js";
import type { BlobFiles } from "./files/blob-files.js";
import type { DatabaseFiles } from "./files/database-files.js";
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
import { consoleRoutes } from "./http/routes/console.js";
import { discoveryRoutes } from "./http/routes/discovery.js";
import { BUILTIN_KINDS } from "./kinds/index.js";
import type { KindRegistry } from "./kinds/behaviour.js";
import { runtimeAbiLoaderRoutes } from "./http/routes/runtime-abi-loader.js";
import { lazyLifecycleRoutes } from "./lazy-routes.js";
import { OperationScheduler } from "./lifecycle/operations/operation-scheduler.js";
import { defaultQuotas, type TenantQuotas } from "./lifecycle/quotas/quotas.js";
import { randomIds, type Ids } from "./ids.js";
import type { HostContext } from "./lifecycle/context.js";
import { DEFAULT_ENDPOINT_DOMAIN } from "./outputs/producers.js";
import { resolveRuntimeContract } from "./rules/support-profiles/runtime-contract.js";
import type { Store } from "./store/store.js";
import { TenantLocks } from "./store/tenant-lock.js";
import { operatingRoutes, type OperatingOptions } from "./http/routes/operating.js";
import { applyHostExpressSettings } from "./http/express-settings.js";
import { refreshTenantView } from "./http/middleware/tenant-view.js";
import type { RequestHandler } from "express";
import { SecretBox } from "./secrets/seal.js";

export interface HostDependencies {
  store: Store;
  blobs: BlobFiles;
  databases: DatabaseFiles;
  catalog: HostCatalog;
  /** Kind behaviour (host/kinds); default: the built-in KINDS. */
  kinds?: KindRegistry;
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
  /** Per-tenant quotas (--quota-*); defaultQuotas(conformanceProbes) when absent. */
  quotas?: TenantQuotas;
  /** Idle time after which an upload session is ended by collection. */
  uploadIdleMs?: number;
  /** Request-body bytes in flight per credential and overall (body-budget.ts). */
  bodyBudget?: BodyBudgetOptions;
  /** Seals sensitive values (host/secrets); absent: a key held in memory only (tests). */
  secretBox?: SecretBox;
  /** The origin discovery falls back to when the Host header is unusable. */
  origin?: () => string;
  /** The public origin discovery advertises (--public-url), for a host behind a proxy. */
  publicUrl?: string;
  /** /healthz, /readyz and /metrics (http/routes/operating.ts); undefined serves none. */
  operating?: OperatingOptions;
  /** Counts and times every request (metrics.ts). */
  requestMetrics?: RequestHandler;
}

export interface HostApp {
  /** The Express application: every route. */
  app: Express;
  /** The request listener to serve with: the direct routes, then `app` (http/direct-route.ts). */
  listener: (req: IncomingMessage, res: ServerResponse) => void;
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
    kinds: deps.kinds ?? BUILTIN_KINDS,
    locks: new TenantLocks(() => deps.store.settled(), deps.store.exclusive?.bind(deps.store)),
    clock,
    ids,
    secret: deps.secret,
    runtime: resolveRuntimeContract(deps.catalog),
    outputs: { endpointDomain: deps.endpointDomain ?? DEFAULT_ENDPOINT_DOMAIN },
    replayRetentionMs: deps.replayRetentionMs ?? DEFAULT_REPLAY_RETENTION_MS,
    scheduler: new OperationScheduler(deps.asyncCommitDelayMs ?? DEFAULT_ASYNC_COMMIT_DELAY_MS),
    quotas: deps.quotas ?? defaultQuotas(deps.conformanceProbes === true),
    ...(deps.uploadIdleMs === undefined ? {} : { uploadIdleMs: deps.uploadIdleMs }),
  };
  context.scheduler.bind(async (identity, operationId) => {
    const { commitOperation } = await import("./lifecycle/operations/operation-commit.js");
    return commitOperation(context, identity, operationId);
  });
  const lifecycleRoutes = lazyLifecycleRoutes(context, deps.secretBox ?? new SecretBox(randomBytes(32)));
  const app = express();
  applyHostExpressSettings(app);

  // The middleware chain, in order; the direct routes (http/direct-route.ts) run the same list.
  const chain: RequestHandler[] = [];
  if (deps.operating !== undefined) chain.push(operatingRoutes(deps.operating));
  if (deps.requestMetrics !== undefined) chain.push(deps.requestMetrics);
  chain.push(requestState(ids));
  if (deps.log !== undefined) chain.push(requestLog(deps.log, () => clock.now()));
  chain.push(requireHostHeader());
  chain.push(consoleRoutes()); // static page, no tenant data: before authentication (routes/console.ts)
  chain.push(authenticate(bearerAuthenticator(deps.credentials)));
  if (deps.rateLimit !== undefined) chain.push(rateLimit(deps.rateLimit));
  if (deps.store.refresh !== undefined) chain.push(refreshTenantView(deps.store));
  chain.push(conformanceProbes(deps.conformanceProbes === true));
  chain.push(rejectEncodedSlashes());
  chain.push(laneMethodsOnly());
  chain.push(rawBody(deps.bodyLimit ?? DEFAULT_BODY_LIMIT, new BodyBudget(deps.bodyBudget ?? DEFAULT_BODY_BUDGET)));
  for (const layer of chain) app.use(layer);
  app.use(discoveryRoutes(deps.origin ?? (() => "http://127.0.0.1"), deps.publicUrl));
  app.use(lifecycleRoutes.handler); // forms, resources, support, artifacts, operations (lazy-routes.ts)
  // The runtime ABI loader adapter exists ONLY under --conformance-probes (ADR 0201).
  if (deps.conformanceProbes === true) app.use(runtimeAbiLoaderRoutes());
  app.use(unknownRoute());
  const onError = errorEnvelope(deps.report ?? ((error) => console.error("takoform host: internal error:", error)));
  app.use(onError);
  const listener = directRoutes(app, chain, onError, lifecycleRoutes.direct);
  return { app, listener, context, loadRoutes: lifecycleRoutes.load };
}
