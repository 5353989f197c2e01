// Shape checks and comparisons for exact FormRef, InterfaceRef and BindingRef values.

import { isDigest } from "./digest.js";
import { isPlainObject } from "./json-file.js";
import type { BindingRef, ExactFormRef, InterfaceRef } from "./types.js";

export const INTERFACE_API_PREFIX = "interfaces.takoform.com/";
export const BINDING_API_PREFIX = "bindings.takoform.com/";

const FORM_REF_MEMBERS = ["apiVersion", "kind", "definitionVersion", "schemaDigest"] as const;
const CONTRACT_REF_MEMBERS = ["apiVersion", "name", "version", "schemaDigest"] as const;

/** True for an object carrying exactly the four FormRef members as strings, with a well-formed digest. */
export function isExactFormRef(value: unknown): value is ExactFormRef {
  return hasExactlyStringMembers(value, FORM_REF_MEMBERS) && isDigest(value.schemaDigest);
}

export function isInterfaceRef(value: unknown): value is InterfaceRef {
  return hasExactlyStringMembers(value, CONTRACT_REF_MEMBERS) && isDigest(value.schemaDigest) && value.apiVersion.startsWith(INTERFACE_API_PREFIX);
}

export function isBindingRef(value: unknown): value is BindingRef {
  return hasExactlyStringMembers(value, CONTRACT_REF_MEMBERS) && isDigest(value.schemaDigest) && value.apiVersion.startsWith(BINDING_API_PREFIX);
}

export function sameFormRef(a: ExactFormRef, b: ExactFormRef): boolean {
  return a.apiVersion === b.apiVersion && a.kind === b.kind && a.definitionVersion === b.definitionVersion && a.schemaDigest === b.schemaDigest;
}

export function sameContractRef(a: InterfaceRef | BindingRef, b: InterfaceRef | BindingRef): boolean {
  return a.apiVersion === b.apiVersion && a.name === b.name && a.version === b.version && a.schemaDigest === b.schemaDigest;
}

/** Stable text form, e.g. "edge.forms.takoform.com/v1beta1 ModuleWorker@0.1.0 (sha256:…)". */
export function formatFormRef(ref: ExactFormRef): string {
  return `${ref.apiVersion} ${ref.kind}@${ref.definitionVersion} (${ref.schemaDigest})`;
}

export function formatContractRef(ref: InterfaceRef | BindingRef): string {
  return `${ref.name}@${ref.version} (${ref.schemaDigest})`;
}

/** Key of the whole exact identity. */
export function formRefKey(ref: ExactFormRef): string {
  return `${ref.apiVersion}\u0000${ref.kind}\u0000${ref.definitionVersion}\u0000${ref.schemaDigest}`;
}

/** Key of a Form line's definition version (identity without the digest). */
export function formVersionKey(ref: Pick<ExactFormRef, "apiVersion" | "kind" | "definitionVersion">): string {
  return `${ref.apiVersion}\u0000${ref.kind}\u0000${ref.definitionVersion}`;
}

export function groupKindKey(apiVersion: string, kind: string): string {
  return `${apiVersion}\u0000${kind}`;
}

function hasExactlyStringMembers<K extends string>(value: unknown, members: readonly K[]): value is Record<K, string> {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length === members.length && members.every((m) => typeof value[m] === "string");
}
