// Validates an artifact manifest document (artifacts.takoform.com/v1alpha1) as a pure function:
// the closed top-level shape, per-kind exclusivity (WorkerBundle carries mainModule + modules and
// no files; the file kinds carry files and neither of the others), and the per-kind rules.
// Every violation is artifact_invalid naming the manifest pointer.

import { accept, refuse, type RuleOutcome } from "../outcome.js";
import { MANIFEST_KINDS, PORTABLE_LIMITS, type ManifestKind, type ManifestLimits } from "./limits.js";
import { RUNTIME_MODULE_MEDIA_TYPES, type ModuleMediaTypes } from "./media-types.js";
import { checkWorkerBundle } from "./worker-bundle-manifest.js";
import { checkFileBundle } from "./file-bundle-manifest.js";
import type { ManifestEntry } from "./manifest-entries.js";

export const ARTIFACT_MANIFEST_API_VERSION = "artifacts.takoform.com/v1alpha1";

export type ValidatedManifest =
  { kind: "WorkerBundle"; mainModule: string; modules: ManifestEntry[] } | { kind: "StaticAssetBundle" | "MigrationBundle"; files: ManifestEntry[] };

export interface ManifestValidationOptions {
  /** The kind the referencing Form requires, when validating a reference. */
  expectedKind?: ManifestKind;
  /** The host's published ceilings per kind (default: the portable profile). */
  limits?: Partial<Record<ManifestKind, ManifestLimits>>;
  /** The runtime's module sets (default: worker.runtime@1.0.0). */
  moduleMediaTypes?: ModuleMediaTypes;
}

const MEMBERS: Record<ManifestKind, readonly string[]> = {
  WorkerBundle: ["apiVersion", "kind", "mainModule", "modules"],
  StaticAssetBundle: ["apiVersion", "kind", "files"],
  MigrationBundle: ["apiVersion", "kind", "files"],
};

export function validateManifest(doc: unknown, options: ManifestValidationOptions = {}): RuleOutcome<{ manifest: ValidatedManifest }> {
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) return refuse("artifact_invalid", "the manifest must be a JSON object", "");
  const d = doc as Record<string, unknown>;
  if (d["apiVersion"] !== ARTIFACT_MANIFEST_API_VERSION) {
    return refuse("artifact_invalid", `/apiVersion: must be ${ARTIFACT_MANIFEST_API_VERSION}`, "/apiVersion");
  }
  const kind = d["kind"];
  if (typeof kind !== "string" || !(MANIFEST_KINDS as readonly string[]).includes(kind)) {
    return refuse("artifact_invalid", `/kind: must be one of ${MANIFEST_KINDS.join(", ")}`, "/kind");
  }
  const k = kind as ManifestKind;
  if (options.expectedKind !== undefined && k !== options.expectedKind) {
    return refuse("artifact_invalid", `/kind: the manifest is a ${k}, and this Form requires a ${options.expectedKind}`, "/kind");
  }
  for (const member of Object.keys(d)) {
    if (!MEMBERS[k].includes(member)) {
      return refuse("artifact_invalid", `/${member}: a ${k} manifest must not carry ${member}`, `/${member}`);
    }
  }
  const limits = options.limits?.[k] ?? PORTABLE_LIMITS[k];
  if (k === "WorkerBundle") {
    const checked = checkWorkerBundle(d, limits, options.moduleMediaTypes ?? RUNTIME_MODULE_MEDIA_TYPES);
    if ("ok" in checked) return checked;
    return accept({ manifest: { kind: k, mainModule: checked.mainModule, modules: checked.modules } });
  }
  const checked = checkFileBundle(d, k, limits);
  if ("ok" in checked) return checked;
  return accept({ manifest: { kind: k, files: checked.files } });
}
