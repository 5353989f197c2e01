// What the host-rules tests read: the project's own corpus (Form Packages, Interface and Binding
// Definitions, artifacts) through corpus/lib's catalog and deriveRelations, and, at run time only,
// the reference conformance contract for its pinned module sources.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  canonicalDigest,
  corpusRoot,
  deriveRelations,
  loadCatalog,
  type BindingDefinition,
  type BindingRef,
  type Catalog,
  type ExactFormRef,
  type FormDefinition,
  type InterfaceDefinition,
  type InterfaceRef,
  type RelationSpec,
  EDGE_GROUP,
} from "../../../../corpus/lib/index.js";
import { REFERENCE_DIR } from "../../../support/reference.js";

export const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
export const referenceDir = REFERENCE_DIR;
export const conformanceDir = path.join(referenceDir, "conformance/portable-host-v1beta1");
export const artifactsDir = path.join(corpusRoot(), "artifacts");

const EDGE = EDGE_GROUP;
let cached: Catalog | undefined;

export function catalog(): Catalog {
  cached ??= loadCatalog(["forms", "bindings", "interfaces"].map((d) => path.join(corpusRoot(), d)));
  return cached;
}

/** A deep copy of the installed Definition of a kind (definition version 0.1.0 unless given). */
export function definition(kind: string, definitionVersion = "0.1.0"): FormDefinition {
  const form = catalog()
    .formsOf(EDGE, kind)
    .find((f) => f.ref.definitionVersion === definitionVersion);
  if (form === undefined) throw new Error(`no installed ${kind}@${definitionVersion}`);
  return structuredClone(form.definition);
}

/** ModuleWorker@0.2.0: right group and kind, no providedInterfaces. */
export function secondModuleWorkerDefinition(): FormDefinition {
  return definition("ModuleWorker", "0.2.0");
}

/** The exact ref of a Definition (schemaDigest = RFC 8785 digest of the definition document). */
export function refOf(def: FormDefinition): ExactFormRef {
  return { apiVersion: def.apiVersion, kind: def.kind, definitionVersion: def.definitionVersion, schemaDigest: canonicalDigest(def) };
}

export function bindingContract(name: string): { ref: BindingRef; definition: BindingDefinition } {
  const b = catalog()
    .bindings()
    .find((x) => x.ref.name === name);
  if (b === undefined) throw new Error(`no installed binding ${name}`);
  return structuredClone({ ref: b.ref, definition: b.definition });
}

export function interfaceDefinition(name: string): { ref: InterfaceRef; definition: InterfaceDefinition } {
  const i = catalog()
    .interfaces()
    .find((x) => x.ref.name === name);
  if (i === undefined) throw new Error(`no installed interface ${name}`);
  return structuredClone({ ref: i.ref, definition: i.definition });
}

/** corpus/lib's derivation over the Definition's desiredSchema. */
export function relationsOf(def: FormDefinition): RelationSpec[] {
  return deriveRelations(def.desiredSchema);
}

export function conformanceRunnerInput(): Record<string, Record<string, unknown>> {
  const contract = JSON.parse(fs.readFileSync(path.join(conformanceDir, "contract.json"), "utf8")) as { runnerInput: Record<string, Record<string, unknown>> };
  return contract.runnerInput;
}

/** A corpus artifact: its manifest and a reader of its blobs by digest. */
export function corpusArtifact(rel: string): { manifest: Record<string, unknown>; readBlob: (digest: string) => Uint8Array | undefined; dir: string } {
  const dir = path.join(artifactsDir, rel);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8")) as Record<string, unknown>;
  const entries = ((manifest["modules"] ?? manifest["files"]) as { name?: string; path?: string; digest: string }[]) ?? [];
  const byDigest = new Map(entries.map((e) => [e.digest, path.join(dir, e.name ?? e.path ?? "")]));
  return {
    manifest,
    dir,
    readBlob: (digest) => {
      const file = byDigest.get(digest);
      return file === undefined ? undefined : new Uint8Array(fs.readFileSync(file));
    },
  };
}
