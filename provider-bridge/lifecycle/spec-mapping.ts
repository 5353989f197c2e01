// Desired state between Terraform attributes and the wire spec: snake_case
// attribute names become the model's exact camelCase wire members, a
// reference attribute (a target's name) becomes {apiVersion, kind, name},
// and back. Nested attributes map recursively by their own models.
import type { CompiledObject } from "../schema/compiled.js";
import { valueFromPlain } from "../wire/json-value.js";
import { CtyDecimal, ctyObject, DynamicVal, isCtyObject, Unknown, type CtyObject, type CtyValue } from "../wire/value.js";
import type { AttributeModel } from "../model/types.js";

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** A known cty value as plain JSON (numbers as JS numbers). */
export function toPlain(v: CtyValue): Json {
  if (v === null) return null;
  if (v instanceof Unknown) throw new Error("an unknown value cannot be sent to the host");
  if (v instanceof DynamicVal) return toPlain(v.value);
  if (v instanceof CtyDecimal) return Number(v.text);
  if (typeof v === "bigint") return Number(v);
  if (typeof v === "string" || typeof v === "boolean" || typeof v === "number") return v;
  if (Array.isArray(v)) return v.map(toPlain);
  const out: { [k: string]: Json } = {};
  for (const [k, item] of Object.entries(v)) out[k] = toPlain(item);
  return out;
}

function referenceOut(attr: AttributeModel, v: CtyValue): Json {
  const ref = attr.reference!;
  const one = (name: CtyValue): Json => ({ apiVersion: ref.apiVersion, kind: ref.kind, name: toPlain(name) });
  return Array.isArray(v) ? v.map(one) : one(v);
}

function attributeOut(attr: AttributeModel, v: CtyValue): Json {
  if (attr.reference) return referenceOut(attr, v);
  const nested = attr.nested;
  if (!nested) return toPlain(v);
  const inner = (item: CtyValue): Json => (item !== null && isCtyObject(item) ? specFromState(nested.attributes, item) : null);
  if (nested.nesting === "single") return inner(v);
  if (Array.isArray(v)) return v.map(inner);
  const out: { [k: string]: Json } = {};
  for (const [k, item] of Object.entries(v as CtyObject)) out[k] = inner(item);
  return out;
}

/** The wire spec of the desired attributes in `state` (null attributes are omitted). */
export function specFromState(attributes: readonly AttributeModel[], state: CtyObject): { [k: string]: Json } {
  const out: { [k: string]: Json } = {};
  for (const attr of attributes) {
    const v = state[attr.name] ?? null;
    if (v === null) continue;
    out[attr.wireName] = attributeOut(attr, v);
  }
  return out;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function referenceIn(w: unknown): CtyValue {
  if (Array.isArray(w)) return w.map(referenceIn);
  return isRecord(w) && typeof w["name"] === "string" ? w["name"] : null;
}

function attributeIn(attr: AttributeModel, object: CompiledObject, w: unknown): CtyValue {
  const compiled = object.attributes.get(attr.name);
  if (!compiled || w === undefined || w === null) return null;
  if (attr.reference) return referenceIn(w);
  const nested = attr.nested;
  if (!nested || !compiled.nested) return valueFromPlain(compiled.type, w, attr.name);
  const innerObject = compiled.nested.object;
  const inner = (item: unknown): CtyValue => (isRecord(item) ? stateFromSpec(nested.attributes, innerObject, item) : null);
  if (nested.nesting === "single") return inner(w);
  if (Array.isArray(w)) return w.map(inner);
  if (isRecord(w)) return ctyObject(Object.entries(w).map(([k, item]) => [k, inner(item)]));
  return null;
}

/** Desired attributes from a wire spec (members the model does not know are ignored). */
export function stateFromSpec(attributes: readonly AttributeModel[], object: CompiledObject, spec: Record<string, unknown>): CtyObject {
  const out = ctyObject();
  for (const attr of attributes) out[attr.name] = attributeIn(attr, object, spec[attr.wireName]);
  return out;
}
