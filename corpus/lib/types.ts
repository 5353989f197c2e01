// Shared types of the corpus library. Member names follow the Takoform specification.

export type JsonValue = null | boolean | number | string | JsonValue[] | { [member: string]: JsonValue };
export type JsonObject = { [member: string]: JsonValue };

/** The whole exact identity of one Form definition. */
export interface ExactFormRef {
  apiVersion: string;
  kind: string;
  definitionVersion: string;
  schemaDigest: string;
}

/** A Form line (group/version + kind) without a pinned definition. */
export interface FormGroupKind {
  apiVersion: string;
  kind: string;
}

export type Role = "identity" | "revision" | "deployment" | "attachment" | "policy";
export const ROLES: readonly Role[] = ["identity", "revision", "deployment", "attachment", "policy"];

export type LifecycleCapability = "create" | "read" | "update" | "delete" | "import" | "observe" | "refresh";

export interface InterfaceRef {
  apiVersion: string;
  name: string;
  version: string;
  schemaDigest: string;
}

export interface BindingRef {
  apiVersion: string;
  name: string;
  version: string;
  schemaDigest: string;
}

/** A JSON Schema document as carried by a definition (draft 2020-12, plus x-takoform-* keywords). */
export type JsonSchema = { [keyword: string]: unknown };

export interface ConformanceFixture {
  name: string;
  desiredPath: string;
  observedPath?: string;
  outputPath?: string;
}

export interface NegativeConformanceFixture {
  name: string;
  stage: "desired" | "observed" | "output";
  inputPath: string;
  expectedFailure: string;
}

/** The parsed definition.json of a Form Package. */
export interface FormDefinition {
  apiVersion: string;
  kind: string;
  definitionVersion: string;
  title: string;
  description?: string;
  role: Role;
  desiredSchema: JsonSchema;
  observedSchema?: JsonSchema;
  outputSchema?: JsonSchema;
  lifecycleCapabilities: LifecycleCapability[];
  immutableFields?: string[];
  providedInterfaces?: InterfaceRef[];
  acceptedBindings?: BindingRef[];
  conformanceFixtures?: ConformanceFixture[];
  negativeConformanceFixtures?: NegativeConformanceFixture[];
}

/** One entry of package-index.json "files". */
export interface PackageFileEntry {
  path: string;
  mediaType: string;
  size: number;
  digest: string;
}

/** package-index.json of a Form Package. */
export interface PackageIndex {
  apiVersion: string;
  kind: "FormPackage";
  formRef: ExactFormRef;
  definitionPath: string;
  files: PackageFileEntry[];
}

/** A relation derived from a desiredSchema: one reference field (or pattern of fields). */
export interface RelationSpec {
  /** JSON pointer pattern; "*" stands for any array index or map member: "/worker", "/versions/*\/workerVersion". */
  pointer: string;
  /** Last member name of the pointer: "worker", "workerVersion", "resource". */
  relation: string;
  targetApiVersion: string;
  targetKind: string;
  /** Exactly one of targetFormRefs / requiredInterface is present. */
  targetFormRefs?: ExactFormRef[];
  requiredInterface?: InterfaceRef;
  /** x-takoform-binding name of the enclosing list, when the reference sits in a binding list. */
  binding?: string;
}

/** A Form Package installed into a catalog. */
export interface InstalledForm {
  ref: ExactFormRef;
  definition: FormDefinition;
  packageDigest: string;
  dir: string;
  relations: RelationSpec[];
  defaults: Record<string, unknown>;
  capabilities: string[];
}

export interface InterfaceOperation {
  name: string;
  description?: string;
  [member: string]: unknown;
}

/** An Interface Definition document (interfaces.takoform.com). */
export interface InterfaceDefinition {
  apiVersion: string;
  kind: "InterfaceDefinition";
  name: string;
  version: string;
  title?: string;
  description?: string;
  operations?: InterfaceOperation[];
  [member: string]: unknown;
}

/** A Binding Definition document (bindings.takoform.com). */
export interface BindingDefinition {
  apiVersion: string;
  kind: "BindingDefinition";
  name: string;
  version: string;
  title?: string;
  description?: string;
  sourceRole?: Role;
  targetInterface: InterfaceRef;
  allowedTargetForms?: FormGroupKind[];
  bindingNameGrammar?: string;
  [member: string]: unknown;
}

/** An Interface or Binding installed into a catalog, with its recomputed schemaDigest. */
export interface InstalledInterface {
  ref: InterfaceRef;
  definition: InterfaceDefinition;
  path: string;
}

export interface InstalledBinding {
  ref: BindingRef;
  definition: BindingDefinition;
  path: string;
}

export type Result<T, E = string[]> = ({ ok: true } & T) | { ok: false; problems: E };
