// The desired state the runtime serves, read from the store: every live resource incarnation of
// every tenant, indexed by (tenant, space, kind, name). References inside a spec name a resource
// of the SAME tenant and space, so a lookup always carries the holder's tenant and space: a
// worker can only ever be bound to its own tenant's resources (the isolation the runtime keeps).

import type { JsonObject } from "../../corpus/lib/index.js";
import type { ScopedKey } from "../store/keys.js";
import { manifestKey } from "../store/keys.js";
import type { ManifestRecord, ResourceRecord } from "../store/records.js";
import { admittedScope } from "../store/scope.js";
import type { Store } from "../store/store.js";

export const EDGE = "edge.forms.takoform.com/v1beta1";

export interface Ref {
  apiVersion: string;
  kind: string;
  name: string;
}

export class DesiredState {
  readonly #byAddress = new Map<string, ResourceRecord>();
  readonly records: readonly ResourceRecord[];
  readonly #manifest: (tenant: string, digest: string) => JsonObject | undefined;

  constructor(records: readonly ResourceRecord[], manifest: (tenant: string, digest: string) => JsonObject | undefined) {
    this.records = records;
    this.#manifest = manifest;
    for (const record of records) this.#byAddress.set(addressOf(record.tenant, record.space, record.ref.kind, record.name), record);
  }

  /** Every resource of one kind (edge group), all tenants. */
  ofKind(kind: string): ResourceRecord[] {
    return this.records.filter((record) => record.ref.apiVersion === EDGE && record.ref.kind === kind);
  }

  /** The resource a reference inside `holder`'s spec names: same tenant, same space. */
  resolve(holder: ResourceRecord, ref: Ref | undefined): ResourceRecord | undefined {
    if (ref === undefined) return undefined;
    const found = this.#byAddress.get(addressOf(holder.tenant, holder.space, ref.kind, ref.name));
    return found !== undefined && found.ref.apiVersion === ref.apiVersion ? found : undefined;
  }

  /** A committed artifact manifest the holder's tenant holds. */
  manifest(holder: ResourceRecord, digest: string): JsonObject | undefined {
    return this.#manifest(holder.tenant, digest);
  }
}

function addressOf(tenant: string, space: string, kind: string, name: string): string {
  return JSON.stringify([tenant, space, kind, name]);
}

/** Reads every live resource and gives manifests through the holder's tenant scope. */
export function readDesiredState(store: Store): DesiredState {
  const records = store.list<ResourceRecord>("resource/" as ScopedKey).map((entry) => entry.value);
  return new DesiredState(records, (tenant, digest) => {
    // The runtime reads manifests on behalf of the tenant whose resource names the digest.
    const entry = store.get<ManifestRecord>(manifestKey(admittedScope({ tenant, principal: "runtime" }), digest));
    return entry === undefined ? undefined : (JSON.parse(entry.value.canonical) as JsonObject);
  });
}

export function refAt(spec: JsonObject, member: string): Ref | undefined {
  const value = spec[member];
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as unknown as Ref) : undefined;
}
