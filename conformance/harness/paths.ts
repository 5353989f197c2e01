// URL shapes of the v1beta1 lane. A namespaced group travels as two ordinary path segments;
// every other value is percent-encoded as one segment or query value.

import type { ExactFormRef } from "../../corpus/lib/index.js";

export const DISCOVERY_PATH = "/.well-known/takoform/v1beta1";
export const API_PATH = "/apis/forms.takoform.com/v1beta1";

export function splitApiVersion(apiVersion: string): [group: string, version: string] {
  const i = apiVersion.indexOf("/");
  if (i <= 0) throw new Error(`apiVersion ${apiVersion} has no group/version split`);
  return [apiVersion.slice(0, i), apiVersion.slice(i + 1)];
}

export function seg(value: string): string {
  return encodeURIComponent(value);
}

export function query(params: Record<string, string | undefined>): string {
  const parts = Object.entries(params)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  return parts.length ? `?${parts.join("&")}` : "";
}

/** {api}/resources/{formGroup}/{formVersion}/{kind}/{name} */
export function resourcePath(ref: { apiVersion: string; kind: string }, name: string): string {
  const [g, v] = splitApiVersion(ref.apiVersion);
  return `${API_PATH}/resources/${seg(g)}/${seg(v)}/${seg(ref.kind)}/${seg(name)}`;
}

/** The exact-FormRef query a name-addressed read, observe or delete carries. */
export function exactQuery(ref: ExactFormRef, space: string): string {
  return query({ space, definitionVersion: ref.definitionVersion, schemaDigest: ref.schemaDigest });
}

export function formDefinitionPath(ref: { apiVersion: string; kind: string }): string {
  const [g, v] = splitApiVersion(ref.apiVersion);
  return `${API_PATH}/form-definitions/${seg(g)}/${seg(v)}/${seg(ref.kind)}`;
}

export function supportFormPath(ref: { apiVersion: string; kind: string; definitionVersion: string }): string {
  const [g, v] = splitApiVersion(ref.apiVersion);
  return `${API_PATH}/support/forms/${seg(g)}/${seg(v)}/${seg(ref.kind)}/${seg(ref.definitionVersion)}`;
}

/** The test-only probe header a host honours when started with its conformance-probe flag. */
export const PROBE_HEADER = "takoform-conformance-probe";
