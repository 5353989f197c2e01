// The provider floor: a Terraform provider made of the takoform provider's transport and nothing
// else, so a Terraform figure can be read against what any provider built on it must cost. It
// meets Terraform exactly as the takoform provider does (servePlugin: go-plugin's handshake line,
// AutoMTLS with the pinned client certificate, node:http2 gRPC, the protobuf codec of
// provider-bridge/proto), and serves one resource type, `floor_value`, whose one required string
// `input` is its whole state: no validation, no host, no state conversion. Every call that
// carries a state passes Terraform's bytes back unchanged (UpgradeResourceState answers the
// stored JSON as JSON, which Terraform decodes itself).
//
// Built into one CommonJS file by bench/tools/provider-floor.ts and run through the same V8 code
// cache as the takoform provider's bundle (launch/code-cache.ts); no spares (ADR 0282, 0290):
// every provider process of a command is a cold node process.

import type { UnaryHandler } from "../../provider-bridge/grpc/server.js";
import { servePlugin } from "../../provider-bridge/plugin/serve.js";
import { decode, encode, type MessageName, type Writable } from "../../provider-bridge/proto/codec.js";
import type { MessageTypes } from "../../provider-bridge/proto/types.js";

export const FLOOR_TYPE = "floor_value";

const STRING_TYPE = new TextEncoder().encode('"string"');
const PREFIX = "/tfplugin6.Provider/";

function floorHandlers(): Map<string, UnaryHandler> {
  const table = new Map<string, UnaryHandler>();
  function add<Q extends MessageName, R extends MessageName>(
    method: string,
    request: Q,
    response: R,
    answer: (req: MessageTypes[Q]) => Writable<MessageTypes[R]>,
  ) {
    table.set(PREFIX + method, (bytes) => encode(response, answer(decode(request, bytes))));
  }
  const schema = encode("tfplugin6.GetProviderSchema.Response", {
    provider: { version: 0, block: {} },
    resource_schemas: {
      [FLOOR_TYPE]: { version: 0, block: { attributes: [{ name: "input", type: STRING_TYPE, required: true, description: "The value kept." }] } },
    },
    server_capabilities: { plan_destroy: false, get_provider_schema_optional: false, move_resource_state: false },
  });
  table.set(PREFIX + "GetProviderSchema", () => schema);
  add("GetMetadata", "tfplugin6.GetMetadata.Request", "tfplugin6.GetMetadata.Response", () => ({ resources: [{ type_name: FLOOR_TYPE }] }));
  add("ValidateProviderConfig", "tfplugin6.ValidateProviderConfig.Request", "tfplugin6.ValidateProviderConfig.Response", () => ({}));
  add("ConfigureProvider", "tfplugin6.ConfigureProvider.Request", "tfplugin6.ConfigureProvider.Response", () => ({}));
  add("ValidateResourceConfig", "tfplugin6.ValidateResourceConfig.Request", "tfplugin6.ValidateResourceConfig.Response", () => ({}));
  add("UpgradeResourceState", "tfplugin6.UpgradeResourceState.Request", "tfplugin6.UpgradeResourceState.Response", (req) => ({
    upgraded_state: { json: req.raw_state?.json ?? new Uint8Array(0) },
  }));
  add("ReadResource", "tfplugin6.ReadResource.Request", "tfplugin6.ReadResource.Response", (req) => ({
    new_state: req.current_state,
    private: req.private,
  }));
  add("PlanResourceChange", "tfplugin6.PlanResourceChange.Request", "tfplugin6.PlanResourceChange.Response", (req) => ({
    planned_state: req.proposed_new_state,
    planned_private: req.prior_private,
  }));
  add("ApplyResourceChange", "tfplugin6.ApplyResourceChange.Request", "tfplugin6.ApplyResourceChange.Response", (req) => ({
    new_state: req.planned_state,
    private: req.planned_private,
  }));
  add("StopProvider", "tfplugin6.StopProvider.Request", "tfplugin6.StopProvider.Response", () => ({}));
  return table;
}

void servePlugin(() => Promise.resolve(floorHandlers())).then((code) => {
  process.exitCode = code;
});
