// Resolving the manifest an artifact-backed revision references (Host API v1beta1 "Artifacts"),
// before any mutation on apply and import and again at a 202's commit:
//   no committed manifest the caller's TENANT holds   -> artifact_missing (one answer for "absent"
//                                                        and "someone else's": no existence oracle)
//   undecodable, another canonical digest, wrong kind,
//   or any manifest rule violated                      -> artifact_invalid

import { canonicalDigest, parseIJson } from "../../../corpus/lib/index.js";
import { accept, refuse, type RuleOutcome } from "../outcome.js";
import { FORM_MANIFEST_KIND } from "./limits.js";
import { validateManifest, type ManifestValidationOptions, type ValidatedManifest } from "./manifest-validation.js";

export interface ManifestReferenceInput {
  /** The referencing Form's kind: WorkerBundle, StaticAssetBundle or SQLiteMigrationSet. */
  formKind: string;
  /** spec.manifestDigest. */
  referencedDigest: string;
  /** The stored manifest bytes, when (and only when) the caller's tenant holds that digest. */
  held: Uint8Array | string | undefined;
  options?: Omit<ManifestValidationOptions, "expectedKind">;
}

export function resolveManifestReference(input: ManifestReferenceInput): RuleOutcome<{ manifest: ValidatedManifest; document: unknown }> {
  const pointer = "/manifestDigest";
  if (input.held === undefined) {
    return refuse("artifact_missing", `${pointer}: no committed manifest ${input.referencedDigest} is available to this tenant`, pointer);
  }
  const expectedKind = FORM_MANIFEST_KIND[input.formKind];
  if (expectedKind === undefined) return refuse("invalid_argument", `${input.formKind} does not reference an artifact manifest`, pointer);
  const decoded = parseIJson(input.held);
  if (!decoded.ok) return refuse("artifact_invalid", `${pointer}: the stored manifest does not decode: ${decoded.message}`, pointer);
  const digest = canonicalDigest(decoded.value);
  if (digest !== input.referencedDigest) {
    return refuse("artifact_invalid", `${pointer}: the stored manifest canonicalizes to ${digest}, not ${input.referencedDigest}`, pointer);
  }
  const validated = validateManifest(decoded.value, { ...input.options, expectedKind });
  if (!validated.ok) return refuse("artifact_invalid", `${pointer}: manifest ${input.referencedDigest}: ${validated.message}`, pointer);
  return accept({ manifest: validated.manifest, document: decoded.value });
}
