// The KINDS map: the behaviour of every Edge Platform Family kind, keyed by exact group/version
// and kind. Its type names every Edge kind (edge-kinds.ts), so a kind left out or misspelt here
// is a compile error; a kind with nothing beyond the generic Form rules maps to GENERIC. Kinds
// that Form Packages installed with --forms bring have no entry and get the generic behaviour.
//
// To add a kind's behaviour: write host/kinds/<kind>.ts exporting one KindBehaviour and name it
// here (docs/architecture.md). The lifecycle stages never name a kind; they ask the registry.

import { EDGE_GROUP } from "../../corpus/lib/index.js";
import { atLeastOnceQueue } from "./at-least-once-queue.js";
import type { KindBehaviour, KindRegistry } from "./behaviour.js";
import { edgeKvNamespace } from "./edge-kv-namespace.js";
import { kindKey, type EdgeKindKey, type KindKey } from "./edge-kinds.js";
import { moduleWorker } from "./module-worker.js";
import { objectBucket } from "./object-bucket.js";
import { queueConsumer } from "./queue-consumer.js";
import { sqliteDatabase } from "./sqlite-database.js";
import { sqliteMigrationApplication } from "./sqlite-migration-application.js";
import { sqliteMigrationSet } from "./sqlite-migration-set.js";
import { staticAssetBundle } from "./static-asset-bundle.js";
import { workerBundle } from "./worker-bundle.js";
import { workerCronTrigger } from "./worker-cron-trigger.js";
import { workerCustomDomain } from "./worker-custom-domain.js";
import { workerDeployment } from "./worker-deployment.js";
import { workerEndpoint } from "./worker-endpoint.js";
import { workerVersion } from "./worker-version.js";

export type { DerivedCondition, IndexEntry, KindAdmission, KindBehaviour, KindRegistry, KindView } from "./behaviour.js";
export { EDGE_KINDS, kindKey, type EdgeKind, type KindKey } from "./edge-kinds.js";

/** The behaviour of a kind with nothing beyond the generic Form rules. */
export const GENERIC: KindBehaviour = Object.freeze({});

export const KINDS: { readonly [K in EdgeKindKey]: KindBehaviour } = Object.freeze({
  [`${EDGE_GROUP} AtLeastOnceQueue`]: atLeastOnceQueue,
  [`${EDGE_GROUP} EdgeKVNamespace`]: edgeKvNamespace,
  [`${EDGE_GROUP} ModuleWorker`]: moduleWorker,
  [`${EDGE_GROUP} ObjectBucket`]: objectBucket,
  [`${EDGE_GROUP} QueueConsumer`]: queueConsumer,
  [`${EDGE_GROUP} SQLiteDatabase`]: sqliteDatabase,
  [`${EDGE_GROUP} SQLiteMigrationApplication`]: sqliteMigrationApplication,
  [`${EDGE_GROUP} SQLiteMigrationSet`]: sqliteMigrationSet,
  [`${EDGE_GROUP} StaticAssetBundle`]: staticAssetBundle,
  [`${EDGE_GROUP} WorkerBundle`]: workerBundle,
  [`${EDGE_GROUP} WorkerCronTrigger`]: workerCronTrigger,
  [`${EDGE_GROUP} WorkerCustomDomain`]: workerCustomDomain,
  [`${EDGE_GROUP} WorkerDeployment`]: workerDeployment,
  [`${EDGE_GROUP} WorkerEndpoint`]: workerEndpoint,
  [`${EDGE_GROUP} WorkerVersion`]: workerVersion,
} as const);

/**
 * The registry a host runs with: KINDS, plus (for an embedding host or a test that adds a kind
 * from its own Form Package) extra modules keyed the same way. An extra module may not replace
 * an Edge kind's behaviour.
 */
export function kindRegistry(extra: Readonly<Record<KindKey, KindBehaviour>> = {}): KindRegistry {
  const table = new Map<string, KindBehaviour>(Object.entries(KINDS));
  for (const [key, behaviour] of Object.entries(extra)) {
    if (table.has(key)) throw new Error(`kind module for ${key} would replace the built-in one`);
    table.set(key, behaviour);
  }
  return { of: (ref) => table.get(kindKey(ref)) };
}

export const BUILTIN_KINDS: KindRegistry = kindRegistry();
