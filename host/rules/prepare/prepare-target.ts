// Lifecycle (check: prepare-requires-update-fence) and the operation table's
// "generation-fence-when-updating": a prepare against an existing resource must carry the
// expected generation, which must be current; the uid and generation it names are bound into the
// digest. A prepare carrying a fence for a name that holds no resource under this exact ref is
// resource_not_found; one carrying none is a create and binds the create markers, and a create of a
// held name is refused naming the name and how to go on (nameTaken).

import { refuse, type HostError } from "../../errors.js";
import { expectedUidFence } from "../resource-identity/expected-uid-fence.js";
import { generationFence } from "../resource-identity/generation-fence.js";
import { isCanonicalDecimal } from "../../wire/decimal.js";
import { CREATE_GENERATION_MARKER, CREATE_UID_MARKER } from "./prepare-binding.js";

export interface PreparedIncarnation {
  uid: string;
  generation: string;
}

/** How the refused name is spelled to the author. */
export interface PreparedAddress {
  kind: string;
  name: string;
  space: string;
}

/**
 * A create (a prepare with no fence) of a name an existing resource holds: name the problem and
 * both ways out. The commonest cause is a revision (immutable, replaced with create_before_destroy)
 * whose name does not change with its content (ADR 0161).
 */
export function nameTaken(address: PreparedAddress, generation: string): HostError {
  return refuse.invalid_argument(
    `${address.kind} "${address.name}" already exists in space "${address.space}" (generation ${generation}), and a prepare without the ` +
      "Takoform-Expected-Generation fence is a create, which needs a name no resource holds. To update the existing resource, send " +
      `Takoform-Expected-Generation: ${generation}. If this is a new revision of an immutable resource (replaced with create_before_destroy), ` +
      "give it a new name derived from the digest of its whole spec (revision() in the generated CDKTF package, or the HCL pattern in " +
      "docs/revision-names.md), so that every change of its content is a new name.",
  );
}

export function prepareTarget(
  existing: PreparedIncarnation | undefined,
  fenceHeader: string | undefined,
  expectedUid: string | undefined,
  notFound: () => HostError,
  address: PreparedAddress,
): PreparedIncarnation | HostError {
  if (fenceHeader !== undefined && !isCanonicalDecimal(fenceHeader)) {
    return refuse.invalid_argument("Takoform-Expected-Generation must be a canonical decimal in 1..9223372036854775807");
  }
  if (existing === undefined) {
    if (fenceHeader !== undefined || expectedUid !== undefined) return notFound();
    return { uid: CREATE_UID_MARKER, generation: CREATE_GENERATION_MARKER };
  }
  if (fenceHeader === undefined) return nameTaken(address, existing.generation);
  const uidError = expectedUidFence(existing.uid, expectedUid);
  if (!uidError.ok) return uidError;
  const stale = generationFence(existing.generation, fenceHeader, "prepare");
  if (!stale.ok) return stale;
  return { uid: existing.uid, generation: existing.generation };
}
