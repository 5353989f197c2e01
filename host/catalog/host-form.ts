// One installed Form as the host serves it: the corpus InstalledForm plus what the host derives
// from it once at start-up (compiled desired/output validators, top-level defaults, capabilities).

import type { ExactFormRef, InstalledForm, JsonObject } from "../../corpus/lib/index.js";

export interface Diagnostic {
  severity: "error" | "warning";
  /** JSON pointer into the spec, when the problem has a location. */
  field?: string;
  message: string;
}

export interface HostForm {
  readonly ref: ExactFormRef;
  readonly installed: InstalledForm;
  readonly packageDigest: string;
  /** The lifecycle capabilities this Form's definition derives (create, read, ...). */
  readonly capabilities: readonly string[];
  readonly declaresUpdate: boolean;
  readonly role: string;
  /** JSON pointers of immutable desired fields. */
  readonly immutableFields: readonly string[];
  /** Fills absent top-level properties from declared defaults (Portable defaults). */
  materialize(spec: JsonObject): JsonObject;
  /** Diagnostics of the materialized spec against the installed desiredSchema. */
  validateDesired(spec: JsonObject): Diagnostic[];
  /** Problems of a status.outputs document against the declared outputSchema, if one is declared. */
  readonly declaresOutputs: boolean;
  validateOutputs(outputs: JsonObject): string[];
}
