// Ajv 2020-12 instances for the tests: one loaded with every corpus schema (resolving our $ids),
// one loaded with every reference schema (resolving the reference's $ids).

import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { corpusDir, corpusSchemaFiles, referenceSchemasDir } from "./corpus-files.js";

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

export function newAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv;
}

export const OUR_SCHEMA_BASE = "https://corpus.takoform.invalid/schemas/";

/** Ajv with every corpus/schemas/*.schema.json added under its $id. */
export function corpusAjv(): Ajv2020 {
  const ajv = newAjv();
  for (const rel of corpusSchemaFiles()) ajv.addSchema(JSON.parse(readFileSync(path.join(corpusDir, "schemas", rel), "utf8")));
  return ajv;
}

export const REFERENCE_BASE = "https://forms.takoform.com/schemas/";

/** Ajv with every reference schema added. The reference's package index and support profile name
 *  a retired v1alpha3 FormRef $id; it is served here by the v1beta1 FormRef schema. */
export function referenceAjv(): Ajv2020 {
  const ajv = newAjv();
  for (const name of readdirSync(referenceSchemasDir).filter((n) => n.endsWith(".schema.json"))) {
    const schema = JSON.parse(readFileSync(path.join(referenceSchemasDir, name), "utf8"));
    ajv.addSchema(schema);
    if (name === "form-ref-v1beta1.schema.json") ajv.addSchema({ ...schema, $id: `${REFERENCE_BASE}v1alpha3/form-ref.schema.json` });
  }
  return ajv;
}

export function validator(ajv: Ajv2020, id: string) {
  const validate = ajv.getSchema(id);
  if (!validate) throw new Error(`schema ${id} is not loaded`);
  return validate;
}
