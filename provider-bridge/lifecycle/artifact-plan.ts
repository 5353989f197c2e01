// source_dir at plan and apply time (ADR 0102): the plan shows the digest of
// the manifest the directory makes; create uploads and commits it first.
import type { ProviderConfig } from "../config/provider-config.js";
import { errorDiag, type Diagnostic } from "../framework/diagnostics.js";
import type { ResourceContext } from "../framework/resource.js";
import type { ResourceModel } from "../model/types.js";
import { isUnknown, UNKNOWN, type CtyObject } from "../wire/value.js";
import { ArtifactSourceError, localArtifact, uploadArtifact } from "./artifact-source.js";
import type { HostApi } from "./host-api.js";

export const SOURCE_DIR = "source_dir";
export const MANIFEST_DIGEST = "manifest_digest";

export function planArtifactSource(model: ResourceModel, config: CtyObject, planned: CtyObject): Diagnostic[] {
  if (!model.artifact || !(SOURCE_DIR in planned)) return [];
  const src = config[SOURCE_DIR] ?? null;
  const given = config[MANIFEST_DIGEST] ?? null;
  if (isUnknown(src)) {
    if (given === null) planned[MANIFEST_DIGEST] = UNKNOWN;
    return [];
  }
  if (src === null) {
    if (given === null)
      return [
        errorDiag(
          `${model.typeName} needs source_dir or manifest_digest`,
          `Give source_dir (a local directory the provider uploads as a ${model.artifact.manifestKind}) or manifest_digest (a manifest already committed on the host).`,
          [{ attribute: SOURCE_DIR }],
        ),
      ];
    return [];
  }
  try {
    const artifact = localArtifact(model.artifact.manifestKind, String(src));
    if (typeof given === "string" && given !== artifact.digest) {
      return [
        errorDiag(
          "manifest_digest does not match source_dir",
          `The files in ${String(src)} make manifest ${artifact.digest}, not ${given}. Give one of the two.`,
          [{ attribute: MANIFEST_DIGEST }],
        ),
      ];
    }
    planned[MANIFEST_DIGEST] = artifact.digest;
    return [];
  } catch (err) {
    if (err instanceof ArtifactSourceError)
      return [errorDiag(`Cannot build a ${model.artifact.manifestKind} from source_dir`, err.message, [{ attribute: SOURCE_DIR }])];
    throw err;
  }
}

/** Before a create: upload and commit the planned source_dir; an error diagnostic when it cannot. */
export async function uploadPlannedSource(
  model: ResourceModel,
  planned: CtyObject,
  api: HostApi,
  _ctx: ResourceContext<ProviderConfig>,
): Promise<Diagnostic | undefined> {
  const src = planned[SOURCE_DIR];
  if (!model.artifact || typeof src !== "string") return undefined;
  try {
    const artifact = localArtifact(model.artifact.manifestKind, src);
    if (artifact.digest !== planned[MANIFEST_DIGEST]) {
      return errorDiag(
        "source_dir changed since the plan",
        `The files in ${src} now make manifest ${artifact.digest}; the plan showed ${String(planned[MANIFEST_DIGEST])}. Plan again.`,
        [{ attribute: SOURCE_DIR }],
      );
    }
    await uploadArtifact(api, artifact);
    return undefined;
  } catch (err) {
    return errorDiag(
      `Cannot upload ${model.artifact.manifestKind} from ${src}`,
      `${(err as Error).message}\n\nCheck the directory and the host's artifact limits, then apply again.`,
      [{ attribute: SOURCE_DIR }],
    );
  }
}
