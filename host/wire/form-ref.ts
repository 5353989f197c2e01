// The FormRef grammar of the wire (form-ref v1beta1): four required members, closed.

import { isDigest, type ExactFormRef } from "../../corpus/lib/index.js";

export const API_VERSION = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+\/v[0-9]+(?:(?:alpha|beta)[0-9]+)?$/;
export const RETIRED_API_VERSIONS: readonly string[] = ["forms.takoform.com/v1alpha1", "forms.takoform.com/v1alpha2"];
export const KIND = /^[A-Z][A-Za-z0-9]{0,63}$/;
export const DEFINITION_VERSION =
  /^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-((0|[1-9][0-9]*|[0-9A-Za-z-]*[A-Za-z-][0-9A-Za-z-]*)(\.(0|[1-9][0-9]*|[0-9A-Za-z-]*[A-Za-z-][0-9A-Za-z-]*))*))?(\+([0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*))?$/;

export function isApiVersion(value: unknown): value is string {
  return typeof value === "string" && value.length <= 320 && API_VERSION.test(value) && !RETIRED_API_VERSIONS.includes(value);
}

export function isKind(value: unknown): value is string {
  return typeof value === "string" && KIND.test(value);
}

export function isDefinitionVersion(value: unknown): value is string {
  return typeof value === "string" && DEFINITION_VERSION.test(value);
}

/** The first problem with a FormRef member, or undefined when the whole ref is well formed. */
export function formRefProblem(value: Record<string, unknown>): string | undefined {
  if (!isApiVersion(value.apiVersion)) return "apiVersion is not a namespaced Form group/version";
  if (!isKind(value.kind)) return "kind is not a Form kind";
  if (!isDefinitionVersion(value.definitionVersion)) return "definitionVersion is not a SemVer version";
  if (!isDigest(value.schemaDigest)) return "schemaDigest is not a sha256 digest";
  return undefined;
}

export function toFormRef(value: Record<string, unknown>): ExactFormRef {
  return {
    apiVersion: value.apiVersion as string,
    kind: value.kind as string,
    definitionVersion: value.definitionVersion as string,
    schemaDigest: value.schemaDigest as string,
  };
}
