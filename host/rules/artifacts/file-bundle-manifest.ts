// StaticAssetBundle and MigrationBundle manifests share transport, not meaning (decision 0033):
// both carry files[]; static files take any lowercase type/subtype without parameters and their
// order has no meaning; migration files are exactly application/sql, ordered, and non-empty.

import { refuse, type Refusal } from "../outcome.js";
import { checkEntries, type ManifestEntry } from "./manifest-entries.js";
import type { ManifestLimits } from "./limits.js";
import { isStaticFileMediaType, MIGRATION_MEDIA_TYPE } from "./media-types.js";

export function checkFileBundle(
  doc: Record<string, unknown>,
  kind: "StaticAssetBundle" | "MigrationBundle",
  limits: ManifestLimits,
): { files: ManifestEntry[] } | Refusal {
  const listed = checkEntries(doc["files"], "files", "path", limits);
  if ("ok" in listed) return listed;
  for (let i = 0; i < listed.entries.length; i++) {
    const f = listed.entries[i]!;
    const at = `/files/${i}/mediaType`;
    if (kind === "MigrationBundle" && f.mediaType !== MIGRATION_MEDIA_TYPE) {
      return refuse("artifact_invalid", `${at}: every MigrationBundle file must be ${MIGRATION_MEDIA_TYPE}, not "${f.mediaType}"`, at);
    }
    if (kind === "StaticAssetBundle" && !isStaticFileMediaType(f.mediaType)) {
      return refuse("artifact_invalid", `${at}: "${f.mediaType}" is not a lowercase type/subtype without parameters`, at);
    }
  }
  return { files: listed.entries };
}
