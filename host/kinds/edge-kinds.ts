// The Form kinds of the Edge Platform Family (corpus/forms/edge/v1beta1), as a type: the KINDS
// map (index.ts) must name each of them exactly once, so a kind left out or misspelt there fails
// to compile. test/unit/host/kinds/kinds-registry.test.ts checks this list against the corpus.

import { EDGE_GROUP } from "../../corpus/lib/index.js";

export const EDGE_KINDS = [
  "AtLeastOnceQueue",
  "EdgeKVNamespace",
  "ModuleWorker",
  "ObjectBucket",
  "QueueConsumer",
  "SQLiteDatabase",
  "SQLiteMigrationApplication",
  "SQLiteMigrationSet",
  "StaticAssetBundle",
  "WorkerBundle",
  "WorkerCronTrigger",
  "WorkerCustomDomain",
  "WorkerDeployment",
  "WorkerEndpoint",
  "WorkerVersion",
] as const;

export type EdgeKind = (typeof EDGE_KINDS)[number];

/** The registry key of a kind: its exact group/version and kind, space-separated. */
export type KindKey = `${string} ${string}`;
export type EdgeKindKey = `${typeof EDGE_GROUP} ${EdgeKind}`;

export function kindKey(ref: { apiVersion: string; kind: string }): KindKey {
  return `${ref.apiVersion} ${ref.kind}`;
}
