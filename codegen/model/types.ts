// The codegen model: what every emitter reads. Emitters never see raw JSON Schema, and the
// parser never prints (the CDKTF generator's parser -> models -> emitters split).
//
// ProviderModel/ResourceModel/AttributeModel/Validator are also the provider contract: the same
// shapes are written, with their values, into generated/provider/model.ts (docs/provider-model.md).

/** cty type JSON as `terraform providers schema -json` prints it. */
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

/** Plan-time validation metadata; `message` is the host's (Ajv's) message for the same failure. */
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
  /** The reference's x-takoform-target-formrefs, when it pins exact target definitions. */
  targetFormRefs?: ExactFormRef[];
  /** The reference's x-takoform-required-interface, when it requires an Interface instead. */
  requiredInterface?: InterfaceRef;
}

export interface AttributeModel {
  /** snake_case Terraform attribute name. */
  name: string;
  /** Exact camelCase wire member. */
  wireName: string;
  description: string;
  /** cty type JSON of the attribute's value (for nested attributes, the implied object type). */
  type: CtyType;
  nested?: { nesting: Nesting; attributes: AttributeModel[] };
  required: boolean;
  optional: boolean;
  computed: boolean;
  sensitive: boolean;
  /** Wire-JSON default planned when the author omits the attribute. */
  default?: unknown;
  requiresReplace: boolean;
  reference?: ReferenceModel;
  /** Exact Binding contract (acceptedBindings entry) governing the references inside this list. */
  binding?: BindingRef;
  validators: Validator[];
  /** Validators applied to every element of a list, set or map of primitive values. */
  elementValidators?: Validator[];
  /** Validators applied to every member name of a map or a dynamic object. */
  keyValidators?: Validator[];
}

export type Role = "identity" | "revision" | "deployment" | "attachment" | "policy";

export type ManifestKind = "WorkerBundle" | "StaticAssetBundle" | "MigrationBundle";

export interface ResourceModel {
  typeName: string;
  apiVersion: string;
  kind: string;
  role: Role;
  /** Title and description of the default definition. */
  title: string;
  description: string;
  supportedRefs: ExactFormRef[];
  defaultRef: ExactFormRef;
  capabilities: Record<string, string[]>;
  attributes: AttributeModel[];
  outputs: AttributeModel[];
  artifact?: { manifestKind: ManifestKind };
}

export interface ProviderModel {
  source: string;
  version: string;
  resources: ResourceModel[];
}
