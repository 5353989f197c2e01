// Artifacts on apply and import, before any mutation (Host API v1beta1 "Artifacts"; decisions
// 0018, 0019, 0033): an artifact-backed revision's manifestDigest must name a committed manifest
// the caller's TENANT holds (artifact_missing otherwise, the same answer for absent and for
// another tenant's), of the kind the Form requires and valid under every manifest rule
// (artifact_invalid). A WorkerVersion's declared handlers must be exported by the main module of
// the bundle it references, analysed from the committed bytes; a single-page-application asset
// binding needs index.html in the bundle it references.

import type { JsonObject } from "../../corpus/lib/index.js";
import type { HostForm } from "../catalog/host-form.js";
import { analyzeBundleHandlers } from "../modules/export-analysis.js";
import { bundleSource } from "../modules/bundle-source.js";
import { spaIndexPresent } from "../rules/assets/spa-index.js";
import { FORM_MANIFEST_KIND } from "../rules/artifacts/limits.js";
import { resolveManifestReference } from "../rules/artifacts/manifest-reference.js";
import type { ValidatedManifest } from "../rules/artifacts/manifest-validation.js";
import type { RelationRecord } from "../rules/relations/view.js";
import { EDGE_GROUP } from "../rules/worker-aggregate/aggregate.js";
import { declaredHandlersExported } from "../rules/worker-aggregate/handler-exports.js";
import { accepted } from "./refusals.js";
import type { TenantView } from "./tenant-view.js";

export interface ArtifactAdmission {
  form: HostForm;
  spec: JsonObject;
  records: RelationRecord[];
}

/** The validated manifest a Form of `formKind` references by `digest`, or the refusal thrown. */
function referencedManifest(view: TenantView, formKind: string, digest: unknown): ValidatedManifest {
  const referencedDigest = typeof digest === "string" ? digest : "";
  return accepted(resolveManifestReference({ formKind, referencedDigest, held: view.heldManifest(referencedDigest) })).manifest;
}

/** The manifest the stored target of a relation references. */
function targetManifest(view: TenantView, records: readonly RelationRecord[], relation: string): ValidatedManifest | undefined {
  const record = records.find((candidate) => candidate.relation === relation);
  const target = record === undefined ? undefined : view.byUid(record.targetUid);
  if (target === undefined) return undefined;
  return referencedManifest(view, target.formRef.kind, target.spec.manifestDigest);
}

export function admitArtifacts(view: TenantView, input: ArtifactAdmission): void {
  if (input.form.ref.apiVersion !== EDGE_GROUP) return;
  const kind = input.form.ref.kind;
  if (FORM_MANIFEST_KIND[kind] !== undefined) {
    referencedManifest(view, kind, input.spec.manifestDigest);
    return;
  }
  if (kind !== "WorkerVersion") return;
  const bundle = targetManifest(view, input.records, "/bundle");
  if (bundle !== undefined && bundle.kind === "WorkerBundle") {
    const report = analyzeBundleHandlers(bundleSource(bundle, (digest) => view.heldBlob(digest)));
    accepted(declaredHandlersExported(input.spec, bundle.mainModule, report));
  }
  if (typeof input.spec.assets === "object" && input.spec.assets !== null) {
    const assets = targetManifest(view, input.records, "/assets/bundle");
    accepted(spaIndexPresent(input.spec, assets !== undefined && assets.kind !== "WorkerBundle" ? { files: assets.files.map((f) => ({ path: f.name })) } : undefined));
  }
}
