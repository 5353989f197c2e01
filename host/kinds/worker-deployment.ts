// WorkerDeployment (decision 0016): one active deployment per worker, deployment integrity over
// the versions it weights, and reverse validation against the worker's live dependents -- on
// admission and again on delete. A commit re-renders the worker whose readiness it decides.

import type { JsonObject } from "../../corpus/lib/index.js";
import { check } from "../rules/outcome.js";
import { deploymentServing, VERSIONS_RELATION, WORKER_RELATION, workerDependents } from "../rules/worker-aggregate/aggregate.js";
import { deploymentDeletion } from "../rules/worker-aggregate/deployment-deletion.js";
import { deploymentIntegrity } from "../rules/worker-aggregate/deployment-integrity.js";
import { deploymentsOf, oneActiveDeployment } from "../rules/worker-aggregate/one-active-deployment.js";
import { reverseValidation } from "../rules/worker-aggregate/reverse-validation.js";
import type { ResourceRecord } from "../store/records.js";
import type { KindBehaviour } from "./behaviour.js";
import { identity, relationTarget } from "./worker-support.js";

export const workerDeployment: KindBehaviour = {
  admit(view, input) {
    const worker = relationTarget(view, input.records, WORKER_RELATION);
    if (worker === undefined) return;
    const holders = view.holdersOf(worker.uid);
    const selfUid = input.self?.uid;
    check(
      oneActiveDeployment({
        worker: identity(worker),
        self: { ...(selfUid === undefined ? {} : { uid: selfUid }), name: input.name },
        existing: deploymentsOf(worker.uid, holders),
      }),
    );
    const versions = Array.isArray(input.spec.versions) ? (input.spec.versions as JsonObject[]) : [];
    const entries = [];
    for (const record of input.records.filter((candidate) => candidate.relation === VERSIONS_RELATION)) {
      const version = view.byUid(record.targetUid);
      if (version === undefined) continue;
      const weight = versions[Number(record.pointer.split("/")[2])]?.weight;
      entries.push({ pointer: record.pointer, weight: typeof weight === "number" ? weight : 0, version });
    }
    check(deploymentIntegrity(identity(worker), entries));
    const proposed = deploymentServing(
      { uid: selfUid ?? "", space: input.space, name: input.name, formRef: input.form.ref, spec: input.spec, relations: input.records },
      (uid) => view.byUid(uid),
    );
    check(reverseValidation(identity(worker), proposed, workerDependents(worker.uid, holders)));
  },

  /** The worker whose readiness this deployment's /worker relation decides. */
  affected(view, record) {
    const out: ResourceRecord[] = [];
    for (const relation of record.relations ?? []) {
      if (relation.relation !== WORKER_RELATION) continue;
      const worker = view.recordByUid(relation.targetUid);
      if (worker !== undefined) out.push(worker);
    }
    return out;
  },

  deleteGuard(view, record) {
    const worker = relationTarget(view, record.relations ?? [], WORKER_RELATION);
    if (worker === undefined) return;
    check(deploymentDeletion({ name: record.name }, { uid: worker.uid, name: worker.name }, workerDependents(worker.uid, view.holdersOf(worker.uid))));
  },
  /** The data plane: the router of its worker, splitting traffic over its versions (runtime/worker-deployment.ts). */
  runtime: () => import("./runtime/worker-deployment.js").then((m) => m.workerDeploymentRuntime),
};
