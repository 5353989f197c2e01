// Test helper: a synthesized resource configuration (Terraform names, reference expressions)
// -> the wire desired spec the model says it stands for. Reads only the model, like the provider.
import type { AttributeModel } from "../../../codegen/model/types.js";

/** Resolves "${<type>.<label>.name}" to the `name` the referenced resource's configuration sets. */
export type NameLookup = (typeName: string, label: string) => string;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function toReference(a: AttributeModel, value: unknown, lookup: NameLookup): unknown {
  if (typeof value !== "string") throw new Error(`${a.name}: reference value ${JSON.stringify(value)} is not a string`);
  const m = value.match(/^\$\{([a-z0-9_]+)\.([A-Za-z0-9_-]+)\.name\}$/);
  const name = m ? lookup(m[1]!, m[2]!) : value;
  return { apiVersion: a.reference!.apiVersion, kind: a.reference!.kind, name };
}

function convert(a: AttributeModel, value: unknown, lookup: NameLookup): unknown {
  if (a.reference !== undefined) return Array.isArray(value) ? value.map((v) => toReference(a, v, lookup)) : toReference(a, value, lookup);
  const nested = a.nested;
  if (nested === undefined) return value;
  if (nested.nesting === "single") return toWire(nested.attributes, value, lookup);
  if (nested.nesting === "map" && isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toWire(nested.attributes, v, lookup)]));
  if (!Array.isArray(value)) throw new Error(`${a.name}: expected a list`);
  return value.map((v) => toWire(nested.attributes, v, lookup));
}

/** Converts one configuration object through `attributes`; unknown members are an error. */
export function toWire(attributes: AttributeModel[], config: unknown, lookup: NameLookup): Record<string, unknown> {
  if (!isRecord(config)) throw new Error("expected an object");
  const byName = new Map(attributes.map((a) => [a.name, a]));
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(config)) {
    const a = byName.get(name);
    if (a === undefined) throw new Error(`no attribute '${name}'`);
    if (value !== null && value !== undefined) out[a.wireName] = convert(a, value, lookup);
  }
  return out;
}
