// PlanResourceChange: the framework's default plan (framework/plan.ts), then
// the resource's modifyPlan. Called in plan, again in apply with known values,
// twice for a replacement (the second time with no prior state), and for a
// destroy with a null proposal (plan_destroy). Every planned change carries
// its attempt id in private state (framework/attempt.ts).
import { diagnosticsToProto, hasErrors } from "../framework/diagnostics.js";
import { withAttempt } from "../framework/attempt.js";
import { defaultPlan } from "../framework/plan.js";
import { pathToProto } from "../framework/path.js";
import type { PlanDraft } from "../framework/resource.js";
import type { Writable } from "../proto/codec.js";
import type { PlanResourceChange_Request, PlanResourceChange_Response } from "../proto/types.js";
import { ctyObject } from "../wire/value.js";
import { decodePrivate, encodePrivate, type ProviderServer } from "./provider-server.js";
import { decodeObject, encodeObject } from "./values.js";

export async function planResourceChange(server: ProviderServer<unknown>, req: PlanResourceChange_Request): Promise<Writable<PlanResourceChange_Response>> {
  const served = server.resource(req.type_name);
  if ("error" in served) return { diagnostics: diagnosticsToProto([served.error]) };
  const schema = served.schema;
  const prior = decodeObject(schema, req.prior_state, "prior state");
  const proposed = decodeObject(schema, req.proposed_new_state, "proposed new state");
  if (proposed === null) {
    // A destroy: planned null, with the attempt its delete keys derive from (ADR 0160).
    return { planned_state: encodeObject(schema, null, "planned state"), planned_private: encodePrivate(withAttempt(decodePrivate(req.prior_private))) };
  }
  const config = decodeObject(schema, req.config, "configuration") ?? ctyObject();
  const priorPrivate = decodePrivate(req.prior_private);
  const draft: PlanDraft = { planned: defaultPlan(schema.block, prior, proposed, config), requiresReplace: [], plannedPrivate: priorPrivate };
  const diagnostics = served.resource.modifyPlan
    ? await served.resource.modifyPlan({ prior, proposed, config, priorPrivate }, draft, server.context(req.client_capabilities?.deferral_allowed === true))
    : [];
  if (hasErrors(diagnostics)) return { diagnostics: diagnosticsToProto(diagnostics) };
  return {
    planned_state: encodeObject(schema, draft.planned, "planned state"),
    requires_replace: prior === null ? [] : draft.requiresReplace.map(pathToProto),
    planned_private: encodePrivate(withAttempt(draft.plannedPrivate)),
    diagnostics: diagnosticsToProto(diagnostics),
  };
}
