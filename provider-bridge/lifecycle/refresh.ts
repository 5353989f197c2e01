// Read (refresh): a pending operation recorded in state is consulted first
// (while it runs, resource_not_found means "not yet"); a terminal success is
// verified against the exact identity and adopted, an expired record falls
// back to an exact read. Then the exact read under the recorded FormRef: gone
// -> removed from state; another uid -> an error that keeps the resource;
// relation drift -> a warning.
import type { ProviderConfig } from "../config/provider-config.js";
import { HostError } from "../client/errors.js";
import { OperationTimeout } from "../client/operations.js";
import { errorDiag, warningDiag, type Diagnostic } from "../framework/diagnostics.js";
import type { ReadResult, ResourceContext } from "../framework/resource.js";
import { dispatchRef } from "../model/plan-rules.js";
import { valuesEqual } from "../wire/equal.js";
import { valueFromPlain } from "../wire/json-value.js";
import type { CtyObject } from "../wire/value.js";
import { addressOf, connect, stringAttr, subjectOf, type Lifecycle } from "./context.js";
import { driftOf, driftWarnings } from "./drift.js";
import type { Address, HostApi } from "./host-api.js";
import { hostFailure, identityText } from "./host-diagnostics.js";
import { terminalOutcome } from "./outcome.js";
import { SOURCE_DIR } from "./artifact-plan.js";
import { keepAuthorSpelling } from "./canonical-spelling.js";
import { parseRepresentation, stateFromRepresentation, type Representation } from "./representation.js";

type Pending = { rep: Representation } | { unfinished: Diagnostic } | { settled: Diagnostic[] };

async function resolvePending(lc: Lifecycle, api: HostApi, a: Address, id: string): Promise<Pending> {
  const subject = subjectOf(lc, a, `operation ${id}`);
  try {
    const op = await api.operation(id);
    const outcome = terminalOutcome(op, a);
    if (outcome.kind === "resource") return { rep: outcome.rep };
    return { settled: [] };
  } catch (err) {
    if (err instanceof HostError && err.code === "operation_not_found") return { settled: [] };
    if (err instanceof HostError && err.status === 0) {
      return {
        settled: [
          warningDiag(
            `The pending operation of ${lc.model.kind} "${a.name}" failed`,
            `${identityText(subject)}: operation ${id} ended ${err.code}: ${err.message}. The resource is read as it is now.`,
          ),
        ],
      };
    }
    if (err instanceof HostError) return { unfinished: hostFailure("read", subject, err, lc.model.attributes) };
    const why = err instanceof OperationTimeout ? err.message : `the provider was interrupted (${(err as Error).message})`;
    return {
      unfinished: warningDiag(
        `${lc.model.kind} "${a.name}" is still being applied`,
        `${identityText(subject)}: ${why}. pending_operation_id stays in state; run plan or apply again to resume.`,
      ),
    };
  }
}

/** Optional attributes the author left null stay null when the host only materialized their default. */
function keepOmittedDefaults(lc: Lifecycle, prior: CtyObject, next: CtyObject): void {
  for (const attr of lc.model.attributes) {
    const compiled = lc.block.attributes.get(attr.name);
    if (!compiled || compiled.computed || attr.default === undefined || (prior[attr.name] ?? null) !== null) continue;
    if (valuesEqual(compiled.type, next[attr.name] ?? null, valueFromPlain(compiled.type, attr.default)) === true) next[attr.name] = null;
  }
}

export async function readResource(lc: Lifecycle, state: CtyObject, ctx: ResourceContext<ProviderConfig>): Promise<ReadResult> {
  const dispatch = dispatchRef(lc.model, state);
  if ("error" in dispatch) return { state, diagnostics: [dispatch.error] };
  const a = addressOf(dispatch.ref, state, ctx.provider);
  const uid = stringAttr(state, "uid");
  const conn = await connect(ctx);
  if ("error" in conn) return { state, diagnostics: [conn.error] };
  const diagnostics: Diagnostic[] = [];
  let rep: Representation | undefined;
  const pendingId = stringAttr(state, "pending_operation_id");
  if (pendingId) {
    const p = await resolvePending(lc, conn.api, a, pendingId);
    if ("unfinished" in p) return { state, diagnostics: [p.unfinished] };
    if ("rep" in p) rep = p.rep;
    else diagnostics.push(...p.settled);
  }
  const subject = subjectOf(lc, a, uid ? `exact read (state uid ${uid})` : "exact read", uid);
  if (!rep) {
    try {
      rep = parseRepresentation((await conn.api.read(a)).body);
    } catch (err) {
      if (err instanceof HostError && err.code === "resource_not_found") {
        // No uid and no operation: an import by native id the next apply adopts (ADR 0133).
        return { state: uid === undefined && !pendingId ? state : null, diagnostics };
      }
      return { state, diagnostics: [...diagnostics, hostFailure("read", subject, err, lc.model.attributes)] };
    }
  }
  if (uid && rep.uid !== uid) {
    return {
      state,
      diagnostics: [
        errorDiag(
          `${lc.model.kind} "${a.name}" is another incarnation`,
          `${identityText(subject)}: the host now holds uid ${rep.uid} under this name. The object Terraform created was deleted and re-created outside Terraform. ` +
            "Remove it from state (`terraform state rm`) and import the new one, or taint it to replace it; the provider never adopts another incarnation silently.",
        ),
      ],
    };
  }
  let next: CtyObject;
  try {
    next = stateFromRepresentation(lc.model, lc.block, rep);
  } catch (err) {
    return { state, diagnostics: [...diagnostics, hostFailure("read", subject, err, lc.model.attributes)] };
  }
  keepOmittedDefaults(lc, state, next);
  keepAuthorSpelling(lc, state, next);
  if (SOURCE_DIR in state) next[SOURCE_DIR] = state[SOURCE_DIR] ?? null;
  const capabilities = lc.model.capabilities[a.ref.definitionVersion] ?? [];
  diagnostics.push(
    ...driftWarnings(identityText(subjectOf(lc, a, "", rep.uid)), driftOf(next), lc.model.role !== "revision" && capabilities.includes("update")),
  );
  return { state: next, diagnostics };
}
