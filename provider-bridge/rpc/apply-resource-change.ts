// ApplyResourceChange: create (no prior), update, or delete (null planned
// state). The new state must be wholly known and, on success, non-null
// (null after a delete). On failure the prior state is returned so Terraform
// keeps tracking whatever exists. The change's attempt (framework/attempt.ts)
// is retired unless the resource returns private data that keeps it open.
import { retireAttempt } from "../framework/attempt.js";
import { diagnosticsToProto, errorDiag, hasErrors } from "../framework/diagnostics.js";
import type { Writable } from "../proto/codec.js";
import type { ApplyResourceChange_Request, ApplyResourceChange_Response } from "../proto/types.js";
import { normalizeObject } from "../schema/normalize.js";
import { ctyObject } from "../wire/value.js";
import { decodePrivate, encodePrivate, type ProviderServer } from "./provider-server.js";
import { decodeObject, encodeObject, requireKnown } from "./values.js";

export async function applyResourceChange(server: ProviderServer<unknown>, req: ApplyResourceChange_Request): Promise<Writable<ApplyResourceChange_Response>> {
  const served = server.resource(req.type_name);
  if ("error" in served) return { diagnostics: diagnosticsToProto([served.error]), new_state: req.prior_state };
  const { schema, resource } = served;
  const prior = decodeObject(schema, req.prior_state, "prior state");
  const planned = decodeObject(schema, req.planned_state, "planned state");
  const config = decodeObject(schema, req.config, "configuration") ?? ctyObject();
  const plannedPrivate = decodePrivate(req.planned_private);
  const ctx = server.context();

  if (planned === null) {
    if (prior === null) return { new_state: encodeObject(schema, null, "state") };
    const result = await resource.delete(prior, plannedPrivate, ctx);
    if (hasErrors(result.diagnostics))
      return {
        new_state: req.prior_state,
        private: encodePrivate(result.private ?? retireAttempt(plannedPrivate)),
        diagnostics: diagnosticsToProto(result.diagnostics),
      };
    return { new_state: encodeObject(schema, null, "state"), diagnostics: diagnosticsToProto(result.diagnostics) };
  }

  const request = { prior, planned, config, plannedPrivate };
  const result = prior === null ? await resource.create(request, ctx) : await resource.update(request, ctx);
  const failed = hasErrors(result.diagnostics);
  if (!result.state) {
    if (!failed)
      result.diagnostics.push(
        errorDiag("The takoform provider returned no state", "The apply reported success without a resulting object.\n\nThis is a bug in the provider."),
      );
    // Nothing new to record: create leaves nothing, update keeps the prior object.
    return {
      new_state: prior === null ? encodeObject(schema, null, "state") : req.prior_state,
      private: encodePrivate(result.private ?? retireAttempt(plannedPrivate)),
      diagnostics: diagnosticsToProto(result.diagnostics),
    };
  }
  const state = normalizeObject(schema.block, result.state);
  requireKnown(state, "state after apply");
  return {
    new_state: encodeObject(schema, state, "state after apply"),
    private: encodePrivate(result.private ?? retireAttempt(plannedPrivate)),
    diagnostics: diagnosticsToProto(result.diagnostics),
  };
}
