// Reads the reference Edge Platform Family at run time (never copied into the repo) and derives
// what the host-rules tests need from it: exact refs, Definitions, Binding contracts, and the
// relations of a desiredSchema.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  canonicalDigest,
  type BindingDefinition,
  type BindingRef,
  type ExactFormRef,
  type FormDefinition,
  type InterfaceDefinition,
  type InterfaceRef,
  type RelationSpec,
} from "../../../../corpus/lib/index.js";

export const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
export const referenceDir = path.resolve(repoDir, "../shared/reference/takoform");
const formsDir = path.join(referenceDir, "forms/candidates/edge/v1beta1");
const bindingsDir = path.join(referenceDir, "bindings/candidates/v1alpha1");
const interfacesDir = path.join(referenceDir, "interfaces/candidates/v1alpha1");
export const conformanceDir = path.join(referenceDir, "conformance/portable-host-v1beta1");

const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(file, "utf8"));

const FORM_DIRS: Record<string, string> = {
  AtLeastOnceQueue: "at-least-once-queue",
  EdgeKVNamespace: "edge-kv-namespace",
  ModuleWorker: "module-worker",
  ObjectBucket: "object-bucket",
  QueueConsumer: "queue-consumer",
  SQLiteDatabase: "sqlite-database",
  SQLiteMigrationApplication: "sqlite-migration-application",
  SQLiteMigrationSet: "sqlite-migration-set",
  StaticAssetBundle: "static-asset-bundle",
  WorkerBundle: "worker-bundle",
  WorkerCronTrigger: "worker-cron-trigger",
  WorkerCustomDomain: "worker-custom-domain",
  WorkerDeployment: "worker-deployment",
  WorkerEndpoint: "worker-endpoint",
  WorkerVersion: "worker-version",
};

export function definition(kind: string): FormDefinition {
  const dir = FORM_DIRS[kind];
  if (dir === undefined) throw new Error(`no reference Form ${kind}`);
  return readJson(path.join(formsDir, dir, "definition.json")) as FormDefinition;
}

/** The conformance-only ModuleWorker@0.2.0: right group and kind, no providedInterfaces. */
export function secondModuleWorkerDefinition(): FormDefinition {
  return readJson(path.join(conformanceDir, "fixtures/synthetic-module-worker-second-definition.json")) as FormDefinition;
}

export function refOf(def: FormDefinition): ExactFormRef {
  return { apiVersion: def.apiVersion, kind: def.kind, definitionVersion: def.definitionVersion, schemaDigest: canonicalDigest(def) };
}

export function bindingContract(name: string): { ref: BindingRef; definition: BindingDefinition } {
  const definition = readJson(path.join(bindingsDir, name, "definition.json")) as BindingDefinition;
  return {
    ref: { apiVersion: definition.apiVersion, name: definition.name, version: definition.version, schemaDigest: canonicalDigest(definition) },
    definition,
  };
}

export function interfaceDefinition(name: string): { ref: InterfaceRef; definition: InterfaceDefinition } {
  const definition = readJson(path.join(interfacesDir, name, "definition.json")) as InterfaceDefinition;
  return {
    ref: { apiVersion: definition.apiVersion, name: definition.name, version: definition.version, schemaDigest: canonicalDigest(definition) },
    definition,
  };
}

export function conformanceRunnerInput(): Record<string, Record<string, unknown>> {
  const contract = readJson(path.join(conformanceDir, "contract.json")) as { runnerInput: Record<string, Record<string, unknown>> };
  return contract.runnerInput;
}

/**
 * Test-side relation derivation over a desiredSchema (top-level properties, nested objects and
 * array items), used until the corpus library's deriveRelations is available to these tests.
 */
export function relationsOf(def: FormDefinition): RelationSpec[] {
  const out: RelationSpec[] = [];
  const visit = (schema: Record<string, unknown>, pointer: string, binding: string | undefined): void => {
    const formRefs = schema["x-takoform-target-formrefs"] as ExactFormRef[] | undefined;
    const iface = schema["x-takoform-required-interface"] as InterfaceRef | undefined;
    const props = schema["properties"] as Record<string, Record<string, unknown>> | undefined;
    if (formRefs !== undefined || iface !== undefined) {
      const apiVersion = (props?.["apiVersion"]?.["const"] ?? "") as string;
      const kind = (props?.["kind"]?.["const"] ?? "") as string;
      const spec: RelationSpec = { pointer, relation: pointer.split("/").pop() ?? "", targetApiVersion: apiVersion, targetKind: kind };
      if (formRefs !== undefined) spec.targetFormRefs = formRefs;
      if (iface !== undefined) spec.requiredInterface = iface;
      if (binding !== undefined) spec.binding = binding;
      out.push(spec);
      return;
    }
    for (const [name, child] of Object.entries(props ?? {})) {
      visit(child, `${pointer}/${name}`, binding);
    }
    const items = schema["items"] as Record<string, unknown> | undefined;
    if (items !== undefined && typeof items === "object") {
      visit(items, `${pointer}/*`, (schema["x-takoform-binding"] as string | undefined) ?? binding);
    }
  };
  visit(def.desiredSchema as Record<string, unknown>, "", undefined);
  return out;
}
