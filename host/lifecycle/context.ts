// What every lifecycle operation is given: the composition root builds one HostContext per host.

import type { TenantQuotas } from "./quotas/quotas.js";
import type { BlobFiles } from "../files/blob-files.js";
import type { DatabaseFiles } from "../files/database-files.js";
import type { HostCatalog } from "../catalog/host-catalog.js";
import type { KindRegistry } from "../kinds/behaviour.js";
import type { OperationScheduler } from "./operations/operation-scheduler.js";
import type { Clock } from "../clock.js";
import type { Ids } from "../ids.js";
import type { OutputOptions } from "../outputs/producers.js";
import type { RuntimeContract } from "../rules/support-profiles/runtime-contract.js";
import type { TenantScope } from "../store/scope.js";
import type { Store } from "../store/store.js";
import type { TenantLocks } from "../store/tenant-lock.js";

export interface HostContext {
  readonly catalog: HostCatalog;
  readonly store: Store;
  /** Content-addressed blob bytes (DATA/blobs); who may use an address is held in the store. */
  readonly blobs: BlobFiles;
  /** Where database incarnations keep their SQLite files (DATA/sqlite). */
  readonly databases: DatabaseFiles;
  /** What each Form kind means beyond the generic Form rules (host/kinds). */
  readonly kinds: KindRegistry;
  readonly locks: TenantLocks;
  readonly clock: Clock;
  readonly ids: Ids;
  /** Key of the prepare binding HMAC (data dir host-secret). */
  readonly secret: Uint8Array;
  /** The runtime ABI this host implements, if it can name exactly one. */
  readonly runtime: RuntimeContract | undefined;
  readonly outputs: OutputOptions;
  /** How long a replay record stays answerable (a host MAY expire records by age). */
  readonly replayRetentionMs: number;
  /** Commits accepted (202) mutations after their delay. */
  readonly scheduler: OperationScheduler;
  /** Per-tenant quotas (quotas.ts); DEFAULT_QUOTAS when absent. */
  readonly quotas?: TenantQuotas;
  /** How long an upload session may sit idle before collection ends it (upload-expiry.ts). */
  readonly uploadIdleMs?: number;
}

/** The answer of one lifecycle operation, exactly as it goes on the wire. */
export interface LifecycleResponse {
  status: number;
  etag?: string;
  /** Exact body text; "" for none (204). */
  body: string;
  /** Extra response headers (Retry-After on a 202 or a pending Operation). */
  headers?: Record<string, string>;
}

/** Test-only conformance probes the HTTP layer recognised (only with --conformance-probes). */
export type Probe = "touch-status" | "external-change" | "async";

/** The request facts a fenced mutation is fingerprinted and fenced on. */
export interface MutationEnvelope {
  scope: TenantScope;
  requestId: string;
  method: string;
  /** Raw request target (path and query, as received). */
  target: string;
  body: Buffer;
  idempotencyKey?: string;
  ifMatch?: string;
  ifNoneMatch?: string;
  expectedGeneration?: string;
  probe?: Probe;
  /** Accept this mutation asynchronously: 202 with an Operation committed later. */
  async?: boolean;
  /**
   * When the request was admitted, for a commit that executes it later: a review (prepareDigest)
   * valid when the mutation was accepted stays valid for its commit.
   */
  admittedAt?: Date;
}
