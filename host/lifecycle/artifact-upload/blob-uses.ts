// Which things of a tenant name a blob address (store/keys.ts blobUseKey): each open upload
// session and each committed manifest has one entry per blob it declares, written with the session's
// start and the manifest's commit. Ending a session then asks, per blob the session names, whether
// anything else still does -- a bounded range read -- instead of reading every manifest and session
// of the tenant, so an abandon costs O(the session's manifest) however many others are open.
//
// Stores written before the index existed lack entries for their sessions and manifests: the first
// session a tenant ends builds the tenant's index (the one O(tenant) pass) in the same transaction
// and marks it built (blobUseIndexKey).

import { blobUseIndexKey, blobUseKey, blobUsesPrefix, manifestsPrefix, tenantUploadsPrefix, uploadManifestKey } from "../../store/keys.js";
import type { ManifestRecord, UploadManifestRecord, UploadRecord } from "../../store/records.js";
import type { TenantScope } from "../../store/scope.js";
import type { Store, StoreWrite } from "../../store/store.js";
import { manifestIndex } from "./upload-index.js";

export function sessionNamer(principal: string, uploadId: string): string {
  return `session/${principal}/${uploadId}`;
}

export function manifestNamer(digest: string): string {
  return `manifest/${digest}`;
}

/** The entries saying `namer` names each of `digests`. */
export function useWrites(scope: TenantScope, digests: Iterable<string>, namer: string): StoreWrite[] {
  return [...new Set(digests)].map((digest) => ({ op: "put", key: blobUseKey(scope, digest, namer), value: {} }));
}

export function useIndexBuilt(store: Store, scope: TenantScope): boolean {
  return store.get(blobUseIndexKey(scope)) !== undefined;
}

/** Whether anything of the tenant other than `namer` names `digest` (reads at most two entries). */
export function namedElsewhere(store: Store, scope: TenantScope, digest: string, namer: string): boolean {
  const own = blobUseKey(scope, digest, namer);
  return store.list(blobUsesPrefix(scope, digest), { limit: 2 }).some((entry) => entry.key !== own);
}

/**
 * Every (digest, namer) of the tenant's committed manifests and open sessions but `except`, with
 * the mark that the index is built; `indexes` receives each namer's digest index.
 */
export function buildUseIndex(store: Store, scope: TenantScope, except: string, indexes: (index: ReadonlyMap<string, unknown>) => void): StoreWrite[] {
  const writes: StoreWrite[] = [];
  for (const entry of store.list<ManifestRecord>(manifestsPrefix(scope))) {
    const digest = decodeURIComponent(entry.key.slice(entry.key.lastIndexOf("/") + 1));
    const index = manifestIndex(digest, () => JSON.parse(entry.value.canonical));
    indexes(index);
    writes.push(...useWrites(scope, index.keys(), manifestNamer(digest)));
  }
  for (const entry of store.list<UploadRecord>(tenantUploadsPrefix(scope))) {
    const [, , principal, id] = entry.key.split("/").map(decodeURIComponent) as [string, string, string, string];
    const namer = sessionNamer(principal, id);
    if (namer === except) continue;
    const load = () => entry.value.manifest ?? store.get<UploadManifestRecord>(uploadManifestKey({ ...scope, principal } as TenantScope, id))?.value.manifest;
    const index = manifestIndex(entry.value.manifestDigest, load);
    indexes(index);
    writes.push(...useWrites(scope, index.keys(), namer));
  }
  writes.push({ op: "put", key: blobUseIndexKey(scope), value: { builtFrom: "manifests and sessions" } });
  return writes;
}
