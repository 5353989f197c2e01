// The Host API requests the load process sends: paths, exact queries and request documents.
// Kept free of corpus/lib so the load process stays small; the caller passes the exact FormRef.

export const API = "/apis/forms.takoform.com/v1beta1";
export const DISCOVERY = "/.well-known/takoform/v1beta1";

export interface WireFormRef {
  apiVersion: string;
  kind: string;
  definitionVersion: string;
  schemaDigest: string;
}

export function resourcePath(ref: WireFormRef, name: string): string {
  return `${API}/resources/${ref.apiVersion}/${ref.kind}/${encodeURIComponent(name)}`;
}

export function exactQuery(space: string, ref: WireFormRef): string {
  return new URLSearchParams({
    space,
    group: ref.apiVersion,
    kind: ref.kind,
    definitionVersion: ref.definitionVersion,
    schemaDigest: ref.schemaDigest,
  }).toString();
}

/** A resourceRequest (validate, prepare); add `review` for an applyRequest. */
export function resourceDocument(ref: WireFormRef, name: string, space: string, spec: Record<string, unknown>): Record<string, unknown> {
  return { apiVersion: ref.apiVersion, kind: ref.kind, form: { formRef: ref }, metadata: { name, space }, spec };
}

/** The AtLeastOnceQueue spec of generation g: every generation differs, so every update moves. */
export function queueSpec(generation: number): Record<string, unknown> {
  return { messageRetentionSeconds: generation === 1 ? 3600 : 60 + generation };
}
