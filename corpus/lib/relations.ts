// Relation derivation (Host API v1beta1 "Cross-resource relations" and "What a relation requires
// of its target", decisions 0015 and 0022). Relations are never declared: every closed object in a
// desiredSchema that requires exactly apiVersion, kind and name, with apiVersion and kind const, is a
// reference, identified by its JSON pointer with "*" for an array element or map member. Each
// reference must carry exactly one target contract annotation.

import { isExactFormRef, isInterfaceRef } from "./form-ref.js";
import { isPlainObject } from "./json-file.js";
import { escapeToken, getAtPointer } from "./json-pointer.js";
import type { ExactFormRef, JsonSchema, RelationSpec } from "./types.js";

export const TARGET_FORMREFS = "x-takoform-target-formrefs";
export const REQUIRED_INTERFACE = "x-takoform-required-interface";
export const BINDING_ANNOTATION = "x-takoform-binding";

export class RelationDerivationError extends Error {
  constructor(
    readonly pointer: string,
    message: string,
  ) {
    super(`${pointer || "(root)"}: ${message}`);
    this.name = "RelationDerivationError";
  }
}

const REFERENCE_MEMBERS = ["apiVersion", "kind", "name"];
const SAME_POINTER_APPLICATORS = ["allOf", "anyOf", "oneOf"] as const;
const SAME_POINTER_SINGLE = ["if", "then", "else"] as const;

/** Every relation of a desiredSchema, in schema order; throws RelationDerivationError on a bad reference. */
export function deriveRelations(desiredSchema: JsonSchema): RelationSpec[] {
  const out: RelationSpec[] = [];
  const seen = new Set<string>();
  const resolving: string[] = [];

  const visit = (raw: unknown, pointer: string, binding: string | undefined): void => {
    if (!isPlainObject(raw)) return;
    if (typeof raw.$ref === "string") {
      // A $ref node is read as its target with the node's own keywords (e.g. an annotation) on top.
      const ref = raw.$ref;
      const { $ref: _ignored, ...siblings } = raw;
      if (resolving.includes(ref)) return visit(siblings, pointer, binding);
      if (!ref.startsWith("#")) throw new RelationDerivationError(pointer, `non-local $ref ${ref} cannot be followed`);
      const target = getAtPointer(desiredSchema, decodeURIComponent(ref.slice(1)));
      if (!isPlainObject(target)) throw new RelationDerivationError(pointer, `$ref ${ref} does not resolve to a schema`);
      resolving.push(ref);
      try {
        return visit({ ...target, ...siblings }, pointer, binding);
      } finally {
        resolving.pop();
      }
    }
    const node = raw;
    const listBinding = typeof node[BINDING_ANNOTATION] === "string" ? (node[BINDING_ANNOTATION] as string) : binding;
    const relation = referenceAt(node, pointer, listBinding);
    if (relation) {
      const key = JSON.stringify(relation);
      if (!seen.has(key)) {
        seen.add(key);
        out.push(relation);
      }
      return;
    }
    if (TARGET_FORMREFS in node || REQUIRED_INTERFACE in node) {
      throw new RelationDerivationError(pointer, `${TARGET_FORMREFS} / ${REQUIRED_INTERFACE} annotate a node that is not a reference (a closed object requiring exactly apiVersion, kind and name, with apiVersion and kind const)`);
    }
    if (isPlainObject(node.properties)) {
      for (const [name, schema] of Object.entries(node.properties)) visit(schema, `${pointer}/${escapeToken(name)}`, listBinding);
    }
    if (isPlainObject(node.patternProperties)) {
      for (const schema of Object.values(node.patternProperties)) visit(schema, `${pointer}/*`, listBinding);
    }
    if (isPlainObject(node.additionalProperties)) visit(node.additionalProperties, `${pointer}/*`, listBinding);
    if (isPlainObject(node.items)) visit(node.items, `${pointer}/*`, listBinding);
    if (Array.isArray(node.prefixItems)) node.prefixItems.forEach((schema, i) => visit(schema, `${pointer}/${i}`, listBinding));
    for (const key of SAME_POINTER_APPLICATORS) {
      const list = node[key];
      if (Array.isArray(list)) for (const schema of list) visit(schema, pointer, listBinding);
    }
    for (const key of SAME_POINTER_SINGLE) visit(node[key], pointer, listBinding);
    if (isPlainObject(node.dependentSchemas)) for (const schema of Object.values(node.dependentSchemas)) visit(schema, pointer, listBinding);
  };

  visit(desiredSchema, "", undefined);
  return out;
}

/** The relation a schema node states, or undefined when the node is not reference-shaped. */
function referenceAt(node: Record<string, unknown>, pointer: string, binding: string | undefined): RelationSpec | undefined {
  if (node.additionalProperties !== false && node.unevaluatedProperties !== false) return undefined;
  const required = node.required;
  const properties = node.properties;
  if (!Array.isArray(required) || !isPlainObject(properties)) return undefined;
  if (required.length !== 3 || !REFERENCE_MEMBERS.every((m) => required.includes(m))) return undefined;
  if (Object.keys(properties).length !== 3 || !REFERENCE_MEMBERS.every((m) => m in properties)) return undefined;
  const apiVersion = constOf(properties.apiVersion);
  const kind = constOf(properties.kind);
  if (apiVersion === undefined || kind === undefined) return undefined;

  const hasFormRefs = TARGET_FORMREFS in node;
  const hasInterface = REQUIRED_INTERFACE in node;
  if (hasFormRefs === hasInterface) {
    throw new RelationDerivationError(
      pointer,
      `a reference must carry exactly one of ${TARGET_FORMREFS} or ${REQUIRED_INTERFACE} (found ${hasFormRefs ? "both" : "neither"})`,
    );
  }
  const tokens = pointer.split("/").filter((t) => t !== "" && t !== "*");
  const relation: RelationSpec = {
    pointer,
    relation: tokens.length > 0 ? (tokens[tokens.length - 1] as string).replace(/~1/g, "/").replace(/~0/g, "~") : "",
    targetApiVersion: apiVersion,
    targetKind: kind,
  };
  if (hasFormRefs) {
    const refs = node[TARGET_FORMREFS];
    if (!Array.isArray(refs) || refs.length === 0 || !refs.every(isExactFormRef)) {
      throw new RelationDerivationError(pointer, `${TARGET_FORMREFS} must be a non-empty list of exact FormRefs`);
    }
    for (const ref of refs as ExactFormRef[]) {
      if (ref.apiVersion !== apiVersion || ref.kind !== kind) {
        throw new RelationDerivationError(pointer, `${TARGET_FORMREFS} names ${ref.apiVersion} ${ref.kind}, but the reference is to ${apiVersion} ${kind}`);
      }
    }
    relation.targetFormRefs = (refs as ExactFormRef[]).map((r) => ({ apiVersion: r.apiVersion, kind: r.kind, definitionVersion: r.definitionVersion, schemaDigest: r.schemaDigest }));
  } else {
    const ref = node[REQUIRED_INTERFACE];
    if (!isInterfaceRef(ref)) throw new RelationDerivationError(pointer, `${REQUIRED_INTERFACE} must be an exact InterfaceRef`);
    relation.requiredInterface = { apiVersion: ref.apiVersion, name: ref.name, version: ref.version, schemaDigest: ref.schemaDigest };
  }
  if (binding !== undefined) relation.binding = binding;
  return relation;
}

function constOf(schema: unknown): string | undefined {
  if (!isPlainObject(schema)) return undefined;
  return typeof schema.const === "string" ? schema.const : undefined;
}
