// Deployment integrity (decision 0016). Before any mutation a deployment's versions[] may not
//   - weight a version whose stored /worker pin targets another worker uid,
//   - name one version twice by resolved uid,
//   - carry weights that do not sum to exactly 10000 basis points,
//   - weight a version that is not Ready, or that an accepted delete is removing.
// Each is invalid_argument: well formed, but untrue about what will run.

import type { StoredTarget } from "../relations/view.js";
import { accept, refuse, type RuleOutcome } from "../outcome.js";
import { isReady, WORKER_RELATION, type WorkerIdentity } from "./aggregate.js";

export const TOTAL_WEIGHT = 10000;

export interface WeightedEntry {
  /** Pointer of the reference: "/versions/0/workerVersion". */
  pointer: string;
  weight: number;
  /** The version the reference resolved to. */
  version: StoredTarget;
}

export function deploymentIntegrity(worker: WorkerIdentity, entries: readonly WeightedEntry[]): RuleOutcome {
  for (const e of entries) {
    const pin = e.version.relations.find((r) => r.relation === WORKER_RELATION);
    if (pin === undefined || pin.targetUid !== worker.uid) {
      return refuse(
        "invalid_argument",
        `${e.pointer}: WorkerVersion "${e.version.name}" belongs to worker uid ${pin?.targetUid ?? "none"} ("${pin?.targetName ?? "?"}"), ` +
          `not to "${worker.name}" (uid ${worker.uid}) this deployment governs`,
        e.pointer,
      );
    }
  }
  const seen = new Map<string, string>();
  for (const e of entries) {
    const first = seen.get(e.version.uid);
    if (first !== undefined) {
      return refuse(
        "invalid_argument",
        `${e.pointer}: WorkerVersion "${e.version.name}" (uid ${e.version.uid}) is already weighted at ${first}; name each version once`,
        e.pointer,
      );
    }
    seen.set(e.version.uid, e.pointer);
  }
  const sum = entries.reduce((total, e) => total + e.weight, 0);
  if (sum !== TOTAL_WEIGHT) {
    return refuse("invalid_argument", `/versions: weights sum to ${sum} basis points; they must sum to exactly ${TOTAL_WEIGHT}`, "/versions");
  }
  for (const e of entries) {
    if (e.version.deleting === true) {
      return refuse("invalid_argument", `${e.pointer}: WorkerVersion "${e.version.name}" is being deleted`, e.pointer);
    }
    if (!isReady(e.version)) {
      return refuse("invalid_argument", `${e.pointer}: WorkerVersion "${e.version.name}" is not Ready`, e.pointer);
    }
  }
  return accept();
}
