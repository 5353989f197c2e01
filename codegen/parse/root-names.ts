// Root attribute names: desired fields and outputs share one namespace with name, space, the
// identity attributes and Terraform's meta-arguments. Rules (codegen/README.md, "Names"):
// a desired field whose name is reserved takes the prefix spec_; an output whose name is taken
// takes the prefix output_; anything still colliding is refused.

import { fixedAttributeNames } from "../model/identity-attributes.js";
import { CONVENTIONAL_NAMES, DESIRED_COLLISION_PREFIX, OUTPUT_COLLISION_PREFIX, TERRAFORM_META_ARGUMENTS } from "../model/reserved.js";
import type { AttributeModel } from "../model/types.js";

export function reservedRootNames(): Set<string> {
  return new Set([...fixedAttributeNames(), ...TERRAFORM_META_ARGUMENTS, ...CONVENTIONAL_NAMES]);
}

export function resolveRootNames(attributes: AttributeModel[], outputs: AttributeModel[], where: string): void {
  const reserved = reservedRootNames();
  const taken = new Set(reserved);
  for (const a of attributes) {
    if (reserved.has(a.name)) a.name = DESIRED_COLLISION_PREFIX + a.name;
    if (taken.has(a.name)) throw new Error(`${where}: desired field '${a.wireName}' collides with attribute '${a.name}'`);
    taken.add(a.name);
  }
  for (const o of outputs) {
    if (taken.has(o.name)) o.name = OUTPUT_COLLISION_PREFIX + o.name;
    if (taken.has(o.name)) throw new Error(`${where}: output '${o.wireName}' collides with attribute '${o.name}'`);
    taken.add(o.name);
  }
  const byName = (x: AttributeModel, y: AttributeModel): number => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0);
  attributes.sort(byName);
  outputs.sort(byName);
}
