// The framework's default plan, which every resource gets before its own
// modifyPlan, following the rules Terraform enforces on a planned state:
// - configured values are planned exactly as configured;
// - a computed attribute the configuration leaves null is planned unknown
//   when there is no prior value for it (create, or a new nested element),
//   and keeps its prior value otherwise (Terraform's proposal carries it);
// - attributes marked as forcing replacement are reported when they change;
// - a destroy (null proposal) plans null.
import type { CompiledAttribute, CompiledObject } from "../schema/compiled.js";
import { valuesEqual } from "../wire/equal.js";
import { cloneValue, ctyObject, isCtyObject, UNKNOWN, type CtyObject, type CtyValue } from "../wire/value.js";
import { formatPath, type AttributePath, type PathStep } from "./path.js";

function fillAttribute(attr: CompiledAttribute, config: CtyValue, proposed: CtyValue, prior: CtyValue | undefined): CtyValue {
  if (attr.computed && config === null) return prior === undefined ? UNKNOWN : proposed;
  if (!attr.nested || !isKnownContainer(proposed)) return proposed;
  const object = attr.nested.object;
  const nesting = attr.nested.nesting;
  if (nesting === "single") {
    return fillObject(object, asObject(config), proposed as CtyObject, prior === undefined ? undefined : asObject(prior));
  }
  if (nesting === "list" || nesting === "set") {
    const cfg = Array.isArray(config) ? config : [];
    // List elements correlate with prior ones by index; set elements have no identity to correlate by.
    const pri = nesting === "list" && Array.isArray(prior) ? prior : [];
    return (proposed as CtyValue[]).map((item, i) => {
      if (!isCtyObject(item)) return item;
      const p = pri[i];
      return fillObject(object, asObject(cfg[i] ?? null), item, p === undefined ? undefined : asObject(p));
    });
  }
  const cfg = isCtyObject(config) ? config : ctyObject();
  const pri = prior !== undefined && prior !== null && isCtyObject(prior) ? prior : ctyObject();
  const out = ctyObject();
  for (const [k, item] of Object.entries(proposed as CtyObject)) {
    const p = pri[k];
    out[k] = isCtyObject(item) ? fillObject(object, asObject(cfg[k] ?? null), item, p === undefined ? undefined : asObject(p)) : item;
  }
  return out;
}

function isKnownContainer(v: CtyValue): boolean {
  return Array.isArray(v) || isCtyObject(v);
}

function asObject(v: CtyValue): CtyObject | null {
  return v !== null && isCtyObject(v) ? v : null;
}

/**
 * Plans unknowns for computed attributes without a prior value. `prior` undefined
 * means no prior object at this level at all (so every unset computed attribute is unknown).
 */
export function fillObject(object: CompiledObject, config: CtyObject | null, proposed: CtyObject, prior: CtyObject | null | undefined): CtyObject {
  const out = ctyObject();
  for (const [name, value] of Object.entries(proposed)) out[name] = cloneValue(value);
  for (const [name, attr] of object.attributes) {
    // No prior object: nothing to keep. A prior object whose attribute is null keeps the null.
    const priorValue = prior === undefined || prior === null ? undefined : (prior[name] ?? null);
    out[name] = fillAttribute(attr, config?.[name] ?? null, proposed[name] ?? null, priorValue);
  }
  return out;
}

/** The default plan for a create or update. */
export function defaultPlan(block: CompiledObject, prior: CtyObject | null, proposed: CtyObject, config: CtyObject): CtyObject {
  return fillObject(block, config, proposed, prior === null ? undefined : prior);
}

/** Top-level attributes whose change forces replacement and whose value changes (or may change) in this plan. */
export function changedReplacePaths(block: CompiledObject, names: readonly string[], prior: CtyObject | null, planned: CtyObject): AttributePath[] {
  if (prior === null) return [];
  const out: AttributePath[] = [];
  for (const name of names) {
    const attr = block.attributes.get(name);
    if (!attr) continue;
    if (valuesEqual(attr.type, prior[name] ?? null, planned[name] ?? null) !== true) out.push([{ attribute: name } as PathStep]);
  }
  return out;
}

/** Adds a path once. */
export function addReplacePath(paths: AttributePath[], p: AttributePath): void {
  if (!paths.some((q) => formatPath(q) === formatPath(p))) paths.push(p);
}
