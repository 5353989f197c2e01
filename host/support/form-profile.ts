// The FormSupport profile of one installed Form (host-support-profile v1alpha1): its exact ref,
// its operations, the closed-enum subsets and inclusive ranges this host accepts for its
// top-level desired fields, the binding contracts it implements, and numeric limits.
//
// supportedEnums and supportedRanges are read from the installed desiredSchema, because this
// host accepts every value the definition admits; the one exception is a handler field, which is
// exactly the runtime contract's vocabulary (Support profiles, decision 0019). There is never a
// compatibilityDate range or a compatibilityFlags enum.

import type { JsonObject } from "../../corpus/lib/index.js";
import type { HostCatalog } from "../catalog/host-catalog.js";
import type { HostForm } from "../catalog/host-form.js";
import type { RuntimeContract } from "../rules/support-profiles/runtime-contract.js";
import { HANDLER_FIELDS } from "../rules/support-profiles/undeclared-runtime-handler-rejected.js";
import { formLimits } from "./limits.js";

export const SUPPORT_API_VERSION = "support.takoform.com/v1alpha1";
const FIELD_NAME = /^[a-z][a-zA-Z0-9]{0,63}$/;
const FORBIDDEN_FIELDS = new Set(["compatibilityDate", "compatibilityFlags"]);

type Schema = Record<string, unknown>;

function stringEnum(schema: unknown): string[] | undefined {
  if (typeof schema !== "object" || schema === null) return undefined;
  const values = (schema as Schema).enum;
  if (!Array.isArray(values) || values.length === 0 || !values.every((value) => typeof value === "string")) return undefined;
  return values as string[];
}

function integerRange(schema: Schema): { minimum?: number; maximum?: number } | undefined {
  if (schema.type !== "integer") return undefined;
  const range: { minimum?: number; maximum?: number } = {};
  if (typeof schema.minimum === "number") range.minimum = schema.minimum;
  if (typeof schema.exclusiveMinimum === "number") range.minimum = Math.floor(schema.exclusiveMinimum) + 1;
  if (typeof schema.maximum === "number") range.maximum = schema.maximum;
  if (typeof schema.exclusiveMaximum === "number") range.maximum = Math.ceil(schema.exclusiveMaximum) - 1;
  return range.minimum === undefined && range.maximum === undefined ? undefined : range;
}

export function formSupportProfile(form: HostForm, catalog: HostCatalog, runtime: RuntimeContract | undefined): JsonObject {
  const profile: JsonObject = {
    apiVersion: SUPPORT_API_VERSION,
    kind: "FormSupport",
    formRef: { ...form.ref },
    operations: [...form.capabilities],
  };
  const properties = (form.installed.definition.desiredSchema.properties ?? {}) as Record<string, Schema>;
  const enums: JsonObject = {};
  const ranges: JsonObject = {};
  for (const [field, schema] of Object.entries(properties)) {
    if (!FIELD_NAME.test(field) || FORBIDDEN_FIELDS.has(field) || typeof schema !== "object" || schema === null) continue;
    const handlerField = HANDLER_FIELDS.some((entry) => entry.apiVersion === form.ref.apiVersion && entry.kind === form.ref.kind && entry.field === field);
    const values = handlerField && runtime !== undefined ? runtime.handlers : (stringEnum(schema) ?? stringEnum(schema.items));
    if (values !== undefined && values.length > 0) enums[field] = [...values];
    const range = integerRange(schema);
    if (range !== undefined) ranges[field] = range;
  }
  if (Object.keys(enums).length > 0) profile.supportedEnums = enums;
  if (Object.keys(ranges).length > 0) profile.supportedRanges = ranges;
  const bindings = (form.installed.definition.acceptedBindings ?? [])
    .filter((accepted) => catalog.binding(accepted.name, accepted.version)?.ref.schemaDigest === accepted.schemaDigest)
    .map((accepted) => `${accepted.name}@${accepted.version}`);
  if (bindings.length > 0) profile.supportedBindings = [...new Set(bindings)].sort();
  const limits = formLimits(form.ref.apiVersion, form.ref.kind);
  if (limits !== undefined) profile.limits = limits;
  return profile;
}
