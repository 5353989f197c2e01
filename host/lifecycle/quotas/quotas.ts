// Per-tenant quotas (docs/security.md): how many resources a tenant may hold, how many upload
// sessions it may have open, and how many bytes those sessions may stage. Passing one is refused
// policy_denied with a host code naming the quota and a message naming the limit and its flag;
// nothing is stored. Counting reads at most `limit` keys (the sqlite engine counts its key index
// without reading a value), so a check costs O(quota), never O(everything the host stores).

import { refuse, type HostError } from "../../errors.js";
import { tenantResourcesPrefix, tenantUploadsPrefix } from "../../store/keys.js";
import type { UploadRecord } from "../../store/records.js";
import type { TenantScope } from "../../store/scope.js";
import { countEntries, type Store } from "../../store/store.js";

export interface TenantQuotas {
  /** Resources one tenant may hold (--quota-resources). */
  resources: number;
  /** Upload sessions one tenant may have open (--quota-upload-sessions). */
  uploadSessions: number;
  /** Bytes one tenant's open upload sessions may stage together (--quota-staged-bytes). */
  stagedBytes: number;
}

export const DEFAULT_QUOTAS: Readonly<TenantQuotas> = Object.freeze({
  resources: 10_000,
  uploadSessions: 16,
  stagedBytes: 1024 * 1024 * 1024,
});

/**
 * The defaults of a host started with --conformance-probes: a conformance runner opens an upload
 * session per artifact check and ends few of them, so such a host allows 1024 open sessions.
 */
export const PROBE_QUOTAS: Readonly<TenantQuotas> = Object.freeze({ ...DEFAULT_QUOTAS, uploadSessions: 1024 });

/** The quotas a host applies when none are given. */
export function defaultQuotas(conformanceProbes: boolean): Readonly<TenantQuotas> {
  return conformanceProbes ? PROBE_QUOTAS : DEFAULT_QUOTAS;
}

const FLAG: Record<keyof TenantQuotas, string> = {
  resources: "--quota-resources",
  uploadSessions: "--quota-upload-sessions",
  stagedBytes: "--quota-staged-bytes",
};

const WHAT: Record<keyof TenantQuotas, string> = {
  resources: "resources",
  uploadSessions: "open upload sessions",
  stagedBytes: "bytes staged by open upload sessions",
};

/** The refusal when `used + adding` passes the quota, else undefined. */
export function quotaRefusal(quota: keyof TenantQuotas, limit: number, used: number, adding: number): HostError | undefined {
  if (used + adding <= limit) return undefined;
  return refuse.policy_denied(
    `the tenant's quota of ${limit} ${WHAT[quota]} (${FLAG[quota]}) would be passed: it has ${used}, this request adds ${adding}. ` +
      (quota === "resources" ? "Delete resources it no longer needs" : "Commit or abandon open upload sessions") +
      ", or ask the host's operator to raise the quota.",
    { hostCode: `quota_${quota}` },
  );
}

/** Throws when creating one more resource would pass the tenant's resource quota. */
export function requireResourceQuota(store: Store, scope: TenantScope, quotas: TenantQuotas = DEFAULT_QUOTAS): void {
  const held = countEntries(store, tenantResourcesPrefix(scope), { limit: quotas.resources });
  const refusal = quotaRefusal("resources", quotas.resources, held, 1);
  if (refusal !== undefined) throw refusal;
}

/** Throws when one more session staging `bytes` would pass the session or staged-bytes quota. */
export function requireUploadQuota(store: Store, scope: TenantScope, bytes: number, quotas: TenantQuotas = DEFAULT_QUOTAS): void {
  // A committed session stages nothing more and is not open; committed sessions end an hour after
  // their commit (upload-expiry.ts), so this list stays short whatever the tenant's upload rate.
  const open = store.list<UploadRecord>(tenantUploadsPrefix(scope)).filter((entry) => entry.value.committedAt === undefined);
  const sessions = quotaRefusal("uploadSessions", quotas.uploadSessions, open.length, 1);
  if (sessions !== undefined) throw sessions;
  const staged = open.reduce((sum, entry) => sum + (entry.value.stagedBytes ?? 0), 0);
  const size = quotaRefusal("stagedBytes", quotas.stagedBytes, staged, bytes);
  if (size !== undefined) throw size;
}
