// GetMetadata: resource type names and capabilities without schemas. Terraform
// 1.11 never calls it; OpenTofu and plugin multiplexers may.
import type { Writable } from "../proto/codec.js";
import type { GetMetadata_Response } from "../proto/types.js";
import { diagnosticsToProto } from "../framework/diagnostics.js";
import type { ProviderServer } from "./provider-server.js";
import { serverCapabilities } from "./server-capabilities.js";

export function getMetadata(server: ProviderServer<unknown>): Writable<GetMetadata_Response> {
  return {
    server_capabilities: serverCapabilities(),
    diagnostics: diagnosticsToProto(server.schemaProblems),
    resources: [...server.resources.keys()].sort().map((type_name) => ({ type_name })),
    data_sources: [],
    functions: [],
    ephemeral_resources: [],
  };
}
