// Finds the provider model and resource schemas: generated/provider/ (what
// codegen commits: model.ts, compiled with this package, and schema.json), or
// the directory named by TAKOFORM_PROVIDER_MODEL_DIR (schema.json plus
// model.json; used by tests and fixtures).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { corpusRoot } from "../../corpus/lib/root.js";
import type { ProviderSchemasDocument, SchemaJson } from "../schema/schema-json.js";
import type { ProviderModel, ResourceModel } from "./types.js";

export const PROVIDER_SOURCE = "registry.terraform.io/takoform/takoform";
export const MODEL_DIR_ENV = "TAKOFORM_PROVIDER_MODEL_DIR";
/** Host-extension resource types (not Forms; provider-bridge/extensions/): schema.json carries them, the model does not. */
export const HOST_EXTENSION_TYPES: readonly string[] = ["takoform_secret"];

export interface LoadedResource {
  model: ResourceModel;
  schema: SchemaJson;
}

export interface LoadedModel {
  /** Where the model was read from, for logs and diagnostics. */
  source: string;
  resources: LoadedResource[];
  /** Schemas of the host-extension types schema.json carries, by type name. */
  extensions: Record<string, SchemaJson>;
  /** Inconsistencies between model and schema; served as errors. */
  problems: string[];
}

function repoRoot(): string {
  return dirname(corpusRoot());
}

async function readModel(dir: string, custom: boolean): Promise<ProviderModel | undefined> {
  if (!custom) return (await import("../../generated/provider/model.js")).providerModel;
  const json = join(dir, "model.json");
  return existsSync(json) ? (JSON.parse(readFileSync(json, "utf8")) as ProviderModel) : undefined;
}

export async function loadProviderModel(env: NodeJS.ProcessEnv = process.env): Promise<LoadedModel> {
  const custom = env[MODEL_DIR_ENV] || undefined;
  const dir = custom ?? join(repoRoot(), "generated", "provider");
  const schemaPath = join(dir, "schema.json");
  if (!existsSync(schemaPath)) {
    return { source: dir, resources: [], extensions: {}, problems: custom ? [`${schemaPath} does not exist`] : [] };
  }
  const doc = JSON.parse(readFileSync(schemaPath, "utf8")) as ProviderSchemasDocument;
  const model = await readModel(dir, Boolean(custom));
  const problems: string[] = [];
  if (!model) return { source: dir, resources: [], extensions: {}, problems: [`no provider model (model.json) next to ${schemaPath}`] };
  const schemas = doc.provider_schemas?.[PROVIDER_SOURCE]?.resource_schemas ?? {};
  const resources: LoadedResource[] = [];
  for (const m of model.resources) {
    const schema = schemas[m.typeName];
    if (!schema) {
      problems.push(`the model has ${m.typeName} but ${schemaPath} has no schema for it`);
      continue;
    }
    resources.push({ model: m, schema });
  }
  const extensions: Record<string, SchemaJson> = {};
  for (const [typeName, schema] of Object.entries(schemas)) {
    if (HOST_EXTENSION_TYPES.includes(typeName)) extensions[typeName] = schema;
    else if (!model.resources.some((m) => m.typeName === typeName)) problems.push(`${schemaPath} has ${typeName} but the model does not`);
  }
  return { source: dir, resources, extensions, problems };
}
