// Create and update: prepare, then apply with review.prepareDigest and a
// Idempotency-Key of the change's attempt (ADR 0160); If-None-Match: * on create, the generation
// fence and expectedUid on update. The resource is addressed through the
// exact FormRef planned (create: the model's default) or recorded (update).
// An accepted (202) mutation that is interrupted or runs out of time leaves
// pending_operation_id in state for the next refresh to resume.
import type { ProviderConfig } from "../config/provider-config.js";
import { errorDiag, warningDiag, type Diagnostic } from "../framework/diagnostics.js";
import type { ApplyRequest, ApplyResult, ResourceContext } from "../framework/resource.js";
import { attemptOf } from "../framework/attempt.js";
import { dispatchRef } from "../model/plan-rules.js";
import { pendingAdoption, recordedGeneration, recordedRef } from "../state/recorded.js";
import { isWhollyKnown, type CtyObject } from "../wire/value.js";
import { addressOf, connect, requestBody, stringAttr, subjectOf, withoutUnknowns, type Lifecycle } from "./context.js";
import type { Address } from "./host-api.js";
import { hostFailure, identityText } from "./host-diagnostics.js";
import { findLostCreate, lostCreateDiag, mayBeHeldName } from "./lost-create.js";
import { settle } from "./outcome.js";
import { SOURCE_DIR, uploadPlannedSource } from "./artifact-plan.js";
import { specFromState } from "./spec-mapping.js";
import { appliedState, pendingState } from "./applied-state.js";
import { adoptNative } from "./native-adoption.js";
import { OperationTimeout } from "../client/operations.js";

function pendingDiag(lc: Lifecycle, a: Address, fence: string, operationId: string, cause: unknown): Diagnostic {
  const interrupted = !(cause instanceof OperationTimeout);
  const text =
    `${identityText(subjectOf(lc, a, fence))}; sent ${fence}. The host accepted the change as operation ${operationId}, which had not finished when the provider ${interrupted ? "was interrupted" : "stopped waiting (operation_timeout)"}. ` +
    "Its id is saved as pending_operation_id; the next plan or apply consults it before reading the resource, so nothing is created twice.";
  return interrupted
    ? warningDiag(`${lc.model.kind} "${a.name}" is still being applied`, text)
    : errorDiag(`${lc.model.kind} "${a.name}" did not finish in time`, text);
}

async function prepareAndApply(
  lc: Lifecycle,
  req: ApplyRequest,
  ctx: ResourceContext<ProviderConfig>,
  a: Address,
  update: { uid: string; generation: string } | undefined,
): Promise<ApplyResult> {
  const fence = update ? `Takoform-Expected-Generation: ${update.generation} with expectedUid ${update.uid}` : "If-None-Match: * (create)";
  const subject = subjectOf(lc, a, fence, update?.uid);
  const op = update ? "update" : "create";
  const conn = await connect(ctx);
  if ("error" in conn) return { diagnostics: [conn.error] };
  const body = requestBody(lc, a, req.planned);
  if (!update) {
    const failed = await uploadPlannedSource(lc.model, req.planned, conn.api, ctx);
    if (failed) return { diagnostics: [failed] };
  }
  try {
    const prepared = await conn.api.prepare(body, update?.generation);
    const digest = prepared.body?.review?.prepareDigest;
    if (typeof digest !== "string") throw new Error("prepare answered without review.prepareDigest");
    const applyBody: Record<string, unknown> = { ...body, review: { prepareDigest: digest } };
    if (update) applyBody["expectedUid"] = update.uid;
    const headers: Record<string, string> = update ? { "takoform-expected-generation": update.generation } : { "if-none-match": "*" };
    const res = await conn.api.apply(a, applyBody, headers, attemptOf(req.plannedPrivate));
    const outcome = await settle(conn.api, res, a, update?.uid);
    // Pending: the attempt stays open in private state, so the next run resumes with its keys.
    if (outcome.kind === "pending")
      return {
        state: pendingState(req.planned, a, outcome.operationId),
        private: req.plannedPrivate,
        diagnostics: [pendingDiag(lc, a, fence, outcome.operationId, outcome.cause)],
      };
    if (outcome.kind === "deleted") throw new Error("the host reported a deletion for an apply");
    return { state: appliedState(lc, req.planned, outcome.rep), diagnostics: [] };
  } catch (err) {
    const lost = !update && mayBeHeldName(err) ? await findLostCreate(lc, conn.api, a, req.planned) : undefined;
    if (lost) return { state: appliedState(lc, req.planned, lost), diagnostics: [lostCreateDiag(lc, subject, lost)] };
    return { diagnostics: [hostFailure(op, subject, err, lc.model.attributes)] };
  }
}

export async function createResource(lc: Lifecycle, req: ApplyRequest, ctx: ResourceContext<ProviderConfig>): Promise<ApplyResult> {
  const ref = recordedRef(req.planned) ?? lc.model.defaultRef;
  return prepareAndApply(lc, req, ctx, addressOf(ref, req.planned, ctx.provider), undefined);
}

export async function updateResource(lc: Lifecycle, req: ApplyRequest, ctx: ResourceContext<ProviderConfig>): Promise<ApplyResult> {
  const dispatch = dispatchRef(lc.model, req.prior);
  if ("error" in dispatch) return { diagnostics: [dispatch.error] };
  const prior = req.prior!;
  const uid = stringAttr(prior, "uid");
  const generation = recordedGeneration(prior);
  const a = addressOf(dispatch.ref, prior, ctx.provider);
  const nativeId = pendingAdoption(req.plannedPrivate);
  if (nativeId !== undefined) return adoptNative(lc, req, ctx, a, nativeId);
  if (lc.model.artifact && JSON.stringify(specFromState(lc.model.attributes, prior)) === JSON.stringify(specFromState(lc.model.attributes, req.planned))) {
    // Only source_dir moved (same files, same manifest): nothing to ask the host.
    const state = withoutUnknowns({ ...prior });
    state[SOURCE_DIR] = req.planned[SOURCE_DIR] ?? null;
    return { state, diagnostics: [] };
  }
  if (!uid || !generation) {
    return {
      diagnostics: [
        errorDiag(
          `Cannot update ${lc.model.kind} "${a.name}"`,
          `${identityText(subjectOf(lc, a, "nothing"))}: the state records no uid or generation, so no fence can be sent. Run \`terraform apply -refresh-only\` (or import the resource) first.`,
        ),
      ],
    };
  }
  return prepareAndApply(lc, req, ctx, a, { uid, generation });
}
