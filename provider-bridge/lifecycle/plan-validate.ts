// Plan-time checks against the host, for a plan that changes something:
// first host capability (the support profile, capability.ts; reference
// decision 0031), then the host's validate (never prepare) of the desired spec
// under the exact ref the plan addresses; each host diagnostic becomes a
// diagnostic at the attribute its field names. validate is skipped while any
// desired value is unknown; both are skipped while the provider is not configured.
import type { ProviderConfig } from "../config/provider-config.js";
import { errorDiag, hasErrors, warningDiag, type Diagnostic } from "../framework/diagnostics.js";
import type { ResourceContext } from "../framework/resource.js";
import type { ExactFormRef } from "../model/types.js";
import type { Unverified, ValidateResponse } from "../client/wire-types.js";
import { isWhollyKnown, type CtyObject } from "../wire/value.js";
import { checkHostCapability } from "./capability.js";
import { addressOf, connect, requestBody, subjectOf, type Lifecycle } from "./context.js";
import { hostFailure, identityText, pathForPointer } from "./host-diagnostics.js";

export async function validateOnHost(lc: Lifecycle, ref: ExactFormRef, planned: CtyObject, ctx: ResourceContext<ProviderConfig>): Promise<Diagnostic[]> {
  if (!ctx.provider) return [];
  const capability = await checkHostCapability(lc, ref, planned, ctx);
  if (hasErrors(capability)) return capability;
  return [...capability, ...(await validateDesired(lc, ref, planned, ctx))];
}

async function validateDesired(lc: Lifecycle, ref: ExactFormRef, planned: CtyObject, ctx: ResourceContext<ProviderConfig>): Promise<Diagnostic[]> {
  if (!isWhollyKnown(planned["name"] ?? null)) return [];
  if (!lc.model.attributes.every((attr) => isWhollyKnown(planned[attr.name] ?? null))) return [];
  const space = planned["space"];
  const a = addressOf(ref, { ...planned, space: typeof space === "string" ? space : null }, ctx.provider);
  const conn = await connect(ctx);
  if ("error" in conn) return [conn.error];
  let answer: Unverified<ValidateResponse> | undefined;
  try {
    answer = (await conn.api.validate(requestBody(lc, a, planned))).body;
  } catch (err) {
    return [hostFailure("validate", subjectOf(lc, a, "validate (no fence)"), err, lc.model.attributes)];
  }
  const who = identityText(subjectOf(lc, a, ""));
  return (answer?.diagnostics ?? []).map((d) => {
    const field = typeof d.field === "string" ? d.field : undefined;
    const summary = `The host refuses this ${lc.model.kind}${field ? ` at ${field}` : ""}`;
    const detail = `${who}; sent validate (no fence; nothing is stored at plan).\nThe host's validate answered: ${String(d.message ?? "")}\n\nApply would refuse this with invalid_argument. Fix the value the message names, then plan again.`;
    const p = pathForPointer(lc.model.attributes, field);
    return d.severity === "warning" ? warningDiag(summary, detail, p) : errorDiag(summary, detail, p);
  });
}
