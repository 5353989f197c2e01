// Interface and Binding Definitions: digest-bound documents distributed outside Form Packages.
// Their schemaDigest is the canonical digest of the whole definition document.

import { canonicalDigest } from "./digest.js";
import { BINDING_API_PREFIX, INTERFACE_API_PREFIX, isInterfaceRef } from "./form-ref.js";
import { isPlainObject } from "./json-file.js";
import type { BindingDefinition, BindingRef, InterfaceDefinition, InterfaceRef } from "./types.js";
import { ROLES } from "./types.js";

export type ContractDefinition =
  | { type: "interface"; ref: InterfaceRef; definition: InterfaceDefinition }
  | { type: "binding"; ref: BindingRef; definition: BindingDefinition };

const NAME = /^[a-z][a-z0-9]*(?:[.-][a-z][a-z0-9]*)*$/;
const VERSION = /^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$/;

/** Which contract document `value` claims to be, from apiVersion and kind alone. */
export function contractDocumentType(value: unknown): "interface" | "binding" | undefined {
  if (!isPlainObject(value) || typeof value.apiVersion !== "string") return undefined;
  if (value.kind === "InterfaceDefinition" && value.apiVersion.startsWith(INTERFACE_API_PREFIX)) return "interface";
  if (value.kind === "BindingDefinition" && value.apiVersion.startsWith(BINDING_API_PREFIX)) return "binding";
  return undefined;
}

/** Checks a contract document and computes its exact ref; problems are prefixed with `label`. */
export function readContractDefinition(value: unknown, label: string): { ok: true; contract: ContractDefinition } | { ok: false; problems: string[] } {
  const type = contractDocumentType(value);
  if (type === undefined || !isPlainObject(value)) return { ok: false, problems: [`${label}: not an Interface or Binding Definition`] };
  const problems: string[] = [];
  if (typeof value.name !== "string" || !NAME.test(value.name)) problems.push(`${label}: /name: must be a dotted lowercase contract name`);
  if (typeof value.version !== "string" || !VERSION.test(value.version)) problems.push(`${label}: /version: must be MAJOR.MINOR.PATCH`);
  if (type === "binding") {
    if (!isInterfaceRef(value.targetInterface)) problems.push(`${label}: /targetInterface: must be an exact InterfaceRef`);
    if (value.sourceRole !== undefined && !(ROLES as readonly unknown[]).includes(value.sourceRole)) problems.push(`${label}: /sourceRole: must be a role`);
    if (value.allowedTargetForms !== undefined && !Array.isArray(value.allowedTargetForms)) problems.push(`${label}: /allowedTargetForms: must be an array`);
  }
  if (problems.length > 0) return { ok: false, problems };
  const ref = {
    apiVersion: value.apiVersion as string,
    name: value.name as string,
    version: value.version as string,
    schemaDigest: canonicalDigest(value),
  };
  return type === "interface"
    ? { ok: true, contract: { type, ref, definition: value as unknown as InterfaceDefinition } }
    : { ok: true, contract: { type, ref, definition: value as unknown as BindingDefinition } };
}
