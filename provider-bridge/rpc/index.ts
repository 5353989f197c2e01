// The tfplugin6.Provider method table: decode each request, run its handler
// (one file per RPC), encode the response. Failures inside a handler become
// error diagnostics in the response, never a raw gRPC error, and calls that
// carry state keep Terraform's copy when they fail.
import { GrpcError, Status } from "../grpc/status.js";
import type { UnaryHandler } from "../grpc/server.js";
import { decode, encode, type MessageName, type Writable } from "../proto/codec.js";
import type { MessageTypes } from "../proto/types.js";
import { diagnosticToProto, internalErrorDiag } from "../framework/diagnostics.js";
import { log } from "../plugin/log.js";
import { applyResourceChange } from "./apply-resource-change.js";
import { configureProvider } from "./configure-provider.js";
import { getMetadata } from "./get-metadata.js";
import { getProviderSchemaBytes } from "./get-provider-schema.js";
import { importResourceState } from "./import-resource-state.js";
import { planResourceChange } from "./plan-resource-change.js";
import type { ProviderServer } from "./provider-server.js";
import { readResource } from "./read-resource.js";
import { stopProvider } from "./stop-provider.js";
import * as unsupported from "./unsupported.js";
import { upgradeResourceState } from "./upgrade-resource-state.js";
import { validateProviderConfig } from "./validate-provider-config.js";
import { validateResourceConfig } from "./validate-resource-config.js";
import { ValueError } from "./values.js";

const PREFIX = "/tfplugin6.Provider/";

type Handler<Q extends MessageName, R extends MessageName> = (req: MessageTypes[Q]) => Writable<MessageTypes[R]> | Promise<Writable<MessageTypes[R]>>;

export function providerHandlers(server: ProviderServer<unknown>): Map<string, UnaryHandler> {
  const table = new Map<string, UnaryHandler>();

  function add<Q extends MessageName, R extends MessageName>(
    method: string,
    request: Q,
    response: R,
    handler: Handler<Q, R>,
    keepOnError?: (req: MessageTypes[Q]) => Writable<MessageTypes[R]>,
  ): void {
    table.set(PREFIX + method, async (bytes) => {
      let req: MessageTypes[Q];
      try {
        req = decode(request, bytes);
      } catch (err) {
        throw new GrpcError(Status.INVALID_ARGUMENT, `${method}: malformed request: ${(err as Error).message}`);
      }
      try {
        return encode(response, await handler(req));
      } catch (err) {
        const diag = err instanceof ValueError ? err.diagnostic : internalErrorDiag(method, err);
        log("error", `${method} failed`, { error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
        const base = (keepOnError?.(req) ?? {}) as Record<string, unknown>;
        return encode(response, { ...base, diagnostics: [diagnosticToProto(diag)] } as Writable<MessageTypes[R]>);
      }
    });
  }

  table.set(PREFIX + "GetProviderSchema", () => getProviderSchemaBytes(server));
  add("GetMetadata", "tfplugin6.GetMetadata.Request", "tfplugin6.GetMetadata.Response", () => getMetadata(server));
  add("ValidateProviderConfig", "tfplugin6.ValidateProviderConfig.Request", "tfplugin6.ValidateProviderConfig.Response", (r) =>
    validateProviderConfig(server, r),
  );
  add("ConfigureProvider", "tfplugin6.ConfigureProvider.Request", "tfplugin6.ConfigureProvider.Response", (r) => configureProvider(server, r));
  add("ValidateResourceConfig", "tfplugin6.ValidateResourceConfig.Request", "tfplugin6.ValidateResourceConfig.Response", (r) =>
    validateResourceConfig(server, r),
  );
  add("UpgradeResourceState", "tfplugin6.UpgradeResourceState.Request", "tfplugin6.UpgradeResourceState.Response", (r) => upgradeResourceState(server, r));
  add(
    "ReadResource",
    "tfplugin6.ReadResource.Request",
    "tfplugin6.ReadResource.Response",
    (r) => readResource(server, r),
    (r) => ({
      new_state: r.current_state,
      private: r.private,
    }),
  );
  add("PlanResourceChange", "tfplugin6.PlanResourceChange.Request", "tfplugin6.PlanResourceChange.Response", (r) => planResourceChange(server, r));
  add(
    "ApplyResourceChange",
    "tfplugin6.ApplyResourceChange.Request",
    "tfplugin6.ApplyResourceChange.Response",
    (r) => applyResourceChange(server, r),
    (r) => ({
      new_state: r.prior_state,
      private: r.planned_private,
    }),
  );
  add("ImportResourceState", "tfplugin6.ImportResourceState.Request", "tfplugin6.ImportResourceState.Response", (r) => importResourceState(server, r));
  add("MoveResourceState", "tfplugin6.MoveResourceState.Request", "tfplugin6.MoveResourceState.Response", unsupported.moveResourceState);
  add(
    "ValidateDataResourceConfig",
    "tfplugin6.ValidateDataResourceConfig.Request",
    "tfplugin6.ValidateDataResourceConfig.Response",
    unsupported.validateDataResourceConfig,
  );
  add("ReadDataSource", "tfplugin6.ReadDataSource.Request", "tfplugin6.ReadDataSource.Response", unsupported.readDataSource);
  add(
    "ValidateEphemeralResourceConfig",
    "tfplugin6.ValidateEphemeralResourceConfig.Request",
    "tfplugin6.ValidateEphemeralResourceConfig.Response",
    unsupported.validateEphemeralResourceConfig,
  );
  add("OpenEphemeralResource", "tfplugin6.OpenEphemeralResource.Request", "tfplugin6.OpenEphemeralResource.Response", unsupported.openEphemeralResource);
  add("RenewEphemeralResource", "tfplugin6.RenewEphemeralResource.Request", "tfplugin6.RenewEphemeralResource.Response", unsupported.renewEphemeralResource);
  add("CloseEphemeralResource", "tfplugin6.CloseEphemeralResource.Request", "tfplugin6.CloseEphemeralResource.Response", unsupported.closeEphemeralResource);
  add("GetFunctions", "tfplugin6.GetFunctions.Request", "tfplugin6.GetFunctions.Response", unsupported.getFunctions);
  table.set(PREFIX + "CallFunction", (bytes) =>
    encode("tfplugin6.CallFunction.Response", unsupported.callFunction(decode("tfplugin6.CallFunction.Request", bytes))),
  );
  table.set(PREFIX + "StopProvider", () => encode("tfplugin6.StopProvider.Response", stopProvider(server)));
  return table;
}
