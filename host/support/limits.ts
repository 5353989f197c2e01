// Host limits published in support profiles (Support profiles; artifact-transport). Policy as
// data: the artifact-backed Forms of the Edge Platform Family publish maximumBundleBytes with
// maximumBundleFiles (4,096 modules for WorkerBundle, 16,384 files for the other two), and the
// WorkerVersion profile publishes maximumBundleBytes. Nothing commercial ever appears here.
import { EDGE_GROUP } from "../../corpus/lib/index.js";

export const MAXIMUM_BUNDLE_BYTES = 10 * 1024 * 1024;

const EDGE = EDGE_GROUP;

const LIMITS = new Map<string, Record<string, number>>([
  [`${EDGE} WorkerBundle`, { maximumBundleBytes: MAXIMUM_BUNDLE_BYTES, maximumBundleFiles: 4096 }],
  [`${EDGE} StaticAssetBundle`, { maximumBundleBytes: MAXIMUM_BUNDLE_BYTES, maximumBundleFiles: 16384 }],
  [`${EDGE} SQLiteMigrationSet`, { maximumBundleBytes: MAXIMUM_BUNDLE_BYTES, maximumBundleFiles: 16384 }],
  [`${EDGE} WorkerVersion`, { maximumBundleBytes: MAXIMUM_BUNDLE_BYTES }],
]);

export function formLimits(apiVersion: string, kind: string): Record<string, number> | undefined {
  const limits = LIMITS.get(`${apiVersion} ${kind}`);
  return limits === undefined ? undefined : { ...limits };
}
