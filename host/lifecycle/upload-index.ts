// What a blob PUT needs to know about its session's manifest -- the size and name declared for
// one digest -- without reading or validating the whole manifest on every PUT. A session keeps
// its manifest under its own key (uploadManifestKey), and the validated index of a manifest is
// cached here by its digest (content-addressed, so an entry can never go stale). A PUT then costs
// O(its blob); only the first PUT after a start or restart builds the index, O(manifest).

import { validateManifest, type ValidatedManifest } from "../rules/artifacts/manifest-validation.js";
import type { ManifestEntry } from "../rules/artifacts/manifest-entries.js";
import { uploadManifestKey } from "../store/keys.js";
import type { UploadManifestRecord, UploadRecord } from "../store/records.js";
import type { TenantScope } from "../store/scope.js";
import type { Store } from "../store/store.js";

const CACHED_INDEXES = 32;
const indexes = new Map<string, Map<string, ManifestEntry>>();

export function entriesOf(manifest: ValidatedManifest): { member: "modules" | "files"; entries: ManifestEntry[] } {
  return manifest.kind === "WorkerBundle" ? { member: "modules", entries: manifest.modules } : { member: "files", entries: manifest.files };
}

/** The session's manifest document, inline (older sessions) or under its own key. */
export function sessionManifest(store: Store, scope: TenantScope, uploadId: string, upload: UploadRecord): unknown {
  return upload.manifest ?? store.get<UploadManifestRecord>(uploadManifestKey(scope, uploadId))?.value.manifest;
}

/** The declared entry of `digest` in the session's manifest, or undefined when it declares none. */
export function declaredEntry(store: Store, scope: TenantScope, uploadId: string, upload: UploadRecord, digest: string): ManifestEntry | undefined {
  let index = indexes.get(upload.manifestDigest);
  if (index === undefined) {
    const validated = validateManifest(sessionManifest(store, scope, uploadId, upload));
    index = new Map(validated.ok ? entriesOf(validated.manifest).entries.map((entry) => [entry.digest, entry]) : []);
    indexes.set(upload.manifestDigest, index);
    if (indexes.size > CACHED_INDEXES) indexes.delete(indexes.keys().next().value!);
  }
  return index.get(digest);
}
