// JSON Schema 2020-12 validation of specs against a Form's desiredSchema (or any other schema).
// Validators are compiled lazily and cached: by object identity, then by the schema's canonical
// digest, so one definition is compiled once however many times it is loaded.
// x-takoform-* annotations are unknown keywords to Ajv; strict mode is off so they are ignored.

import { createRequire } from "node:module";
import type { Ajv2020, ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import { canonicalDigest } from "./digest.js";

export type { ErrorObject, ValidateFunction };

// Ajv is loaded on the first compile, not at import: a host start never compiles (ADR 0141).
const require = createRequire(import.meta.url);

function newAjv(): Ajv2020 {
  const { Ajv2020: Ajv } = require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js");
  const formats = require("ajv-formats") as { default?: (ajv: Ajv2020) => Ajv2020 } & ((ajv: Ajv2020) => Ajv2020);
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  (formats.default ?? formats)(ajv);
  return ajv;
}

let shared: Ajv2020 | undefined;
const byObject = new WeakMap<object, ValidateFunction>();
const byDigest = new Map<string, ValidateFunction>();

/** A compiled validator for `schema` (cached). Throws when the schema itself is invalid. */
export function compileSchema(schema: object, schemaDigest?: string): ValidateFunction {
  const cached = byObject.get(schema);
  if (cached) return cached;
  const digest = schemaDigest ?? canonicalDigest(schema);
  let validate = byDigest.get(digest);
  if (!validate) {
    shared ??= newAjv();
    try {
      validate = shared.compile(schema);
    } catch (error) {
      // Two different schemas declaring one $id cannot share an Ajv instance.
      if (!/already exists/.test((error as Error).message)) throw error;
      validate = newAjv().compile(schema);
    }
    byDigest.set(digest, validate);
  }
  byObject.set(schema, validate);
  return validate;
}

/** Ajv errors as "pointer: message" lines; the pointer names the offending instance location. */
export function formatSchemaErrors(errors: readonly ErrorObject[] | null | undefined): string[] {
  if (!errors) return [];
  return errors.map((error) => {
    let pointer = error.instancePath;
    let message = error.message ?? error.keyword;
    if (error.keyword === "required" && typeof error.params.missingProperty === "string") {
      pointer += "/" + escape(error.params.missingProperty);
      message = "is required";
    } else if (error.keyword === "additionalProperties" && typeof error.params.additionalProperty === "string") {
      pointer += "/" + escape(error.params.additionalProperty);
      message = "is not allowed (no such property)";
    } else if (error.keyword === "unevaluatedProperties" && typeof error.params.unevaluatedProperty === "string") {
      pointer += "/" + escape(error.params.unevaluatedProperty);
      message = "is not allowed (unevaluated property)";
    } else if ((error.keyword === "enum" || error.keyword === "const") && error.params) {
      const allowed = error.keyword === "enum" ? error.params.allowedValues : [error.params.allowedValue];
      message = `${message}: ${(allowed as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
    }
    return `${pointer === "" ? "(root)" : pointer}: ${message}`;
  });
}

/** Validates `value`; returns the formatted problems (empty when valid). */
export function validateAgainst(schema: object, value: unknown, schemaDigest?: string): string[] {
  const validate = compileSchema(schema, schemaDigest);
  return validate(value) ? [] : formatSchemaErrors(validate.errors);
}

function escape(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}
