// Entry-count and byte ceilings of the portable support profile (Host API v1beta1 "Support
// profiles"; artifact-transport): 4,096 modules for a WorkerBundle, 16,384 files for a
// StaticAssetBundle or MigrationBundle, 10 MiB aggregate bytes, 256 MiB per entry (manifest schema).

export type ManifestKind = "WorkerBundle" | "StaticAssetBundle" | "MigrationBundle";

export const MANIFEST_KINDS: readonly ManifestKind[] = ["WorkerBundle", "StaticAssetBundle", "MigrationBundle"];

export interface ManifestLimits {
  maxEntries: number;
  maxBytes: number;
}

export const MAX_ENTRY_BYTES = 268_435_456;
export const PORTABLE_MAX_BUNDLE_BYTES = 10 * 1024 * 1024;

export const PORTABLE_LIMITS: Readonly<Record<ManifestKind, ManifestLimits>> = Object.freeze({
  WorkerBundle: { maxEntries: 4096, maxBytes: PORTABLE_MAX_BUNDLE_BYTES },
  StaticAssetBundle: { maxEntries: 16384, maxBytes: PORTABLE_MAX_BUNDLE_BYTES },
  MigrationBundle: { maxEntries: 16384, maxBytes: PORTABLE_MAX_BUNDLE_BYTES },
});

/** Which manifest kind each artifact-backed Form references. */
export const FORM_MANIFEST_KIND: Readonly<Record<string, ManifestKind>> = Object.freeze({
  WorkerBundle: "WorkerBundle",
  StaticAssetBundle: "StaticAssetBundle",
  SQLiteMigrationSet: "MigrationBundle",
});
