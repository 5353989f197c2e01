// Forms whose whole desired state is one artifact manifest digest, and the manifest kind each
// requires (artifact transport, "Referencing a manifest from desired state"). Policy as data.

import type { AttributeModel, ManifestKind } from "./types.js";

export const ARTIFACT_MANIFEST_KINDS: Readonly<Record<string, ManifestKind>> = {
  WorkerBundle: "WorkerBundle",
  StaticAssetBundle: "StaticAssetBundle",
  SQLiteMigrationSet: "MigrationBundle",
};

/** The desired member an artifact-backed Form carries, and nothing else. */
export const MANIFEST_DIGEST_MEMBER = "manifestDigest";

/**
 * The extra argument of an artifact-backed resource type (ADR 0102): a local directory the
 * provider turns into a manifest, uploads and commits, planning its digest. It is not part of
 * the desired spec; manifest_digest becomes optional+computed so either may be given.
 */
export function artifactSourceAttributes(r: { artifact?: { manifestKind: ManifestKind } }): AttributeModel[] {
  if (r.artifact === undefined) return [];
  return [
    {
      name: "source_dir",
      wireName: "(provider) sourceDir",
      description: `Local directory holding the files of a ${r.artifact.manifestKind}. The provider builds the manifest from it, uploads the blobs the host does not hold, commits the manifest and plans its digest as manifest_digest; no file bytes are stored in state. Give either source_dir or manifest_digest.`,
      type: "string",
      required: false,
      optional: true,
      computed: false,
      sensitive: false,
      requiresReplace: false,
      validators: [],
    },
  ];
}
