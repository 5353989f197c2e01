// GetProviderSchema: the provider, resource and (no) data source schemas, and
// the server capabilities. Encoded once per process; with
// get_provider_schema_optional Terraform asks only its first process.
import { diagnosticsToProto } from "../framework/diagnostics.js";
import { encode, type Writable } from "../proto/codec.js";
import type { GetProviderSchema_Response, Schema } from "../proto/types.js";
import { schemaToProto } from "../schema/to-proto.js";
import type { ProviderServer } from "./provider-server.js";
import { serverCapabilities } from "./server-capabilities.js";

const cache = new WeakMap<ProviderServer<unknown>, Uint8Array>();

export function getProviderSchemaResponse(server: ProviderServer<unknown>): Writable<GetProviderSchema_Response> {
  const resourceSchemas: Record<string, Writable<Schema>> = {};
  for (const [typeName, served] of server.resources) resourceSchemas[typeName] = schemaToProto(served.schema.source);
  return {
    provider: schemaToProto(server.providerSchema.source),
    resource_schemas: resourceSchemas,
    data_source_schemas: {},
    ephemeral_resource_schemas: {},
    functions: {},
    diagnostics: diagnosticsToProto(server.schemaProblems),
    server_capabilities: serverCapabilities(),
  };
}

/** The encoded response, computed on first use. */
export function getProviderSchemaBytes(server: ProviderServer<unknown>): Uint8Array {
  let bytes = cache.get(server);
  if (!bytes) {
    bytes = encode("tfplugin6.GetProviderSchema.Response", getProviderSchemaResponse(server));
    cache.set(server, bytes);
  }
  return bytes;
}
