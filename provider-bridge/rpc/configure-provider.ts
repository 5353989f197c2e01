// ConfigureProvider: once per process that touches resources, with the
// provider block (all null when there is none) and Terraform's version.
import { diagnosticsToProto, hasErrors } from "../framework/diagnostics.js";
import type { Writable } from "../proto/codec.js";
import type { ConfigureProvider_Request, ConfigureProvider_Response } from "../proto/types.js";
import { ctyObject } from "../wire/value.js";
import type { ProviderServer } from "./provider-server.js";
import { decodeObject } from "./values.js";

export async function configureProvider(server: ProviderServer<unknown>, req: ConfigureProvider_Request): Promise<Writable<ConfigureProvider_Response>> {
  const config = decodeObject(server.providerSchema, req.config, "provider configuration") ?? ctyObject();
  const result = await server.definition.configure(config, req.terraform_version);
  server.setConfigured(hasErrors(result.diagnostics) ? undefined : result.provider);
  return { diagnostics: diagnosticsToProto(result.diagnostics) };
}
