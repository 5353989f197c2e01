// AttributeModel -> one attribute object of `terraform providers schema -json`.
// Member order and omission follow Terraform's own printer (omitempty on flags).

import type { AttributeModel } from "../../model/types.js";

export type JsonAttribute = Record<string, unknown>;

export function attributeJson(a: AttributeModel): JsonAttribute {
  const out: JsonAttribute = {};
  if (a.nested !== undefined) {
    out.nested_type = {
      attributes: attributesJson(a.nested.attributes),
      nesting_mode: a.nested.nesting,
    };
  } else {
    out.type = a.type;
  }
  if (a.description !== "") out.description = a.description;
  out.description_kind = "plain";
  if (a.required) out.required = true;
  if (a.optional) out.optional = true;
  if (a.computed) out.computed = true;
  if (a.sensitive) out.sensitive = true;
  return out;
}

/** Attributes keyed by name, keys sorted (Terraform prints Go maps sorted). */
export function attributesJson(attributes: AttributeModel[]): Record<string, JsonAttribute> {
  const sorted = [...attributes].sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  return Object.fromEntries(sorted.map((a) => [a.name, attributeJson(a)]));
}
