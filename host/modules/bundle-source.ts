// Builds the analyzer's view of a WorkerBundle from its committed manifest and a blob reader, so
// the export set comes from the bytes an author uploaded (or the corpus pinned).

import type { BundleSource } from "./export-analysis.js";

export interface WorkerBundleManifestLike {
  mainModule: string;
  modules: readonly { name: string; mediaType: string; digest: string }[];
}

export function bundleSource(manifest: WorkerBundleManifestLike, readBlob: (digest: string) => Uint8Array | undefined): BundleSource {
  const byName = new Map(manifest.modules.map((m) => [m.name, m]));
  return {
    mainModule: manifest.mainModule,
    readModule: (name) => {
      const entry = byName.get(name);
      return entry === undefined ? undefined : readBlob(entry.digest);
    },
    mediaTypeOf: (name) => byName.get(name)?.mediaType,
  };
}
