// Store keys. Every key is built from a TenantScope, so the tenant is part of the ADDRESS of
// everything the host stores, never a filter applied later (decision 0028).
//
// Components are percent-encoded (encodeURIComponent) and joined with "/", which makes the
// encoding injective and keeps every key plain ASCII, so a key prefix is a contiguous range.

import { createHash } from "node:crypto";
import type { ExactFormRef } from "../../corpus/lib/index.js";
import type { TenantScope } from "./scope.js";

declare const keyBrand: unique symbol;

/** A store key; constructible only through the functions below. */
export type ScopedKey = string & { readonly [keyBrand]: true };

function join(...components: string[]): ScopedKey {
  return components.map((part) => encodeURIComponent(part)).join("/") as ScopedKey;
}

/** The resource address: tenant, space, apiVersion, kind, name (Tenant isolation). */
export interface ResourceAddress {
  space: string;
  apiVersion: string;
  kind: string;
  name: string;
}

export function resourceKey(scope: TenantScope, address: ResourceAddress): ScopedKey {
  return join("resource", scope.tenant, address.space, address.apiVersion, address.kind, address.name);
}

/** Prefix of every resource of one tenant. */
export function tenantResourcesPrefix(scope: TenantScope): ScopedKey {
  return (join("resource", scope.tenant) + "/") as ScopedKey;
}

/** Prefix of every resource of one space of one tenant (the resource listing reads it). */
export function spaceResourcesPrefix(scope: TenantScope, space: string): ScopedKey {
  return (join("resource", scope.tenant, space) + "/") as ScopedKey;
}

/** Liveness index of host-issued uids within one tenant (replay retirement asks it). */
export function uidKey(scope: TenantScope, uid: string): ScopedKey {
  return join("uid", scope.tenant, uid);
}

/** The adoption claim on one native identity, held per tenant across spaces and kinds (decision 0011). */
export function claimKey(scope: TenantScope, nativeId: string): ScopedKey {
  const digest = createHash("sha256").update(nativeId, "utf8").digest("hex");
  return join("claim", scope.tenant, digest);
}

/** A holder's pin on a target ADDRESS (space, apiVersion, kind, name): the reverse relation index. */
export function pinKey(scope: TenantScope, target: ResourceAddress, holderUid: string): ScopedKey {
  return join("pin", scope.tenant, target.space, target.apiVersion, target.kind, target.name, holderUid);
}

/** Prefix of every pin on one target address. */
export function pinsPrefix(scope: TenantScope, target: ResourceAddress): ScopedKey {
  return (join("pin", scope.tenant, target.space, target.apiVersion, target.kind, target.name) + "/") as ScopedKey;
}

/** A WorkerCustomDomain's claim on a canonical hostname, tenant-wide across spaces (decision 0026). */
export function hostnameKey(scope: TenantScope, hostname: string, holderUid: string): ScopedKey {
  return join("hostname", scope.tenant, hostname, holderUid);
}

export function hostnamePrefix(scope: TenantScope, hostname: string): ScopedKey {
  return (join("hostname", scope.tenant, hostname) + "/") as ScopedKey;
}

/** The tenant HOLDS a blob address (it uploaded the bytes): what lets it use the digest (decision 0018). */
export function blobHoldKey(scope: TenantScope, digest: string): ScopedKey {
  return join("blob", scope.tenant, digest);
}

/**
 * One thing of the tenant that names a blob address: an open upload session
 * ("session/<principal>/<uploadId>") or a committed manifest ("manifest/<digest>"). Ending a
 * session asks this index, per blob it names, whether anything else still names it.
 */
export function blobUseKey(scope: TenantScope, digest: string, namer: string): ScopedKey {
  return join("blob-use", scope.tenant, digest, namer);
}

export function blobUsesPrefix(scope: TenantScope, digest: string): ScopedKey {
  return (join("blob-use", scope.tenant, digest) + "/") as ScopedKey;
}

/** Present once the tenant's blob-use index names every session and manifest (built once, lazily). */
export function blobUseIndexKey(scope: TenantScope): ScopedKey {
  return join("blob-use-index", scope.tenant);
}

/** A manifest the tenant committed, with its canonical bytes. */
export function manifestKey(scope: TenantScope, digest: string): ScopedKey {
  return join("manifest", scope.tenant, digest);
}

export function manifestsPrefix(scope: TenantScope): ScopedKey {
  return (join("manifest", scope.tenant) + "/") as ScopedKey;
}

/** An upload session, owned by the tenant AND principal that started it. */
export function uploadKey(scope: TenantScope, uploadId: string): ScopedKey {
  return join("upload", scope.tenant, scope.principal, uploadId);
}

/** The manifest of one upload session, kept apart so a blob PUT need not read it (upload-index.ts). */
export function uploadManifestKey(scope: TenantScope, uploadId: string): ScopedKey {
  return join("upload-manifest", scope.tenant, scope.principal, uploadId);
}

/** Prefix of the upload sessions of every principal of one tenant. */
export function tenantUploadsPrefix(scope: TenantScope): ScopedKey {
  return (join("upload", scope.tenant) + "/") as ScopedKey;
}

/** A sensitive value of one worker (host extension, host/secrets): sealed bytes, never rendered. */
export function secretKey(scope: TenantScope, space: string, worker: string, name: string): ScopedKey {
  return join("secret", scope.tenant, space, worker, name);
}

/** Prefix of every sensitive value of one worker. */
export function workerSecretsPrefix(scope: TenantScope, space: string, worker: string): ScopedKey {
  return (join("secret", scope.tenant, space, worker) + "/") as ScopedKey;
}

/** A long-running Operation, owned by the tenant AND principal whose mutation it accepted. */
export function operationKey(scope: TenantScope, operationId: string): ScopedKey {
  return join("operation", scope.tenant, scope.principal, operationId);
}

/** Prefix of every Operation record of every tenant: only the host's own start-up sweep lists it. */
export function everyOperationPrefix(): ScopedKey {
  return "operation/" as ScopedKey;
}

/** Prefix of every replay record of every tenant: only the host's garbage collection lists it. */
export function everyReplayPrefix(): ScopedKey {
  return "replay/" as ScopedKey;
}

/** Prefix of every blob hold of every tenant: only the host's garbage collection lists it. */
export function everyBlobHoldPrefix(): ScopedKey {
  return "blob/" as ScopedKey;
}

/** Prefix of every upload session of every tenant: only the host's garbage collection lists it. */
export function everyUploadPrefix(): ScopedKey {
  return "upload/" as ScopedKey;
}

/** The tenant component of a key built by join() (every key names its tenant second). */
export function tenantOfKey(key: ScopedKey): string {
  const start = key.indexOf("/") + 1;
  if (start === 0) return "";
  const end = key.indexOf("/", start);
  const component = end < 0 ? key.slice(start) : key.slice(start, end);
  return component.includes("%") ? decodeURIComponent(component) : component;
}

/** A replay record: namespaced by tenant, principal, space and Idempotency-Key (Shared wire rules). */
export function replayKey(scope: TenantScope, space: string, idempotencyKey: string): ScopedKey {
  return join("replay", scope.tenant, scope.principal, space, idempotencyKey);
}

/** Human-readable form of an exact FormRef, for messages and logs. */
export function formRefLabel(ref: ExactFormRef): string {
  return `${ref.apiVersion} ${ref.kind}@${ref.definitionVersion} (${ref.schemaDigest})`;
}
