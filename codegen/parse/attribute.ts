// One JSON Schema property -> one AttributeModel (recursively for nested objects).
// The mapping rules are listed in codegen/README.md ("Types", "Flags"); each branch below names its rule.

import type { AttributeModel, BindingRef, CtyType, Nesting, Validator } from "../model/types.js";
import { INTEGER_VALIDATOR, validatorsFor } from "../model/validators.js";
import { assertReversible } from "../model/naming.js";
import { referenceOf, referenceSentence } from "./reference.js";
import {
  assertSupported,
  escapePointerToken,
  isObject,
  jsonType,
  propertiesOf,
  requiredSet,
  resolveNode,
  type JsonType,
  type SchemaNode,
} from "./schema-node.js";

export interface BuildContext {
  /** Schema document $refs resolve against. */
  root: SchemaNode;
  mode: "desired" | "output";
  /** Whether a change at this desired pointer must replace the resource. */
  replaceAt(pointer: string): boolean;
  /** Records a pointer whose schema marks itself x-takoform-immutable. */
  addImmutable(pointer: string): void;
  /** Pointer patterns ("*" for any element or member) of every reference built. */
  references: string[];
  /** acceptedBindings of the definition, by Binding name. */
  bindings: Map<string, BindingRef>;
  /** Prefix for error messages: "WorkerVersion@0.1.0 desiredSchema". */
  where: string;
}

interface Placement {
  pointer: string;
  required: boolean;
  topLevel: boolean;
}

const PRIMITIVE: Partial<Record<JsonType, CtyType>> = { string: "string", integer: "number", number: "number", boolean: "bool" };

function primitiveValidators(node: SchemaNode, type: JsonType): Validator[] {
  return type === "integer" ? [INTEGER_VALIDATOR, ...validatorsFor(node)] : validatorsFor(node);
}

/** Builds the attributes of an object node's properties, sorted by Terraform name. */
export function buildProperties(ctx: BuildContext, node: SchemaNode, pointer: string, topLevel: boolean): AttributeModel[] {
  const required = requiredSet(node);
  return propertiesOf(node)
    .map(([member, child]) =>
      buildAttribute(ctx, member, child, { pointer: `${pointer}/${escapePointerToken(member)}`, required: required.has(member), topLevel }),
    )
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export function buildAttribute(ctx: BuildContext, wireName: string, raw: SchemaNode, at: Placement): AttributeModel {
  const where = `${ctx.where} ${at.pointer}`;
  const node = resolveNode(raw, ctx.root, where);
  assertSupported(node, where);
  const name = assertReversible(wireName, where);
  const desired = ctx.mode === "desired";
  if (desired && node["x-takoform-immutable"] === true) ctx.addImmutable(at.pointer);
  const hasDefault = desired && at.topLevel && node.default !== undefined;
  const attr: AttributeModel = {
    name,
    wireName,
    description: typeof node.description === "string" ? node.description : "",
    type: "string",
    required: desired && at.required && !hasDefault,
    optional: desired && !(at.required && !hasDefault),
    computed: !desired || hasDefault,
    sensitive: false,
    requiresReplace: desired && ctx.replaceAt(at.pointer),
    validators: [],
  };
  if (hasDefault) attr.default = structuredClone(node.default);
  const binding = node["x-takoform-binding"];
  if (typeof binding === "string") {
    const ref = ctx.bindings.get(binding);
    if (ref === undefined) throw new Error(`${where}: x-takoform-binding '${binding}' is not in acceptedBindings`);
    attr.binding = ref;
  }
  shapeAttribute(ctx, attr, node, at.pointer, where);
  return attr;
}

/** Fills type, nested, reference and validators from the node's JSON type. */
function shapeAttribute(ctx: BuildContext, attr: AttributeModel, node: SchemaNode, pointer: string, where: string): void {
  const type = jsonType(node);
  const primitive = PRIMITIVE[type];
  if (primitive !== undefined) {
    attr.type = primitive;
    attr.validators = primitiveValidators(node, type);
    return;
  }
  if (type === "object") return shapeObject(ctx, attr, node, pointer, where);
  if (type === "array") return shapeArray(ctx, attr, node, pointer, where);
  // Rule "dynamic": a value of several JSON types is one dynamic attribute.
  attr.type = "dynamic";
  attr.validators = validatorsFor(node);
}

function keyValidators(ctx: BuildContext, node: SchemaNode, where: string): Validator[] {
  return isObject(node.propertyNames) ? validatorsFor(resolveNode(node.propertyNames, ctx.root, where)) : [];
}

function shapeObject(ctx: BuildContext, attr: AttributeModel, node: SchemaNode, pointer: string, where: string): void {
  // Rule "reference": the closed {apiVersion, kind, name} object is a string holding the name.
  const ref = referenceOf(node, where);
  if (ref !== undefined) {
    attr.type = "string";
    attr.reference = ref.model;
    ctx.references.push(pointer);
    attr.validators = validatorsFor(ref.nameNode);
    attr.description = [attr.description, referenceSentence(ref.model)].filter((s) => s !== "").join(" ");
    return;
  }
  const props = propertiesOf(node);
  const extra = node.additionalProperties;
  if (props.length > 0) {
    // Rule "single nested": a closed object with properties.
    if (extra !== false) throw new Error(`${where}: an object with properties must be closed (additionalProperties: false)`);
    nest(ctx, attr, "single", node, pointer);
    return;
  }
  if (isObject(extra)) {
    const value = resolveNode(extra, ctx.root, where);
    assertSupported(value, where);
    const valueType = jsonType(value);
    const keys = keyValidators(ctx, node, where);
    const primitive = PRIMITIVE[valueType];
    if (primitive !== undefined) {
      // Rule "map": additionalProperties of one primitive type.
      attr.type = ["map", primitive];
      attr.validators = validatorsFor(node);
      attr.elementValidators = primitiveValidators(value, valueType);
      if (keys.length > 0) attr.keyValidators = keys;
      return;
    }
    if (valueType === "object" && propertiesOf(value).length > 0 && referenceOf(value, where) === undefined) {
      // Rule "map nested": additionalProperties of one closed object shape.
      nest(ctx, attr, "map", value, `${pointer}/*`);
      attr.validators = validatorsFor(node);
      if (keys.length > 0) attr.keyValidators = keys;
      return;
    }
  }
  if (extra === false) throw new Error(`${where}: a closed object without properties has no Terraform mapping`);
  // Rule "dynamic": an object whose values are arbitrary JSON.
  attr.type = "dynamic";
  attr.validators = validatorsFor(node);
  const keys = keyValidators(ctx, node, where);
  if (keys.length > 0) attr.keyValidators = keys;
}

function shapeArray(ctx: BuildContext, attr: AttributeModel, node: SchemaNode, pointer: string, where: string): void {
  // Rule "set": uniqueItems makes a set; otherwise a list.
  const nesting: Nesting = node.uniqueItems === true ? "set" : "list";
  attr.validators = validatorsFor(node, { uniqueItems: nesting === "list" });
  if (!isObject(node.items)) {
    attr.type = "dynamic";
    return;
  }
  const items = resolveNode(node.items, ctx.root, where);
  assertSupported(items, where);
  const itemType = jsonType(items);
  const primitive = PRIMITIVE[itemType];
  if (primitive !== undefined) {
    attr.type = [nesting as "list" | "set", primitive];
    attr.elementValidators = primitiveValidators(items, itemType);
    return;
  }
  if (itemType === "object") {
    const ref = referenceOf(items, where);
    if (ref !== undefined) {
      attr.type = [nesting as "list" | "set", "string"];
      attr.reference = ref.model;
      ctx.references.push(`${pointer}/*`);
      attr.elementValidators = validatorsFor(ref.nameNode);
      return;
    }
    if (propertiesOf(items).length > 0) {
      // Rule "list/set nested": an array of closed objects.
      const own = attr.validators;
      nest(ctx, attr, nesting, items, `${pointer}/*`);
      attr.validators = own;
      return;
    }
  }
  throw new Error(`${where}: array items of type '${itemType}' have no Terraform mapping`);
}

function nest(ctx: BuildContext, attr: AttributeModel, nesting: Nesting, objectNode: SchemaNode, pointer: string): void {
  if (objectNode.additionalProperties !== false) {
    throw new Error(`${ctx.where} ${pointer}: a nested object must be closed (additionalProperties: false)`);
  }
  const children = buildProperties(ctx, objectNode, pointer, false);
  const objectType: CtyType = ["object", Object.fromEntries(children.map((c) => [c.name, c.type]))];
  attr.nested = { nesting, attributes: children };
  attr.type = nesting === "single" ? objectType : [nesting, objectType];
}
