// Builds the host's installed set from Form Package directories through corpus/lib's loadCatalog
// (which verifies every package and definition and fails closed), and derives once per Form what
// the lifecycle needs: defaults, capabilities, compiled validators.

import path from "node:path";
import {
  compileSchema,
  corpusRoot,
  formatSchemaErrors,
  loadCatalog,
  materializeDefaults,
  type InstalledForm,
  type JsonObject,
} from "../../corpus/lib/index.js";
import { HostCatalog } from "./host-catalog.js";
import type { Diagnostic, HostForm } from "./host-form.js";

/** The built-in corpus: the Edge Platform Family packages and the contracts they cite. */
export function builtinFormDirs(): string[] {
  const root = corpusRoot();
  return [path.join(root, "forms"), path.join(root, "interfaces"), path.join(root, "bindings")];
}

export function hostForm(installed: InstalledForm): HostForm {
  const definition = installed.definition;
  const outputSchema = definition.outputSchema;
  const capabilities = [...installed.capabilities];
  return {
    ref: installed.ref,
    installed,
    packageDigest: installed.packageDigest,
    capabilities,
    declaresUpdate: capabilities.includes("update"),
    role: definition.role,
    immutableFields: [...(definition.immutableFields ?? [])],
    materialize: (spec: JsonObject) => materializeDefaults(definition.desiredSchema, spec),
    validateDesired(spec: JsonObject): Diagnostic[] {
      const validate = compileSchema(definition.desiredSchema);
      if (validate(spec)) return [];
      const errors = validate.errors ?? [];
      const messages = formatSchemaErrors(errors);
      return errors.map((error, index): Diagnostic => {
        const diagnostic: Diagnostic = { severity: "error", message: messages[index] ?? error.message ?? error.keyword };
        const field = diagnosticField(error);
        if (field !== "") diagnostic.field = field;
        return diagnostic;
      });
    },
    declaresOutputs: outputSchema !== undefined,
    validateOutputs(outputs: JsonObject): string[] {
      if (outputSchema === undefined) return [];
      const validate = compileSchema(outputSchema);
      return validate(outputs) ? [] : formatSchemaErrors(validate.errors);
    },
  };
}

/** The pointer a diagnostic is about: the missing or unexpected member itself where there is one. */
function diagnosticField(error: { instancePath: string; keyword: string; params: Record<string, unknown> }): string {
  const member =
    error.keyword === "required"
      ? error.params.missingProperty
      : error.keyword === "additionalProperties"
        ? error.params.additionalProperty
        : error.keyword === "unevaluatedProperties"
          ? error.params.unevaluatedProperty
          : undefined;
  return typeof member === "string" ? `${error.instancePath}/${member.replace(/~/g, "~0").replace(/\//g, "~1")}` : error.instancePath;
}

/** Loads the built-in corpus (unless excluded) and every --forms directory, in that order. */
export function loadHostCatalog(options: { builtin: boolean; formDirs: readonly string[] }): HostCatalog {
  const dirs = [...(options.builtin ? builtinFormDirs() : []), ...options.formDirs];
  const catalog = loadCatalog(dirs);
  return new HostCatalog({
    forms: catalog.forms().map(hostForm),
    interfaces: catalog.interfaces(),
    bindings: catalog.bindings(),
  });
}
