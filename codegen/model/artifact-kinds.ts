// Forms whose whole desired state is one artifact manifest digest, and the manifest kind each
// requires (artifact transport, "Referencing a manifest from desired state"). Policy as data.

import type { ManifestKind } from "./types.js";

export const ARTIFACT_MANIFEST_KINDS: Readonly<Record<string, ManifestKind>> = {
  WorkerBundle: "WorkerBundle",
  StaticAssetBundle: "StaticAssetBundle",
  SQLiteMigrationSet: "MigrationBundle",
};

/** The desired member an artifact-backed Form carries, and nothing else. */
export const MANIFEST_DIGEST_MEMBER = "manifestDigest";
