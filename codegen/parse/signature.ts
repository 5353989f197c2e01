// The Terraform-visible shape of a set of attributes: what two definitions served by one
// resource type must agree on. Descriptions, validators and relation target contracts may differ.

import type { AttributeModel } from "../model/types.js";

function shape(a: AttributeModel): unknown {
  return {
    name: a.name,
    wireName: a.wireName,
    type: a.type,
    nested: a.nested === undefined ? null : { nesting: a.nested.nesting, attributes: a.nested.attributes.map(shape) },
    flags: [a.required, a.optional, a.computed, a.sensitive, a.requiresReplace],
    default: a.default === undefined ? null : a.default,
    reference: a.reference === undefined ? null : [a.reference.apiVersion, a.reference.kind],
  };
}

export function shapeSignature(attributes: AttributeModel[], outputs: AttributeModel[]): string {
  return JSON.stringify({ attributes: attributes.map(shape), outputs: outputs.map(shape) });
}
