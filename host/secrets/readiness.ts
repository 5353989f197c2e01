// Readiness of a WorkerVersion's sensitive values (issue: a version whose required sensitive value
// is missing is not Ready). The condition names every missing NAME -- never a value, which the
// rendering never reads -- and says how to supply it.

import type { RenderedCondition } from "../rules/relations/view.js";
import { HOST_REASON_MAX } from "../rules/relations/relation-drift.js";
import type { ResourceRecord } from "../store/records.js";
import { missingSensitiveVars } from "./rules.js";

export interface SecretPresence {
  holdsSecret(space: string, worker: string, name: string): boolean;
}

function workerNameOf(record: ResourceRecord): string | undefined {
  const worker = record.spec.worker;
  if (typeof worker !== "object" || worker === null || Array.isArray(worker)) return undefined;
  const name = (worker as { name?: unknown }).name;
  return typeof name === "string" ? name : undefined;
}

/** Ready=False DependencyMissing when a required sensitive value is not set; undefined when all are. */
export function sensitiveVarsReadiness(view: SecretPresence, record: ResourceRecord): RenderedCondition | undefined {
  const required = record.spec.requiredSensitiveVars;
  const worker = workerNameOf(record);
  if (!Array.isArray(required) || required.length === 0 || worker === undefined) return undefined;
  const names = required.filter((name): name is string => typeof name === "string");
  const missing = missingSensitiveVars(names, (name) => view.holdsSecret(record.space, worker, name));
  if (missing.length === 0) return undefined;
  const hostReason = `sensitive value not set: ${missing.join(",")}`;
  return {
    type: "Ready",
    status: "False",
    reason: "DependencyMissing",
    hostReason: hostReason.length <= HOST_REASON_MAX ? hostReason : hostReason.slice(0, HOST_REASON_MAX - 1) + "…",
    message:
      `WorkerVersion "${record.name}" requires sensitive values worker "${worker}" does not have: ${missing.join(", ")}. ` +
      `Set each with \`takoform secret put NAME --worker ${worker}\` (value on stdin) or a takoform_secret resource.`,
  };
}
