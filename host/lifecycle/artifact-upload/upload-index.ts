// What a blob PUT needs to know about its session's manifest -- the size and name declared for
// one digest -- without reading or validating the whole manifest on every PUT. A session keeps
// its manifest under its own key (uploadManifestKey), and the validated index of a manifest is
// cached here by its digest (content-addressed, so an entry can never go stale). A PUT then costs
// O(its blob); only the first PUT after a start or restart builds the index, O(manifest).

import { validateManifest, type ValidatedManifest } from "../../rules/artifacts/manifest-validation.js";
import type { ManifestEntry } from "../../rules/artifacts/manifest-entries.js";
import { uploadManifestKey } from "../../store/keys.js";
import type { UploadManifestRecord, UploadRecord } from "../../store/records.js";
import type { TenantScope } from "../../store/scope.js";
import type { Store } from "../../store/store.js";

/** Entries held by the cache across all manifests (a 16,384-file index is a few MB). */
const CACHED_ENTRIES = 262_144;
const indexes = new Map<string, ReadonlyMap<string, ManifestEntry>>();
let cachedEntries = 0;

export function entriesOf(manifest: ValidatedManifest): { member: "modules" | "files"; entries: ManifestEntry[] } {
  // A module bundle lists modules; every other manifest kind lists files.
  return "modules" in manifest ? { member: "modules", entries: manifest.modules } : { member: "files", entries: manifest.files };
}

/** The session's manifest document, inline (older sessions) or under its own key. */
export function sessionManifest(store: Store, scope: TenantScope, uploadId: string, upload: UploadRecord): unknown {
  return upload.manifest ?? store.get<UploadManifestRecord>(uploadManifestKey(scope, uploadId))?.value.manifest;
}

/**
 * The blobs a manifest declares, by digest, validated once and cached by the manifest's digest;
 * `load` fetches the document on a miss. An invalid document declares nothing.
 */
export function manifestIndex(manifestDigest: string, load: () => unknown): ReadonlyMap<string, ManifestEntry> {
  const cached = indexes.get(manifestDigest);
  if (cached !== undefined) {
    indexes.delete(manifestDigest); // most recently used last
    indexes.set(manifestDigest, cached);
    return cached;
  }
  const validated = validateManifest(load());
  const index = new Map(validated.ok ? entriesOf(validated.manifest).entries.map((entry) => [entry.digest, entry]) : []);
  indexes.set(manifestDigest, index);
  cachedEntries += index.size;
  while (cachedEntries > CACHED_ENTRIES && indexes.size > 1) {
    const [oldest, evicted] = indexes.entries().next().value!;
    indexes.delete(oldest);
    cachedEntries -= evicted.size;
  }
  return index;
}

/** The declared entry of `digest` in the session's manifest, or undefined when it declares none. */
export function declaredEntry(store: Store, scope: TenantScope, uploadId: string, upload: UploadRecord, digest: string): ManifestEntry | undefined {
  return manifestIndex(upload.manifestDigest, () => sessionManifest(store, scope, uploadId, upload)).get(digest);
}
