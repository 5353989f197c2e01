// A reference is the closed object {apiVersion, kind, name} whose apiVersion and kind are const
// (Host API v1beta1, "Cross-resource relations"). In Terraform it is one string: the target's name.

import type { ExactFormRef, InterfaceRef, ReferenceModel } from "../model/types.js";
import { isObject, propertiesOf, requiredSet, type SchemaNode } from "./schema-node.js";

export interface ReferenceShape {
  model: ReferenceModel;
  /** The schema of the reference's `name` member, which the Terraform string is validated against. */
  nameNode: SchemaNode;
}

const MEMBERS = ["apiVersion", "kind", "name"];

/** The reference this node describes, or undefined when the node is not reference-shaped. */
export function referenceOf(node: SchemaNode, where: string): ReferenceShape | undefined {
  const props = propertiesOf(node);
  if (props.length !== 3 || props.some(([n]) => !MEMBERS.includes(n))) return undefined;
  const required = requiredSet(node);
  if (!MEMBERS.every((m) => required.has(m))) return undefined;
  const byName = Object.fromEntries(props);
  const apiVersion = byName.apiVersion?.const;
  const kind = byName.kind?.const;
  if (typeof apiVersion !== "string" || typeof kind !== "string") return undefined;
  if (node.additionalProperties !== false) {
    throw new Error(`${where}: a reference object must be closed (additionalProperties: false)`);
  }
  const model: ReferenceModel = { apiVersion, kind };
  const formRefs = node["x-takoform-target-formrefs"];
  const iface = node["x-takoform-required-interface"];
  if (Array.isArray(formRefs)) model.targetFormRefs = formRefs.filter(isObject).map(exactRef);
  if (isObject(iface)) model.requiredInterface = interfaceRef(iface);
  return { model, nameNode: byName.name ?? {} };
}

function exactRef(r: SchemaNode): ExactFormRef {
  return {
    apiVersion: String(r.apiVersion),
    kind: String(r.kind),
    definitionVersion: String(r.definitionVersion),
    schemaDigest: String(r.schemaDigest),
  };
}

function interfaceRef(r: SchemaNode): InterfaceRef {
  return { apiVersion: String(r.apiVersion), name: String(r.name), version: String(r.version), schemaDigest: String(r.schemaDigest) };
}

/** The sentence appended to a reference attribute's description. */
export function referenceSentence(ref: ReferenceModel): string {
  return `Holds the name of the referenced ${ref.kind} (${ref.apiVersion}) in the same space.`;
}
