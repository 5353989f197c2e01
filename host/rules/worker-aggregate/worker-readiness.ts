// Worker readiness (decision 0016): readiness of a ModuleWorker is a claim about SERVICE.
//   Ready=True  Available             an active deployment whose every weighted version exports fetch
//   Ready=False Provisioning          no deployment
//   Ready=False UnsupportedCapability the deployment serves no fetch
// Both false cases carry a hostReason naming the worker and what is missing.

import type { RenderedCondition } from "../relations/view.js";
import { HOST_REASON_MAX } from "../relations/relation-drift.js";
import { versionsMissing, type DeploymentServing } from "./aggregate.js";

export function workerReadiness(worker: { name: string }, deployment: DeploymentServing | undefined): RenderedCondition {
  if (deployment === undefined) {
    return {
      type: "Ready",
      status: "False",
      reason: "Provisioning",
      hostReason: clip(`worker ${worker.name}: no active deployment`),
      message: `worker "${worker.name}" has no WorkerDeployment, so no version serves it`,
    };
  }
  const missing = versionsMissing(deployment, "fetch");
  if (missing.length > 0 || deployment.versions.length === 0) {
    const names = missing.map((v) => v.name).join(",");
    return {
      type: "Ready",
      status: "False",
      reason: "UnsupportedCapability",
      hostReason: clip(`worker ${worker.name}: deployment ${deployment.name} weights versions without fetch: ${names}`),
      message: `worker "${worker.name}": deployment "${deployment.name}" weights ${missing.map((v) => `"${v.name}"`).join(", ")}, which do not export fetch`,
    };
  }
  return { type: "Ready", status: "True", reason: "Available" };
}

function clip(text: string): string {
  return text.length <= HOST_REASON_MAX ? text : text.slice(0, HOST_REASON_MAX - 1) + "…";
}
