// Lifecycle (check: prepare-requires-update-fence) and the operation table's
// "generation-fence-when-updating": a prepare against an existing resource must carry the
// expected generation, which must be current; the uid and generation it names are bound into the
// digest. A prepare carrying a fence for a name that holds no resource under this exact ref is
// resource_not_found; one carrying none is a create and binds the create markers.

import { refuse, type HostError } from "../../errors.js";
import { expectedUidFence } from "../resource-identity/expected-uid-fence.js";
import { generationFence } from "../resource-identity/generation-fence.js";
import { isCanonicalDecimal } from "../../wire/decimal.js";
import { CREATE_GENERATION_MARKER, CREATE_UID_MARKER } from "./prepare-binding.js";

export interface PreparedIncarnation {
  uid: string;
  generation: string;
}

export function prepareTarget(
  existing: PreparedIncarnation | undefined,
  fenceHeader: string | undefined,
  expectedUid: string | undefined,
  notFound: () => HostError,
): PreparedIncarnation | HostError {
  if (fenceHeader !== undefined && !isCanonicalDecimal(fenceHeader)) {
    return refuse.invalid_argument("Takoform-Expected-Generation must be a canonical decimal in 1..9223372036854775807");
  }
  if (existing === undefined) {
    if (fenceHeader !== undefined || expectedUid !== undefined) return notFound();
    return { uid: CREATE_UID_MARKER, generation: CREATE_GENERATION_MARKER };
  }
  if (fenceHeader === undefined) {
    return refuse.invalid_argument(
      "prepare of an existing resource requires the Takoform-Expected-Generation fence of the generation it updates",
    );
  }
  const uidError = expectedUidFence(existing.uid, expectedUid);
  if (!uidError.ok) return uidError;
  const stale = generationFence(existing.generation, fenceHeader, "prepare");
  if (!stale.ok) return stale;
  return { uid: existing.uid, generation: existing.generation };
}
