// The provider model (docs/provider-model.md): one ResourceModel per Terraform resource type,
// which codegen builds from the Form Packages and the provider dispatches on. Declared once,
// here, because both sides import corpus/lib: codegen/model/types.ts re-exports these types,
// generated/provider/model.ts types its literal with them, and provider-bridge reads them
// through the generated module. Types only: nothing here exists at run time.
import type { BindingRef, ExactFormRef, InterfaceRef, Role } from "./types.js";

export type { BindingRef, ExactFormRef, InterfaceRef, Role };

/** cty type JSON as `terraform providers schema -json` prints it. */
export type CtyType =
  | "string"
  | "number"
  | "bool"
  | "dynamic"
  | ["list" | "set" | "map", CtyType]
  | ["object", { [attribute: string]: CtyType }];

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
  /** A string (or list/set of strings) holding the name of a resource of this group and kind. */
  reference?: ReferenceModel;
  /** Exact Binding contract (acceptedBindings entry) governing the references inside this list. */
  binding?: BindingRef;
  validators: Validator[];
  /** Validators applied to every element of a list, set or map of primitive values. */
  elementValidators?: Validator[];
  /** Validators applied to every member name of a map or a dynamic object. */
  keyValidators?: Validator[];
}

export type ManifestKind = "WorkerBundle" | "StaticAssetBundle" | "MigrationBundle";

export interface ResourceModel {
  typeName: string;
  apiVersion: string;
  kind: string;
  role: Role;
  /** Title and description of the default definition. */
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
