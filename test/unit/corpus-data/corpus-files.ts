// Shared loaders for the corpus-data tests. The corpus is read from disk as the bytes it pins; the
// reference specification is read at run time from ../shared (never copied into the repository).

import { cpSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { REFERENCE_DIR } from "../../support/reference.js";
import type { BindingDefinition, FormDefinition, InterfaceDefinition } from "../../../corpus/lib/index.js";

export const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const corpusDir = path.join(repoDir, "corpus");
export const referenceDir = REFERENCE_DIR;
export const referenceSchemasDir = path.join(referenceDir, "spec/schemas");
export const referenceFormsDir = path.join(referenceDir, "forms/candidates/edge/v1beta1");
export const referenceInterfacesDir = path.join(referenceDir, "interfaces/candidates/v1alpha1");
export const referenceBindingsDir = path.join(referenceDir, "bindings/candidates/v1alpha1");

export function readJson<T = unknown>(file: string): T {
  return JSON.parse(readFileSync(file, "utf8")) as T;
}

/** Every file below `dir`, as paths relative to `dir` with / separators, sorted. */
export function filesBelow(dir: string): string[] {
  const out: string[] = [];
  const visit = (rel: string): void => {
    for (const name of readdirSync(path.join(dir, rel)).sort()) {
      const child = rel ? `${rel}/${name}` : name;
      if (statSync(path.join(dir, child)).isDirectory()) visit(child);
      else out.push(child);
    }
  };
  visit("");
  return out;
}

export interface CorpusForm {
  /** Package directory relative to corpus/. */
  dir: string;
  definition: FormDefinition;
}

export function corpusForms(): CorpusForm[] {
  return filesBelow(path.join(corpusDir, "forms"))
    .filter((rel) => rel.endsWith("/definition.json"))
    .map((rel) => ({ dir: `forms/${path.posix.dirname(rel)}`, definition: readJson<FormDefinition>(path.join(corpusDir, "forms", rel)) }));
}

export function corpusForm(kind: string, definitionVersion = "0.1.0"): CorpusForm {
  const found = corpusForms().find((f) => f.definition.kind === kind && f.definition.definitionVersion === definitionVersion);
  if (!found) throw new Error(`no ${kind}@${definitionVersion} in the corpus`);
  return found;
}

export function corpusInterfaces(): { path: string; definition: InterfaceDefinition }[] {
  return filesBelow(path.join(corpusDir, "interfaces")).map((rel) => ({
    path: `interfaces/${rel}`,
    definition: readJson<InterfaceDefinition>(path.join(corpusDir, "interfaces", rel)),
  }));
}

export function corpusBindings(): { path: string; definition: BindingDefinition }[] {
  return filesBelow(path.join(corpusDir, "bindings")).map((rel) => ({
    path: `bindings/${rel}`,
    definition: readJson<BindingDefinition>(path.join(corpusDir, "bindings", rel)),
  }));
}

export function corpusSchemaFiles(): string[] {
  return filesBelow(path.join(corpusDir, "schemas")).filter((rel) => rel.endsWith(".schema.json"));
}

/** The reference candidate definition of `kind`, read at run time. */
export function referenceForm(kind: string): FormDefinition {
  for (const dir of readdirSync(referenceFormsDir)) {
    const file = path.join(referenceFormsDir, dir, "definition.json");
    try {
      const definition = readJson<FormDefinition>(file);
      if (definition.kind === kind) return definition;
    } catch {
      // not a package directory
    }
  }
  throw new Error(`reference has no ${kind}`);
}

/** Copies the corpus data (not corpus/lib, not corpus/tools) into `dir`. */
export function copyCorpusData(dir: string): void {
  cpSync(corpusDir, dir, {
    recursive: true,
    filter: (src) => {
      const top = path.relative(corpusDir, src).split(path.sep)[0];
      return top !== "lib" && top !== "tools";
    },
  });
}
