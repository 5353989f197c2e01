// UpgradeResourceState: called for every instance in state in every refresh,
// plan, apply and destroy, even when the version is unchanged. The answer is
// always the whole object under the current schema: an empty answer would be
// read as "no object" and the resource created a second time.
import { diagnosticsToProto, errorDiag, hasErrors, type Diagnostic } from "../framework/diagnostics.js";
import type { Writable } from "../proto/codec.js";
import type { UpgradeResourceState_Request, UpgradeResourceState_Response } from "../proto/types.js";
import { normalizeObject } from "../schema/normalize.js";
import { decodeJsonValue } from "../wire/json-value.js";
import { isCtyObject, type CtyObject } from "../wire/value.js";
import type { ProviderServer } from "./provider-server.js";
import { encodeObject, requireKnown } from "./values.js";

export async function upgradeResourceState(
  server: ProviderServer<unknown>,
  req: UpgradeResourceState_Request,
): Promise<Writable<UpgradeResourceState_Response>> {
  const served = server.resource(req.type_name);
  if ("error" in served) return { diagnostics: diagnosticsToProto([served.error]) };
  const raw = req.raw_state;
  const fail = (d: Diagnostic): Writable<UpgradeResourceState_Response> => ({ diagnostics: diagnosticsToProto([d]) });
  if (!raw || raw.json.length === 0) {
    if (raw && Object.keys(raw.flatmap).length > 0) {
      return fail(
        errorDiag(
          "Unsupported state format",
          `The state of this ${req.type_name} is in the flat format of Terraform 0.11, which this provider never wrote. Remove the resource from state and import it.`,
        ),
      );
    }
    return fail(errorDiag("Missing state", `Terraform sent no stored state for this ${req.type_name}.`));
  }
  const current = served.schema.version;
  if (req.version > current) {
    return fail(
      errorDiag(
        "State written by a newer provider",
        `This ${req.type_name} was stored with schema version ${req.version}; this provider knows version ${current}. Use the takoform provider version that wrote the state.`,
      ),
    );
  }
  let state: CtyObject;
  const diagnostics: Diagnostic[] = [];
  if (req.version < current && served.resource.upgradeState) {
    const result = await served.resource.upgradeState(req.version, raw.json, server.context());
    diagnostics.push(...result.diagnostics);
    if (hasErrors(result.diagnostics) || !result.state) return { diagnostics: diagnosticsToProto(diagnostics) };
    state = result.state;
  } else {
    try {
      const v = decodeJsonValue(served.schema.block.type, raw.json);
      if (v === null || !isCtyObject(v)) return fail(errorDiag("Invalid stored state", `The stored state of this ${req.type_name} is not an object.`));
      state = v;
    } catch (err) {
      return fail(
        errorDiag("Invalid stored state", `The stored state of this ${req.type_name} does not fit schema version ${current}: ${(err as Error).message}`),
      );
    }
  }
  const upgraded = normalizeObject(served.schema.block, state);
  requireKnown(upgraded, "upgraded state");
  return { upgraded_state: encodeObject(served.schema, upgraded, "upgraded state"), diagnostics: diagnosticsToProto(diagnostics) };
}
