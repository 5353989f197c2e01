// Portable defaults (Host API v1beta1 "Portable defaults"): every top-level property default the
// desiredSchema declares is materialized into the spec before it is validated, digested, stored or
// echoed. Only absent properties are filled; a present property keeps its written value.

import { canonicalDigest } from "./digest.js";
import { isPlainObject } from "./json-file.js";
import type { JsonSchema } from "./types.js";

/** The declared top-level defaults of a desiredSchema, by property name. */
export function declaredDefaults(desiredSchema: JsonSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of defaultsOf(desiredSchema)) setMember(out, name, value);
  return out;
}

// A schema's defaults are read once per schema object (a Form's desiredSchema is loaded once and
// kept), not on every request.
const declared = new WeakMap<object, ReadonlyArray<readonly [string, unknown]>>();

function defaultsOf(desiredSchema: JsonSchema): ReadonlyArray<readonly [string, unknown]> {
  let found = declared.get(desiredSchema);
  if (found !== undefined) return found;
  const properties = desiredSchema.properties;
  const list: Array<readonly [string, unknown]> = [];
  if (isPlainObject(properties)) {
    for (const [name, schema] of Object.entries(properties)) {
      if (isPlainObject(schema) && Object.prototype.hasOwnProperty.call(schema, "default")) list.push([name, schema.default]);
    }
  }
  found = list;
  declared.set(desiredSchema, found);
  return found;
}

/**
 * A copy of `spec` with every absent top-level defaulted property filled (deep-cloned, so the
 * schema's default is never shared). `spec` itself is not modified. A non-object spec is returned
 * unchanged: validation reports it.
 */
export function materializeDefaults<T>(desiredSchema: JsonSchema, spec: T): T {
  if (!isPlainObject(spec)) return spec;
  const out: Record<string, unknown> = { ...spec };
  for (const [name, value] of defaultsOf(desiredSchema)) {
    if (!Object.prototype.hasOwnProperty.call(spec, name)) setMember(out, name, typeof value === "object" && value !== null ? structuredClone(value) : value);
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

/** An own, enumerable member, also when the name is "__proto__" (which assignment would not make). */
function setMember(target: Record<string, unknown>, name: string, value: unknown): void {
  if (name === "__proto__") Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
  else target[name] = value;
}
