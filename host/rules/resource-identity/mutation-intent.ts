// Resource identity / Lifecycle: an apply or import is either a CREATE, fenced with
// If-None-Match: * against the free name, or an UPDATE of an existing incarnation, fenced with
// the expected generation (Takoform-Expected-Generation header or the body's expectedGeneration).
// Anything else names no precondition and is refused before the store is read
// (check: apply-headers-required).

import { refuse, type HostError } from "../../errors.js";
import { isCanonicalDecimal } from "../../wire/decimal.js";

export interface MutationPreconditions {
  ifNoneMatch?: string;
  ifMatch?: string;
  /** Takoform-Expected-Generation header, raw. */
  headerGeneration?: string;
  /** expectedGeneration in the body (apply) or metadata.generation (import). */
  bodyGeneration?: string;
  expectedUid?: string;
}

export type MutationIntent = { intent: "create" } | { intent: "update"; generation: string };

export function mutationIntent(pre: MutationPreconditions): MutationIntent | HostError {
  if (pre.ifNoneMatch !== undefined && pre.ifNoneMatch !== "*") {
    return refuse.invalid_argument("If-None-Match supports only * (create when the name is free)");
  }
  if (pre.headerGeneration !== undefined && !isCanonicalDecimal(pre.headerGeneration)) {
    return refuse.invalid_argument("Takoform-Expected-Generation must be a canonical decimal in 1..9223372036854775807");
  }
  const generation = pre.headerGeneration ?? pre.bodyGeneration;
  if (pre.headerGeneration !== undefined && pre.bodyGeneration !== undefined && pre.headerGeneration !== pre.bodyGeneration) {
    return refuse.invalid_argument("the generation fences in the Takoform-Expected-Generation header and the body differ");
  }
  if (pre.ifNoneMatch === "*") {
    if (generation !== undefined) {
      return refuse.invalid_argument("a create (If-None-Match: *) must not carry a generation fence");
    }
    return { intent: "create" };
  }
  if (generation === undefined) {
    return refuse.invalid_argument("a mutation requires If-None-Match: * to create or Takoform-Expected-Generation to update");
  }
  return { intent: "update", generation };
}
