// A schema prepared for run time: cty types parsed once, the implied object
// type of every block computed, and lookups by name. Planning, validation and
// the wire codec all read this form.
import { ctyTypeJson, listOf, mapOf, objectOf, parseCtyType, setOf, type CtyType, type ObjectType } from "../wire/cty-type.js";
import type { AttributeJson, BlockJson, BlockNestingJson, ObjectNestingJson, SchemaJson } from "./schema-json.js";

export interface CompiledAttribute {
  readonly name: string;
  /** The attribute's full type (for a nested attribute, the type its nesting implies). */
  readonly type: CtyType;
  readonly nested?: { readonly nesting: ObjectNestingJson; readonly object: CompiledObject };
  readonly required: boolean;
  readonly optional: boolean;
  readonly computed: boolean;
  readonly sensitive: boolean;
  readonly writeOnly: boolean;
  readonly source: AttributeJson;
}

export interface CompiledObject {
  readonly attributes: ReadonlyMap<string, CompiledAttribute>;
  readonly blockTypes: ReadonlyMap<string, CompiledBlockType>;
  readonly type: ObjectType;
}

export interface CompiledBlockType {
  readonly name: string;
  readonly nesting: BlockNestingJson;
  readonly block: CompiledObject;
  readonly minItems: number;
  readonly maxItems: number;
  readonly type: CtyType;
}

export interface CompiledSchema {
  readonly version: number;
  readonly block: CompiledObject;
  readonly source: SchemaJson;
}

function nestedType(nesting: ObjectNestingJson | BlockNestingJson, object: ObjectType): CtyType {
  switch (nesting) {
    case "single":
    case "group":
      return object;
    case "list":
      return listOf(object);
    case "set":
      return setOf(object);
    case "map":
      return mapOf(object);
  }
}

function compileAttributes(attrs: Record<string, AttributeJson> | undefined): Map<string, CompiledAttribute> {
  const out = new Map<string, CompiledAttribute>();
  for (const [name, a] of Object.entries(attrs ?? {})) {
    const flags = {
      required: a.required === true,
      optional: a.optional === true,
      computed: a.computed === true,
      sensitive: a.sensitive === true,
      writeOnly: a.write_only === true,
    };
    if (a.nested_type) {
      const object = compileObject(a.nested_type.attributes, undefined);
      out.set(name, {
        name,
        ...flags,
        type: nestedType(a.nested_type.nesting_mode, object.type),
        nested: { nesting: a.nested_type.nesting_mode, object },
        source: a,
      });
    } else {
      out.set(name, { name, ...flags, type: parseCtyType(a.type), source: a });
    }
  }
  return out;
}

function compileObject(attrs: Record<string, AttributeJson> | undefined, blocks: BlockJson["block_types"]): CompiledObject {
  const attributes = compileAttributes(attrs);
  const blockTypes = new Map<string, CompiledBlockType>();
  for (const [name, b] of Object.entries(blocks ?? {})) {
    const block = compileBlock(b.block);
    blockTypes.set(name, {
      name,
      nesting: b.nesting_mode,
      block,
      minItems: b.min_items ?? 0,
      maxItems: b.max_items ?? 0,
      type: nestedType(b.nesting_mode, block.type),
    });
  }
  const types = Object.create(null) as Record<string, CtyType>;
  for (const [n, a] of attributes) types[n] = a.type;
  for (const [n, b] of blockTypes) types[n] = b.type;
  return { attributes, blockTypes, type: objectOf(types) };
}

export function compileBlock(block: BlockJson): CompiledObject {
  return compileObject(block.attributes, block.block_types);
}

export function compileSchema(schema: SchemaJson): CompiledSchema {
  return { version: schema.version, block: compileBlock(schema.block), source: schema };
}

/** The implied type as JSON (what `terraform show -json` uses for a block). */
export function impliedTypeJson(schema: CompiledSchema): unknown {
  return ctyTypeJson(schema.block.type);
}
