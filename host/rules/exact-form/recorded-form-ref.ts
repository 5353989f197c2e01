// A resource records the exact FormRef it was created under (check:
// resource-answers-only-under-its-recorded-form-ref, decision 0022 rule 3): a read, observe,
// apply, import or delete naming any other exact ref addresses no resource and fails
// resource_not_found (404). The refusal is worded from the request alone, so it is the same
// answer whether the name is free, held under another contract, or held by another tenant
// (Tenant isolation).

import { sameFormRef, type ExactFormRef } from "../../../corpus/lib/index.js";
import { refuse, type HostError } from "../../errors.js";

export interface RecordedIdentity {
  ref: ExactFormRef;
}

export interface AddressedResource {
  space: string;
  kind: string;
  name: string;
  ref: ExactFormRef;
}

export function resourceNotFound(address: AddressedResource): HostError {
  return refuse.resource_not_found(
    `no ${address.kind} named ${JSON.stringify(address.name)} exists in space ${JSON.stringify(address.space)} ` +
      `under definition ${address.ref.definitionVersion} (${address.ref.schemaDigest})`,
  );
}

export function recordedFormRef<T extends RecordedIdentity>(stored: T | undefined, address: AddressedResource): T | HostError {
  if (stored === undefined || !sameFormRef(stored.ref, address.ref)) return resourceNotFound(address);
  return stored;
}
