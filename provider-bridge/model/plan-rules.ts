// Plan adjustments every takoform_* resource shares:
// - declared defaults are planned for optional+computed attributes the author omits;
// - name and space, attributes codegen marks requiresReplace, every desired
//   attribute of a revision-role Form and of a Form without update force replacement;
// - an update plans the values the host may change (ready, status_json, the
//   outputs) as unknown; the others keep their state (ADR 0286);
// - the exact FormRef: new resources are created under the kind's default ref,
//   existing ones are addressed through the ref recorded in their state, and a
//   recorded ref the provider does not support fails closed;
// - an import by native id plans the apply that claims it (ADR 0133).
import { errorDiag, type Diagnostic } from "../framework/diagnostics.js";
import { pendingAdoption, recordedRef, sameRef } from "../state/recorded.js";
import { addReplacePath, changedReplacePaths } from "../framework/plan.js";
import type { PlanDraft, PlanRequest } from "../framework/resource.js";
import type { CompiledObject } from "../schema/compiled.js";
import { valuesEqual } from "../wire/equal.js";
import { valueFromPlain } from "../wire/json-value.js";
import { isCtyObject, Unknown, UNKNOWN, type CtyObject, type CtyValue } from "../wire/value.js";
import { COMMON_REPLACE_ATTRIBUTES, VOLATILE_COMPUTED_ATTRIBUTES, type AttributeModel, type ExactFormRef, type ResourceModel } from "./types.js";

function applyDefaults(attributes: readonly AttributeModel[], object: CompiledObject, planned: CtyObject, config: CtyObject | null): void {
  for (const attr of attributes) {
    const compiled = object.attributes.get(attr.name);
    if (!compiled) continue;
    const configured = config?.[attr.name] ?? null;
    if (attr.default !== undefined && compiled.computed && configured === null) {
      planned[attr.name] = valueFromPlain(compiled.type, attr.default, attr.name);
      continue;
    }
    const value = planned[attr.name] ?? null;
    if (!attr.nested || !compiled.nested || value === null || value instanceof Unknown) continue;
    const inner = compiled.nested.object;
    const visit = (item: CtyValue, cfg: CtyValue | undefined): void => {
      if (item !== null && isCtyObject(item))
        applyDefaults(attr.nested!.attributes, inner, item, cfg !== undefined && cfg !== null && isCtyObject(cfg) ? cfg : null);
    };
    if (compiled.nested.nesting === "single") visit(value, configured);
    else if (Array.isArray(value)) value.forEach((item, i) => visit(item, Array.isArray(configured) ? configured[i] : undefined));
    else if (isCtyObject(value)) for (const [k, item] of Object.entries(value)) visit(item, isCtyObject(configured) ? configured[k] : undefined);
  }
}

function formatRef(r: ExactFormRef): string {
  // recordedRef's reading of text that names no ref: say what the state holds.
  if (r.kind === "")
    return r.apiVersion === ""
      ? "a contract status_json does not record (it holds no readable form_ref)"
      : `a contract status_json does not name (form_ref ${JSON.stringify(r.apiVersion)})`;
  return `${r.apiVersion} ${r.kind} ${r.definitionVersion} (${r.schemaDigest})`;
}

/** The ref an existing resource is addressed through, or a diagnostic when this provider cannot. */
export function dispatchRef(model: ResourceModel, prior: CtyObject | null): { ref: ExactFormRef } | { error: Diagnostic } {
  if (prior === null) return { ref: model.defaultRef };
  const recorded = recordedRef(prior);
  if (!recorded) return { ref: model.defaultRef };
  if (model.supportedRefs.some((r) => sameRef(r, recorded))) return { ref: recorded };
  return {
    error: errorDiag(
      "Unsupported recorded Form contract",
      `${model.typeName} "${String(prior["space"] ?? "")}/${String(prior["name"] ?? "")}" (uid ${String(prior["uid"] ?? "unknown")}) was created under ${formatRef(recorded)}, which this version of the takoform provider does not support ` +
        `(it supports ${model.supportedRefs.map((r) => r.definitionVersion).join(", ")}); sent nothing: the provider refuses before any request, so there is no host code. ` +
        `The provider never moves a resource to another contract on its own. Use a provider version that supports this exact ref, or migrate the resource explicitly.`,
      [{ attribute: "status_json" }],
    ),
  };
}

export function modifyModelPlan(model: ResourceModel, block: CompiledObject, req: PlanRequest, draft: PlanDraft): Diagnostic[] {
  const dispatch = dispatchRef(model, req.prior);
  if ("error" in dispatch) return [dispatch.error];
  applyDefaults(model.attributes, block, draft.planned, req.config);
  if (req.prior === null) return [];
  const capabilities = model.capabilities[dispatch.ref.definitionVersion] ?? [];
  const everythingReplaces = model.role === "revision" || !capabilities.includes("update");
  const replaceNames = [
    ...COMMON_REPLACE_ATTRIBUTES,
    ...model.attributes.filter((a) => a.requiresReplace || (everythingReplaces && !(a.computed && !a.optional))).map((a) => a.name),
  ];
  for (const p of changedReplacePaths(block, replaceNames, req.prior, draft.planned)) addReplacePath(draft.requiresReplace, p);

  const adopting = pendingAdoption(req.priorPrivate) !== undefined;
  if (adopting) {
    // An import by native id (ADR 0133): the apply claims it through the host's import route,
    // so an update is planned even when nothing else changes; a placeholder (no uid: the host has
    // no resource yet) is adopted, never replaced, and gets its uid from that apply.
    if (req.prior["uid"] === null || req.prior["uid"] === undefined) {
      draft.requiresReplace.length = 0;
      if (block.attributes.has("uid")) draft.planned["uid"] = UNKNOWN;
    }
  }
  const changed =
    adopting ||
    model.attributes.some((a) => {
      const compiled = block.attributes.get(a.name);
      return compiled !== undefined && valuesEqual(compiled.type, req.prior![a.name] ?? null, draft.planned[a.name] ?? null) !== true;
    });
  if (changed) {
    for (const name of [...VOLATILE_COMPUTED_ATTRIBUTES, ...model.outputs.map((o) => o.name)]) {
      const compiled = block.attributes.get(name);
      if (compiled && compiled.computed && (req.config[name] ?? null) === null) draft.planned[name] = UNKNOWN;
    }
  }
  return [];
}
