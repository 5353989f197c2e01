// ValidateProviderConfig: the provider block, possibly with unknown values.
import { diagnosticsToProto } from "../framework/diagnostics.js";
import type { Writable } from "../proto/codec.js";
import type { ValidateProviderConfig_Request, ValidateProviderConfig_Response } from "../proto/types.js";
import { ctyObject } from "../wire/value.js";
import type { ProviderServer } from "./provider-server.js";
import { decodeObject } from "./values.js";

export function validateProviderConfig(server: ProviderServer<unknown>, req: ValidateProviderConfig_Request): Writable<ValidateProviderConfig_Response> {
  const config = decodeObject(server.providerSchema, req.config, "provider configuration") ?? ctyObject();
  return { diagnostics: diagnosticsToProto(server.definition.validateConfig?.(config) ?? []) };
}
