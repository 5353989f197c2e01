// A wire desired spec -> the values an author writes for it in Terraform, attribute by attribute.
// References become the expression `<type>.<label>.name`, which is what orders Terraform's graph.

import { typeNameForKind } from "../../model/naming.js";
import type { AttributeModel } from "../../model/types.js";

/** A reference expression to another resource's name. */
export class RefValue {
  constructor(
    readonly typeName: string,
    readonly label: string,
  ) {}
}

/** An object whose keys are Terraform attribute names (CDKTF camelCases them). */
export class AttrObject {
  constructor(readonly entries: [string, ExampleValue][]) {}
}

/** Author-facing value: data (map keys verbatim), attribute objects, lists, or references. */
export type ExampleValue = null | boolean | number | string | RefValue | AttrObject | ExampleValue[] | { [key: string]: ExampleValue };

export function labelFor(name: string): string {
  return name.replaceAll("-", "_");
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function refValue(wire: unknown): ExampleValue {
  if (!isRecord(wire) || typeof wire.kind !== "string" || typeof wire.name !== "string") return wire as ExampleValue;
  return new RefValue(typeNameForKind(wire.kind), labelFor(wire.name));
}

function convert(a: AttributeModel, wire: unknown): ExampleValue {
  if (a.reference !== undefined) return Array.isArray(wire) ? wire.map(refValue) : refValue(wire);
  const nested = a.nested;
  if (nested === undefined) return wire as ExampleValue;
  if (nested.nesting === "single") return toAttrObject(nested.attributes, wire);
  if (nested.nesting === "map" && isRecord(wire)) {
    return Object.fromEntries(Object.entries(wire).map(([k, v]) => [k, toAttrObject(nested.attributes, v)]));
  }
  return Array.isArray(wire) ? wire.map((item) => toAttrObject(nested.attributes, item)) : (wire as ExampleValue);
}

/** Converts a wire object through `attributes`; members without an attribute are dropped. */
export function toAttrObject(attributes: AttributeModel[], wire: unknown): AttrObject {
  const entries: [string, ExampleValue][] = [];
  if (!isRecord(wire)) return new AttrObject(entries);
  for (const a of attributes) {
    if (wire[a.wireName] !== undefined) entries.push([a.name, convert(a, wire[a.wireName])]);
  }
  return new AttrObject(entries);
}
