// RPCs for features this provider does not offer (data sources, ephemeral
// resources, functions, cross-type moves). Each answers with a clear error
// diagnostic rather than a gRPC failure Terraform would show raw.
import { diagnosticsToProto, errorDiag } from "../framework/diagnostics.js";

function none(what: string, name: string): ReturnType<typeof diagnosticsToProto> {
  return diagnosticsToProto([errorDiag(`Unknown ${what}`, `The takoform provider has no ${what} "${name}".`)]);
}

export const validateDataResourceConfig = (req: { type_name: string }) => ({ diagnostics: none("data source", req.type_name) });
export const readDataSource = (req: { type_name: string }) => ({ diagnostics: none("data source", req.type_name) });
export const validateEphemeralResourceConfig = (req: { type_name: string }) => ({ diagnostics: none("ephemeral resource type", req.type_name) });
export const openEphemeralResource = (req: { type_name: string }) => ({ diagnostics: none("ephemeral resource type", req.type_name) });
export const renewEphemeralResource = (req: { type_name: string }) => ({ diagnostics: none("ephemeral resource type", req.type_name) });
export const closeEphemeralResource = (req: { type_name: string }) => ({ diagnostics: none("ephemeral resource type", req.type_name) });
export const moveResourceState = (req: { source_type_name: string; target_type_name: string }) => ({
  diagnostics: diagnosticsToProto([
    errorDiag(
      "Moving state between resource types is not supported",
      `The takoform provider cannot move ${req.source_type_name} state into ${req.target_type_name}; a Terraform resource type names one Form kind for good.`,
    ),
  ]),
});
export const getFunctions = () => ({ functions: {}, diagnostics: [] });
export const callFunction = (req: { name: string }) => ({ error: { text: `The takoform provider has no function "${req.name}".` } });
