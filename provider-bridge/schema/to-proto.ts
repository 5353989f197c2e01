// `providers schema -json` shape -> tfplugin6.Schema. Attributes and block
// types are emitted in name order so the encoding is stable.
import type { Writable } from "../proto/codec.js";
import type { Schema, Schema_Attribute, Schema_Block, Schema_NestedBlock, Schema_Object } from "../proto/types.js";
import type { AttributeJson, BlockJson, BlockNestingJson, ObjectNestingJson, SchemaJson, StringKindJson } from "./schema-json.js";

const utf8 = new TextEncoder();

function kind(k: StringKindJson | undefined): "PLAIN" | "MARKDOWN" {
  return k === "markdown" ? "MARKDOWN" : "PLAIN";
}

function objectNesting(n: ObjectNestingJson): Schema_Object["nesting"] {
  return n.toUpperCase() as Schema_Object["nesting"];
}

function blockNesting(n: BlockNestingJson): Schema_NestedBlock["nesting"] {
  return n.toUpperCase() as Schema_NestedBlock["nesting"];
}

function attributesToProto(attrs: Record<string, AttributeJson> | undefined): Writable<Schema_Attribute>[] {
  return Object.keys(attrs ?? {})
    .sort()
    .map((name) => {
      const a = attrs![name]!;
      const out: Writable<Schema_Attribute> = {
        name,
        description: a.description ?? "",
        description_kind: kind(a.description_kind),
        required: a.required === true,
        optional: a.optional === true,
        computed: a.computed === true,
        sensitive: a.sensitive === true,
        deprecated: a.deprecated === true,
        write_only: a.write_only === true,
      };
      if (a.nested_type) out.nested_type = { nesting: objectNesting(a.nested_type.nesting_mode), attributes: attributesToProto(a.nested_type.attributes) };
      else out.type = utf8.encode(JSON.stringify(a.type));
      return out;
    });
}

export function blockToProto(block: BlockJson, version = 0): Writable<Schema_Block> {
  return {
    version,
    attributes: attributesToProto(block.attributes),
    block_types: Object.keys(block.block_types ?? {})
      .sort()
      .map((name): Writable<Schema_NestedBlock> => {
        const b = block.block_types![name]!;
        return {
          type_name: name,
          nesting: blockNesting(b.nesting_mode),
          min_items: b.min_items ?? 0,
          max_items: b.max_items ?? 0,
          block: blockToProto(b.block),
        };
      }),
    description: block.description ?? "",
    description_kind: kind(block.description_kind),
    deprecated: block.deprecated === true,
  };
}

export function schemaToProto(schema: SchemaJson): Writable<Schema> {
  return { version: schema.version, block: blockToProto(schema.block, schema.version) };
}
