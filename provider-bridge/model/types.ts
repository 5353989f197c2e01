// The provider model codegen emits (generated/provider/model.ts), as
// docs/provider-model.md fixes it. Declared here because provider-bridge reads
// the model as data: the loader accepts the generated module or a JSON copy.

export interface ExactFormRef {
  apiVersion: string;
  kind: string;
  definitionVersion: string;
  schemaDigest: string;
}

export type Validator =
  | { kind: "enum"; values: (string | number | boolean)[] }
  | { kind: "pattern"; pattern: string }
  | { kind: "minLength" | "maxLength" | "minItems" | "maxItems" | "minimum" | "maximum"; value: number }
  | { kind: "uniqueItems" };

export interface AttributeModel {
  /** snake_case Terraform attribute name. */
  name: string;
  /** The exact camelCase wire member. */
  wireName: string;
  description: string;
  /** cty type JSON. */
  type: unknown;
  nested?: { nesting: "single" | "list" | "set" | "map"; attributes: AttributeModel[] };
  required: boolean;
  optional: boolean;
  computed: boolean;
  sensitive: boolean;
  /** Wire-JSON default planned when the author omits the attribute. */
  default?: unknown;
  requiresReplace: boolean;
  /** A string attribute holding the name of a resource of this group and kind. */
  reference?: { apiVersion: string; kind: string };
  validators: Validator[];
}

export type FormRole = "identity" | "revision" | "deployment" | "attachment" | "policy";

export interface ResourceModel {
  typeName: string;
  apiVersion: string;
  kind: string;
  role: FormRole;
  supportedRefs: ExactFormRef[];
  defaultRef: ExactFormRef;
  /** lifecycleCapabilities per definitionVersion. */
  capabilities: Record<string, string[]>;
  attributes: AttributeModel[];
  outputs: AttributeModel[];
  artifact?: { manifestKind: "WorkerBundle" | "StaticAssetBundle" | "MigrationBundle" };
}

export interface ProviderModel {
  source: string;
  version: string;
  resources: ResourceModel[];
}

/** Attributes every resource schema carries besides the Form's own (docs/provider-model.md). */
export const COMMON_REPLACE_ATTRIBUTES = ["name", "space"] as const;
/** Computed attributes whose values a successful update changes. */
export const VOLATILE_COMPUTED_ATTRIBUTES = ["generation", "revision", "conditions", "ready", "relations", "outputs_json"] as const;
