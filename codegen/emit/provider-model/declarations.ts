// The type declarations at the top of generated/provider/model.ts: the provider contract of
// docs/provider-model.md, self-contained (generated/ imports nothing of the project).
// test/unit/codegen/provider-model.test.ts checks they match codegen/model/types.ts both ways.

export const MODEL_DECLARATIONS = `/** cty type JSON as \`terraform providers schema -json\` prints it. */
export type CtyType =
  | "string"
  | "number"
  | "bool"
  | "dynamic"
  | ["list" | "set" | "map", CtyType]
  | ["object", { [attribute: string]: CtyType }];

export interface ExactFormRef {
  apiVersion: string;
  kind: string;
  definitionVersion: string;
  schemaDigest: string;
}

export interface InterfaceRef {
  apiVersion: string;
  name: string;
  version: string;
  schemaDigest: string;
}

export type BindingRef = InterfaceRef;

/** Plan-time validation; \`message\` is the host's message for the same failure. */
export type Validator =
  | { kind: "enum"; values: (string | number | boolean)[]; message: string }
  | { kind: "pattern"; pattern: string; message: string }
  | {
      kind:
        | "minLength"
        | "maxLength"
        | "minItems"
        | "maxItems"
        | "minProperties"
        | "maxProperties"
        | "minimum"
        | "maximum"
        | "exclusiveMinimum"
        | "exclusiveMaximum";
      value: number;
      message: string;
    }
  | { kind: "integer"; message: string }
  | { kind: "uniqueItems"; message: string };

export type Nesting = "single" | "list" | "set" | "map";

export interface ReferenceModel {
  apiVersion: string;
  kind: string;
  targetFormRefs?: ExactFormRef[];
  requiredInterface?: InterfaceRef;
}

export interface AttributeModel {
  /** snake_case Terraform attribute name. */
  name: string;
  /** Exact camelCase wire member. */
  wireName: string;
  description: string;
  /** cty type JSON of the value (for nested attributes, the implied object type). */
  type: CtyType;
  nested?: { nesting: Nesting; attributes: AttributeModel[] };
  required: boolean;
  optional: boolean;
  computed: boolean;
  sensitive: boolean;
  /** Wire-JSON default planned when the author omits the attribute. */
  default?: unknown;
  requiresReplace: boolean;
  /** A string (or list/set of strings) holding the name of a resource of this group and kind. */
  reference?: ReferenceModel;
  /** Exact Binding contract governing the references inside this list. */
  binding?: BindingRef;
  validators: Validator[];
  /** Validators for every element of a list, set or map of primitive values. */
  elementValidators?: Validator[];
  /** Validators for every member name of a map or a dynamic object. */
  keyValidators?: Validator[];
}

export type Role = "identity" | "revision" | "deployment" | "attachment" | "policy";

export type ManifestKind = "WorkerBundle" | "StaticAssetBundle" | "MigrationBundle";

export interface ResourceModel {
  typeName: string;
  apiVersion: string;
  kind: string;
  role: Role;
  title: string;
  description: string;
  /** Every installed exact ref of this kind, oldest definitionVersion first. */
  supportedRefs: ExactFormRef[];
  /** The ref new resources are created under (docs/decisions/0050). */
  defaultRef: ExactFormRef;
  /** lifecycleCapabilities per definitionVersion. */
  capabilities: Record<string, string[]>;
  /** Desired-spec attributes (name, space and the identity attributes excluded). */
  attributes: AttributeModel[];
  /** Typed computed attributes from outputSchema. */
  outputs: AttributeModel[];
  artifact?: { manifestKind: ManifestKind };
}

export interface ProviderModel {
  source: string;
  version: string;
  resources: ResourceModel[];
}
`;
