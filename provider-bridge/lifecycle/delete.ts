// Delete: addressed through the recorded exact FormRef, with the generation
// fence and the Idempotency-Key of its attempt (ADR 0160); a 202 is followed to its end.
// A resource that is already gone is not an error: that is what was asked.
import type { ProviderConfig } from "../config/provider-config.js";
import { HostError } from "../client/errors.js";
import { errorDiag, type Diagnostic } from "../framework/diagnostics.js";
import type { PrivateState, ResourceContext } from "../framework/resource.js";
import { attemptOf } from "../framework/attempt.js";
import { dispatchRef } from "../model/plan-rules.js";
import type { CtyObject } from "../wire/value.js";
import { addressOf, connect, stringAttr, subjectOf, type Lifecycle } from "./context.js";
import { recordedGeneration } from "../state/recorded.js";
import { hostFailure, identityText } from "./host-diagnostics.js";
import { settle } from "./outcome.js";

export async function deleteResource(
  lc: Lifecycle,
  prior: CtyObject,
  priv: PrivateState | undefined,
  ctx: ResourceContext<ProviderConfig>,
): Promise<{ private?: PrivateState; diagnostics: Diagnostic[] }> {
  const dispatch = dispatchRef(lc.model, prior);
  if ("error" in dispatch) return { diagnostics: [dispatch.error] };
  const a = addressOf(dispatch.ref, prior, ctx.provider);
  const generation = recordedGeneration(prior);
  const uid = stringAttr(prior, "uid");
  const fence = `Takoform-Expected-Generation: ${generation ?? "(none)"}`;
  const subject = subjectOf(lc, a, fence, uid);
  if (!generation) {
    // Nothing was ever confirmed (an interrupted create): only a pending operation could exist.
    if (!stringAttr(prior, "pending_operation_id")) return { diagnostics: [] };
    return {
      diagnostics: [
        errorDiag(
          `Cannot delete ${lc.model.kind} "${a.name}" yet`,
          `${identityText(subject)}: its create is still pending; run \`terraform apply -refresh-only\` to resume it, then destroy.`,
        ),
      ],
    };
  }
  const conn = await connect(ctx);
  if ("error" in conn) return { diagnostics: [conn.error] };
  try {
    const res = await conn.api.remove(a, { "takoform-expected-generation": generation }, { attempt: attemptOf(priv), incarnation: uid });
    const outcome = await settle(conn.api, res, a, uid);
    if (outcome.kind === "pending") {
      // Still running: the attempt stays open, so the next destroy follows the same deletion.
      return {
        private: priv,
        diagnostics: [
          errorDiag(
            `Delete of ${lc.model.kind} "${a.name}" has not finished`,
            `${identityText(subject)}; sent ${fence}. The host accepted the deletion as operation ${outcome.operationId}; run destroy again to follow it.`,
          ),
        ],
      };
    }
    return { diagnostics: [] };
  } catch (err) {
    if (err instanceof HostError && err.code === "resource_not_found") return { diagnostics: [] };
    return { diagnostics: [hostFailure("delete", subject, err, lc.model.attributes)] };
  }
}
