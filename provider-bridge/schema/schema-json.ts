// Schemas in the shape `terraform providers schema -json` prints: the form
// codegen emits (generated/provider/schema.json, docs/provider-model.md) and
// the form test fixtures are written in.

export type StringKindJson = "plain" | "markdown";
export type ObjectNestingJson = "single" | "list" | "set" | "map";
export type BlockNestingJson = ObjectNestingJson | "group";

export interface AttributeJson {
  /** cty type JSON; exactly one of type and nested_type. */
  type?: unknown;
  nested_type?: NestedTypeJson;
  description?: string;
  description_kind?: StringKindJson;
  required?: boolean;
  optional?: boolean;
  computed?: boolean;
  sensitive?: boolean;
  deprecated?: boolean;
  write_only?: boolean;
}

export interface NestedTypeJson {
  attributes: Record<string, AttributeJson>;
  nesting_mode: ObjectNestingJson;
}

export interface BlockTypeJson {
  nesting_mode: BlockNestingJson;
  block: BlockJson;
  min_items?: number;
  max_items?: number;
}

export interface BlockJson {
  attributes?: Record<string, AttributeJson>;
  block_types?: Record<string, BlockTypeJson>;
  description?: string;
  description_kind?: StringKindJson;
  deprecated?: boolean;
}

export interface SchemaJson {
  version: number;
  block: BlockJson;
}

export interface ProviderSchemaJson {
  provider: SchemaJson;
  resource_schemas?: Record<string, SchemaJson>;
  data_source_schemas?: Record<string, SchemaJson>;
}

export interface ProviderSchemasDocument {
  format_version: string;
  provider_schemas: Record<string, ProviderSchemaJson>;
}
