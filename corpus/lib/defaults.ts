// Portable defaults (Host API v1beta1 "Portable defaults"): every top-level property default the
// desiredSchema declares is materialized into the spec before it is validated, digested, stored or
// echoed. Only absent properties are filled; a present property keeps its written value.

import { canonicalDigest } from "./digest.js";
import { isPlainObject } from "./json-file.js";
import type { JsonSchema } from "./types.js";

/** The declared top-level defaults of a desiredSchema, by property name. */
export function declaredDefaults(desiredSchema: JsonSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const properties = desiredSchema.properties;
  if (!isPlainObject(properties)) return out;
  for (const [name, schema] of Object.entries(properties)) {
    if (isPlainObject(schema) && Object.prototype.hasOwnProperty.call(schema, "default")) setMember(out, name, schema.default);
  }
  return out;
}

/**
 * A copy of `spec` with every absent top-level defaulted property filled (deep-cloned, so the
 * schema's default is never shared). `spec` itself is not modified. A non-object spec is returned
 * unchanged: validation reports it.
 */
export function materializeDefaults<T>(desiredSchema: JsonSchema, spec: T): T {
  if (!isPlainObject(spec)) return spec;
  const defaults = declaredDefaults(desiredSchema);
  const out: Record<string, unknown> = { ...spec };
  for (const [name, value] of Object.entries(defaults)) {
    if (!Object.prototype.hasOwnProperty.call(spec, name)) setMember(out, name, structuredClone(value));
  }
  return out as T;
}

/**
 * specDigest: the canonical digest of the MATERIALIZED desired spec. Pass the desiredSchema to
 * materialize first; without it `spec` must already be materialized.
 */
export function specDigest(spec: unknown, desiredSchema?: JsonSchema): string {
  return canonicalDigest(desiredSchema === undefined ? spec : materializeDefaults(desiredSchema, spec));
}

function setMember(target: Record<string, unknown>, name: string, value: unknown): void {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
}
