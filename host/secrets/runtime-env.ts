// The data plane's side of sensitive values (ADR 0200): a RuntimeOptions.extendVersion that puts a
// WorkerVersion's requiredSensitiveVars values on its env, read through readSecretsForWorker in the
// version's own tenant, space and worker. A name without a value is left off (the version is then
// not Ready; host/secrets/readiness.ts).

import type { WorkerOptions } from "miniflare";
import type { ResourceRecord } from "../store/records.js";
import { admittedScope } from "../store/scope.js";
import { readSecretsForWorker, type WorkerSecrets } from "./index.js";

export function withSensitiveValues(secrets: WorkerSecrets, next?: (options: WorkerOptions, version: ResourceRecord) => WorkerOptions) {
  return (options: WorkerOptions, version: ResourceRecord): WorkerOptions => {
    const extended = next?.(options, version) ?? options;
    const names = version.spec.requiredSensitiveVars;
    const worker = (version.spec.worker as { name?: unknown } | undefined)?.name;
    if (!Array.isArray(names) || names.length === 0 || typeof worker !== "string") return extended;
    const scope = admittedScope({ tenant: version.tenant, principal: "runtime" });
    const { values } = readSecretsForWorker(
      secrets,
      scope,
      { space: version.space, worker },
      names.filter((n): n is string => typeof n === "string"),
    );
    return { ...extended, bindings: { ...(extended.bindings ?? {}), ...values } } as WorkerOptions;
  };
}
