// ValidateResourceConfig: called in validate, plan and apply, first with
// possibly-unknown values and eventually with wholly known ones.
import { diagnosticsToProto } from "../framework/diagnostics.js";
import type { Writable } from "../proto/codec.js";
import type { ValidateResourceConfig_Request, ValidateResourceConfig_Response } from "../proto/types.js";
import type { ProviderServer } from "./provider-server.js";
import { decodeObject } from "./values.js";

export async function validateResourceConfig(
  server: ProviderServer<unknown>,
  req: ValidateResourceConfig_Request,
): Promise<Writable<ValidateResourceConfig_Response>> {
  const served = server.resource(req.type_name);
  if ("error" in served) return { diagnostics: diagnosticsToProto([served.error]) };
  const config = decodeObject(served.schema, req.config, "resource configuration");
  if (config === null || !served.resource.validateConfig) return { diagnostics: [] };
  return { diagnostics: diagnosticsToProto(await served.resource.validateConfig(config, server.context())) };
}
