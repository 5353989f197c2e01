// WorkerCronTrigger -> a schedule the host's scheduler fires into the worker's active deployment.

import type { RuntimeProjection } from "../../runtime/projection.js";
import type { ResourceRecord } from "../../store/records.js";

export function cronSchedule(trigger: ResourceRecord): { key: string; cron: string } {
  return { key: `${trigger.tenant}\u0000${trigger.uid}`, cron: String(trigger.spec["cron"]) };
}

export const workerCronTriggerRuntime: RuntimeProjection = { cron: cronSchedule };
