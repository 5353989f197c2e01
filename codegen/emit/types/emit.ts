// Form definitions -> generated/types/: a TypeScript type for every definition's desired spec
// (<Kind>Spec) and declared outputs (<Kind>Outputs), via json-schema-to-typescript.
//
// Layout: types/<kebab-kind>/<definitionVersion>.ts per exact definition, and types/index.ts
// exporting each kind's default definition by plain name and every definition as a namespace.

import { compile } from "json-schema-to-typescript";
import { kindKebab } from "../../model/naming.js";
import type { ExactFormRef, ProviderModel } from "../../model/types.js";
import type { LoadedForm } from "../../parse/load.js";
import { GENERATED_HEADER } from "../header.js";

/** json-schema-to-typescript options of every generated type file (types/ and wire/). */
export const COMPILE_OPTIONS = {
  bannerComment: "",
  additionalProperties: false,
  ignoreMinAndMaxItems: true,
  strictIndexSignatures: true,
  unknownAny: true,
  declareExternallyReferenced: true,
  unreachableDefinitions: false,
  format: true,
  style: { printWidth: 110, singleQuote: false, trailingComma: "all" as const },
};

/** JSDoc text for a description (no comment terminator can leak out). */
function jsDoc(description: unknown): string {
  if (typeof description !== "string" || description === "") return "";
  return `/**\n${description
    .replaceAll("*/", "*\\/")
    .split("\n")
    .map((l) => ` * ${l}`.trimEnd())
    .join("\n")}\n */\n`;
}

async function typeFor(schema: Record<string, unknown>, name: string): Promise<string> {
  // A closed object without properties admits only {}: `interface X {}` would admit anything.
  const props = schema.properties;
  if (schema.additionalProperties === false && (props === undefined || (typeof props === "object" && props !== null && Object.keys(props).length === 0))) {
    return `${jsDoc(schema.description)}export type ${name} = Record<string, never>;`;
  }
  const copy = structuredClone(schema);
  copy.title = name;
  delete copy.$schema;
  return (await compile(copy as Parameters<typeof compile>[0], name, COMPILE_OPTIONS)).trim();
}

export function versionFile(ref: ExactFormRef): string {
  return `${kindKebab(ref.kind)}/${ref.definitionVersion}.ts`;
}

export function namespaceName(ref: ExactFormRef): string {
  return `${ref.kind}_${ref.definitionVersion.replace(/[^A-Za-z0-9]/g, "_")}`;
}

export async function emitFormTypes(form: LoadedForm): Promise<string> {
  const { kind } = form.ref;
  const parts = [
    GENERATED_HEADER,
    `// ${kind} ${form.ref.definitionVersion} (${form.ref.apiVersion}): desired spec${form.definition.outputSchema ? " and outputs" : ""}.`,
    "",
    "/** The exact Form definition these types were generated from. */",
    `export const formRef = ${JSON.stringify(form.ref, null, 2)} as const;`,
    "",
    await typeFor(form.definition.desiredSchema, `${kind}Spec`),
  ];
  if (form.definition.outputSchema !== undefined) parts.push("", await typeFor(form.definition.outputSchema, `${kind}Outputs`));
  return parts.join("\n") + "\n";
}

export function emitTypesIndex(model: ProviderModel, forms: LoadedForm[]): string {
  const lines = [GENERATED_HEADER, "// Each kind's default definition by plain name; every exact definition as a namespace.", ""];
  for (const r of model.resources) {
    const names = [`${r.kind}Spec`];
    const def = forms.find((f) => f.ref.kind === r.kind && f.ref.definitionVersion === r.defaultRef.definitionVersion);
    if (def?.definition.outputSchema !== undefined) names.push(`${r.kind}Outputs`);
    const file = versionFile(r.defaultRef).replace(/\.ts$/, ".js");
    lines.push(`export type { ${names.join(", ")} } from "./${file}";`);
    for (const ref of r.supportedRefs) {
      lines.push(`export * as ${namespaceName(ref)} from "./${versionFile(ref).replace(/\.ts$/, ".js")}";`);
    }
  }
  return lines.join("\n") + "\n";
}
