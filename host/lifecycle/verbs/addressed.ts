// Resolution of a name-addressed request (read, observe, delete): the exact FormRef of the query
// must be installed (form_unknown otherwise), and the resource must exist in the CALLER'S tenant
// under exactly that ref (resource_not_found otherwise, worded the same whoever else holds the
// name, decision 0028).

import type { ExactFormRef } from "../../../corpus/lib/index.js";
import { HostError } from "../../errors.js";
import { recordedFormRef, type RecordedIdentity } from "../../rules/exact-form/recorded-form-ref.js";
import { resolveExactForm } from "../../rules/exact-form/resolve-exact-form.js";
import { resourceKey, type ScopedKey } from "../../store/keys.js";
import type { ResourceRecord } from "../../store/records.js";
import type { TenantScope } from "../../store/scope.js";
import type { HostContext } from "../context.js";

export interface NameAddress {
  space: string;
  ref: ExactFormRef;
  name: string;
}

export interface AddressedRecord {
  key: ScopedKey;
  record: ResourceRecord;
  version: number;
}

/** The tenant-scoped key a name-addressed request names; form_unknown when its exact ref is not installed. */
export function addressedKey(ctx: HostContext, scope: TenantScope, address: NameAddress): ScopedKey {
  const form = resolveExactForm(ctx.catalog, address.ref);
  if (form instanceof HostError) throw form;
  return resourceKey(scope, {
    space: address.space,
    apiVersion: address.ref.apiVersion,
    kind: address.ref.kind,
    name: address.name,
  });
}

/** The record stored at an addressed key, if it was recorded under exactly the address's ref. */
export function recordAt<T extends RecordedIdentity>(stored: T | undefined, address: NameAddress): T {
  const record = recordedFormRef(stored, { space: address.space, kind: address.ref.kind, name: address.name, ref: address.ref });
  if (record instanceof HostError) throw record;
  return record;
}

export function addressedResource(ctx: HostContext, scope: TenantScope, address: NameAddress): AddressedRecord {
  const key = addressedKey(ctx, scope, address);
  const stored = ctx.store.get<ResourceRecord>(key);
  return { key, record: recordAt(stored?.value, address), version: stored!.version };
}
