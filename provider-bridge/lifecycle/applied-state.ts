// The state a mutation leaves: after success, the representation with every
// known planned desired value kept as planned (Terraform's consistency rule);
// while an accepted (202) operation is unfinished, the planned values (unknowns
// as null) with pending_operation_id and the FormRef it was addressed under.
import type { CtyObject } from "../wire/value.js";
import { isWhollyKnown } from "../wire/value.js";
import { withoutUnknowns, type Lifecycle } from "./context.js";
import type { Address } from "./host-api.js";
import { SOURCE_DIR } from "./artifact-plan.js";
import { refValue } from "../state/recorded.js";
import { statusJson } from "../state/status-json.js";
import { stateFromRepresentation, type Representation } from "./representation.js";

/** State after a successful mutation: the representation, with every known planned desired value kept as planned. */
export function appliedState(lc: Lifecycle, planned: CtyObject, rep: Representation): CtyObject {
  const state = stateFromRepresentation(lc.model, lc.block, rep);
  for (const attr of lc.model.attributes) {
    const p = planned[attr.name];
    if (p !== undefined && isWhollyKnown(p)) state[attr.name] = p;
  }
  if (SOURCE_DIR in planned) state[SOURCE_DIR] = planned[SOURCE_DIR] ?? null;
  return state;
}

export function pendingState(planned: CtyObject, a: Address, operationId: string): CtyObject {
  const state = withoutUnknowns(planned);
  state["space"] = a.space;
  state["pending_operation_id"] = operationId;
  // status_json is planned unknown on an update; the ref stays recorded so the refresh that
  // resumes the operation reads the resource under the contract it was sent under.
  state["status_json"] = statusJson({ formRef: refValue(a.ref) });
  return state;
}
