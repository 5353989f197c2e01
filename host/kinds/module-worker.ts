// ModuleWorker (decision 0016, Worker readiness): Ready is derived from the worker's active
// deployment -- none, or one whose versions lack a handler an attachment needs, keeps it not Ready.

import { workerReadiness } from "../rules/worker-aggregate/worker-readiness.js";
import type { KindBehaviour } from "./behaviour.js";
import { activeDeployment } from "./worker-support.js";

export const moduleWorker: KindBehaviour = {
  derivedReady(view, record) {
    const readiness = workerReadiness({ name: record.name }, activeDeployment(view, record.uid));
    return readiness.status === "True" ? undefined : readiness;
  },
};
