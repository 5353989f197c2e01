// Sensitive values (host extension; docs/decisions/0200-sensitive-values.md), and the one function
// the data plane reads them through.
//
//   const secrets = openWorkerSecrets(store, dataDir);
//   const { values, missing } = readSecretsForWorker(secrets, scope, { space, worker }, version.spec.requiredSensitiveVars);
//
// `values` maps each held name to its plaintext, for the worker's env only: never log it, never
// put it in a plan, a fingerprint, an error or a response. `missing` lists the names the tenant
// holds no value for (the version is then not Ready and must not serve). The scope is the tenant
// whose WorkerVersion asks; a value is addressed by (tenant, space, worker, name), so no other
// tenant's, space's or worker's value can be read through it.

import { secretKey } from "../store/keys.js";
import type { StoreReader } from "../store/overlay.js";
import type { TenantScope } from "../store/scope.js";
import { SecretBox } from "./seal.js";
import type { SecretRecord, WorkerRef } from "./store.js";

export { SecretBox, SECRETS_KEY_FILE } from "./seal.js";
export type { WorkerRef } from "./store.js";

export interface WorkerSecrets {
  readonly store: StoreReader;
  readonly box: SecretBox;
}

/** The sealed values of a host's store, opened with the data directory's key (created 0600 when absent). */
export function openWorkerSecrets(store: StoreReader, dataDir: string): WorkerSecrets {
  return { store, box: SecretBox.forDataDir(dataDir) };
}

export interface WorkerSecretValues {
  values: Record<string, string>;
  missing: string[];
}

export function readSecretsForWorker(secrets: WorkerSecrets, scope: TenantScope, ref: WorkerRef, names: readonly string[]): WorkerSecretValues {
  const values: Record<string, string> = {};
  const missing: string[] = [];
  for (const name of names) {
    const entry = secrets.store.get<SecretRecord>(secretKey(scope, ref.space, ref.worker, name));
    if (entry === undefined) {
      missing.push(name);
      continue;
    }
    values[name] = secrets.box.unseal({ tenant: scope.tenant, space: ref.space, worker: ref.worker, name }, entry.value.sealed);
  }
  return { values, missing };
}
