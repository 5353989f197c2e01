// A create whose answer was lost: terraform was killed (or the connection dropped for good) after
// the host committed the create and before terraform wrote state. The next apply plans the create
// again, and its prepare is refused, because the name is now held and a prepare of an existing
// resource needs the generation fence. Within one run the Idempotency-Key replays the create; across
// runs the review it was bound to is gone, so the create is recovered by ADOPTION instead
// (docs/decisions/0121-provider-adopts-a-lost-create.md): the resource under the exact address is
// taken into state only when it is, exactly, what this create would have made — the exact FormRef,
// generation 1 (never updated since it was created) and a desired state that maps to the planned
// one attribute for attribute. Anything else keeps the original failure.
import { HostError } from "../client/errors.js";
import { warningDiag, type Diagnostic } from "../framework/diagnostics.js";
import type { CtyObject } from "../wire/value.js";
import { canonicalJson } from "../../corpus/lib/digest.js";
import type { Lifecycle } from "./context.js";
import { keepAuthorSpelling } from "./canonical-spelling.js";
import type { Address, HostApi } from "./host-api.js";
import { identityText, type Subject } from "./host-diagnostics.js";
import { verifyIdentity } from "./outcome.js";
import { parseRepresentation, stateFromRepresentation, type Representation } from "./representation.js";
import { specFromState } from "./spec-mapping.js";

/** The refusals a create meets when its name is already held: the unfenced prepare, or If-None-Match: *. */
export function mayBeHeldName(err: unknown): boolean {
  return err instanceof HostError && (err.code === "invalid_argument" || err.code === "generation_conflict");
}

/** Whether `rep` is exactly what a create of `planned` at `a` makes: same identity, generation 1, same desired state. */
export function isLostCreate(lc: Lifecycle, a: Address, planned: CtyObject, rep: Representation): boolean {
  try {
    verifyIdentity(rep, a);
  } catch {
    return false;
  }
  if (rep.generation !== "1") return false;
  const state = stateFromRepresentation(lc.model, lc.block, rep);
  keepAuthorSpelling(lc, planned, state);
  const held = specFromState(lc.model.attributes, state);
  return canonicalJson(held) === canonicalJson(specFromState(lc.model.attributes, planned));
}

/** The held resource when it is this create's lost result, else undefined (the caller reports its own failure). */
export async function findLostCreate(lc: Lifecycle, api: HostApi, a: Address, planned: CtyObject): Promise<Representation | undefined> {
  try {
    const rep = parseRepresentation((await api.read(a)).body);
    return isLostCreate(lc, a, planned, rep) ? rep : undefined;
  } catch {
    return undefined;
  }
}

export function lostCreateDiag(lc: Lifecycle, subject: Subject, rep: Representation): Diagnostic {
  return warningDiag(
    `Adopted ${lc.model.kind} "${subject.name}" created by an earlier, interrupted apply`,
    `${identityText({ ...subject, uid: rep.uid })}: the host already holds it at generation 1 with exactly this desired state, ` +
      "which is what a create whose answer never reached Terraform leaves behind, so it is recorded in state instead of created twice. " +
      "If another configuration created it, remove it from one of the two states (`terraform state rm`).",
  );
}
