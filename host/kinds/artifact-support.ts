// Artifact references of artifact-backed kinds (Host API v1beta1 "Artifacts"; decisions 0018,
// 0019, 0033): a manifestDigest must name a committed manifest the caller's TENANT holds
// (artifact_missing otherwise, the same answer for absent and for another tenant's), of the kind
// the Form requires and valid under every manifest rule (artifact_invalid).

import { check } from "../rules/outcome.js";
import { resolveManifestReference } from "../rules/artifacts/manifest-reference.js";
import type { ValidatedManifest } from "../rules/artifacts/manifest-validation.js";
import type { RelationRecord } from "../rules/relations/view.js";
import type { KindBehaviour, KindView } from "./behaviour.js";

/** The validated manifest a Form of `formKind` references by `digest`, or the refusal thrown. */
export function referencedManifest(view: KindView, formKind: string, digest: unknown): ValidatedManifest {
  const referencedDigest = typeof digest === "string" ? digest : "";
  return check(resolveManifestReference({ formKind, referencedDigest, held: view.heldManifest(referencedDigest) })).manifest;
}

/** The manifest the stored target of one of this request's relations references. */
export function targetManifest(view: KindView, records: readonly RelationRecord[], relation: string): ValidatedManifest | undefined {
  const record = records.find((candidate) => candidate.relation === relation);
  const target = record === undefined ? undefined : view.byUid(record.targetUid);
  if (target === undefined) return undefined;
  return referencedManifest(view, target.formRef.kind, target.spec.manifestDigest);
}

/** The behaviour of a kind whose spec is one manifestDigest: the reference must resolve for the tenant. */
export const manifestBacked: KindBehaviour = Object.freeze({
  admit(view, input) {
    referencedManifest(view, input.form.ref.kind, input.spec.manifestDigest);
  },
} satisfies KindBehaviour);
