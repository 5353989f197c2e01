// ReadResource: refresh, and completing an import. A null result means the
// remote object is gone. The private data returned replaces the stored one,
// so it is echoed when the resource leaves it alone.
import { diagnosticsToProto, hasErrors } from "../framework/diagnostics.js";
import type { Writable } from "../proto/codec.js";
import type { ReadResource_Request, ReadResource_Response } from "../proto/types.js";
import { normalizeObject } from "../schema/normalize.js";
import { decodePrivate, encodePrivate, type ProviderServer } from "./provider-server.js";
import { decodeObject, encodeObject, requireKnown } from "./values.js";

export async function readResource(server: ProviderServer<unknown>, req: ReadResource_Request): Promise<Writable<ReadResource_Response>> {
  const served = server.resource(req.type_name);
  if ("error" in served) return { diagnostics: diagnosticsToProto([served.error]), new_state: req.current_state, private: req.private };
  const current = decodeObject(served.schema, req.current_state, "current state");
  if (current === null) return { new_state: encodeObject(served.schema, null, "state"), private: req.private };
  const priv = decodePrivate(req.private);
  const result = await served.resource.read(current, priv, server.context(req.client_capabilities?.deferral_allowed === true));
  if (hasErrors(result.diagnostics)) {
    // Keep what Terraform has: an error must never drop the resource from state.
    return { new_state: req.current_state, private: req.private, diagnostics: diagnosticsToProto(result.diagnostics) };
  }
  const state = result.state === null ? null : normalizeObject(served.schema.block, result.state);
  requireKnown(state, "state");
  return {
    new_state: encodeObject(served.schema, state, "state"),
    private: result.private !== undefined ? encodePrivate(result.private) : req.private,
    diagnostics: diagnosticsToProto(result.diagnostics),
  };
}
