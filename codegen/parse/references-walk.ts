// Every reference node anywhere in a desired schema (properties, items, map values, $defs).

import type { ReferenceModel } from "../model/types.js";
import { referenceOf } from "./reference.js";
import { isObject, type SchemaNode } from "./schema-node.js";

export function collectReferences(schema: SchemaNode, where: string): ReferenceModel[] {
  const out: ReferenceModel[] = [];
  const visit = (node: unknown, at: string): void => {
    if (Array.isArray(node)) {
      node.forEach((n, i) => visit(n, `${at}/${i}`));
      return;
    }
    if (!isObject(node)) return;
    const ref = referenceOf(node, `${where} ${at}`);
    if (ref !== undefined) {
      out.push(ref.model);
      return;
    }
    for (const [k, v] of Object.entries(node)) {
      if (k === "x-takoform-target-formrefs" || k === "x-takoform-required-interface") continue;
      visit(v, `${at}/${k}`);
    }
  };
  visit(schema, "");
  return out;
}
