// ImportResourceState: `terraform import` and import blocks. Exactly one
// object comes back; Terraform then calls ReadResource to complete it.
import { diagnosticsToProto, errorDiag, hasErrors } from "../framework/diagnostics.js";
import type { Writable } from "../proto/codec.js";
import type { ImportResourceState_Request, ImportResourceState_Response } from "../proto/types.js";
import { normalizeObject } from "../schema/normalize.js";
import { encodePrivate, type ProviderServer } from "./provider-server.js";
import { encodeObject, requireKnown } from "./values.js";

export async function importResourceState(server: ProviderServer<unknown>, req: ImportResourceState_Request): Promise<Writable<ImportResourceState_Response>> {
  const served = server.resource(req.type_name);
  if ("error" in served) return { diagnostics: diagnosticsToProto([served.error]) };
  if (!served.resource.importState) {
    return { diagnostics: diagnosticsToProto([errorDiag("Import not supported", `Resource type ${req.type_name} cannot be imported.`)]) };
  }
  const result = await served.resource.importState(req.id, server.context(req.client_capabilities?.deferral_allowed === true));
  if (hasErrors(result.diagnostics) || !result.state) {
    if (!hasErrors(result.diagnostics)) result.diagnostics.push(errorDiag("Import found nothing", `No ${req.type_name} matches the import id "${req.id}".`));
    return { diagnostics: diagnosticsToProto(result.diagnostics) };
  }
  const state = normalizeObject(served.schema.block, result.state);
  requireKnown(state, "imported state");
  return {
    imported_resources: [{ type_name: req.type_name, state: encodeObject(served.schema, state, "imported state"), private: encodePrivate(result.private) }],
    diagnostics: diagnosticsToProto(result.diagnostics),
  };
}
