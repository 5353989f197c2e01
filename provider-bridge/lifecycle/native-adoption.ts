// Adoption by native id (ADR 0133): the apply after `terraform import
// ...#NATIVE_ID` (or an import block with one) calls the host's import route,
// which records the claim on the resource (decision 0011). A resource the host
// already has is imported under the generation fence and its uid
// (metadata.uid); an object the host has no resource for is imported with
// If-None-Match: *. The resource keeps the exact ref recorded in its state.
// On success the native id leaves private state; on failure it stays, so the
// next apply tries again.
import type { ProviderConfig } from "../config/provider-config.js";
import { attemptOf } from "../framework/attempt.js";
import { warningDiag, type Diagnostic } from "../framework/diagnostics.js";
import type { ApplyRequest, ApplyResult, ResourceContext } from "../framework/resource.js";
import { connect, requestBody, stringAttr, subjectOf, type Lifecycle } from "./context.js";
import { recordedGeneration } from "../state/recorded.js";
import type { Address } from "./host-api.js";
import { hostFailure, identityText } from "./host-diagnostics.js";
import { settle } from "./outcome.js";
import { uploadPlannedSource } from "./artifact-plan.js";
import { appliedState, pendingState } from "./applied-state.js";

export async function adoptNative(lc: Lifecycle, req: ApplyRequest, ctx: ResourceContext<ProviderConfig>, a: Address, nativeId: string): Promise<ApplyResult> {
  const uid = stringAttr(req.prior, "uid");
  const generation = recordedGeneration(req.prior);
  const existing = uid !== undefined && generation !== undefined;
  const fence = existing ? `Takoform-Expected-Generation: ${generation} with metadata.uid ${uid}` : "If-None-Match: * (new adoption)";
  const subject = subjectOf(lc, a, `${fence}, nativeId ${JSON.stringify(nativeId)}`, uid);
  const conn = await connect(ctx);
  if ("error" in conn) return { diagnostics: [conn.error] };
  if (!existing) {
    const failed = await uploadPlannedSource(lc.model, req.planned, conn.api, ctx);
    if (failed) return { diagnostics: [failed] };
  }
  const body = requestBody(lc, a, req.planned) as { metadata: Record<string, unknown> } & Record<string, unknown>;
  if (existing) body.metadata = { ...body.metadata, uid };
  const headers: Record<string, string> = existing ? { "takoform-expected-generation": generation } : { "if-none-match": "*" };
  try {
    const res = await conn.api.adopt(a, { ...body, nativeId }, headers, attemptOf(req.plannedPrivate));
    const outcome = await settle(conn.api, res, a, uid);
    if (outcome.kind === "pending") {
      const d: Diagnostic = warningDiag(
        `${lc.model.kind} "${a.name}" is still being adopted`,
        `${identityText(subject)}: the host accepted the import as operation ${outcome.operationId}. Its id is saved as pending_operation_id; the next plan or apply follows it.`,
      );
      return { state: pendingState(req.planned, a, outcome.operationId), private: {}, diagnostics: [d] };
    }
    if (outcome.kind === "deleted") throw new Error("the host reported a deletion for an import");
    return { state: appliedState(lc, req.planned, outcome.rep), private: {}, diagnostics: [] };
  } catch (err) {
    return { diagnostics: [hostFailure("import", subject, err, lc.model.attributes)] };
  }
}
