// Artifact transport, Validation: a host refuses before commit — artifact_invalid (400), nothing
// committed — duplicate names, paths outside the relative grammar, media types outside each kind's
// policy, a mainModule not among the modules, a source map without its target, malformed entries,
// and manifests past the entry-count or aggregate-byte ceilings its support profile publishes.
// The other polarity: manifests next to each rule (every loadable type, nested paths, suffixed
// media types, exactly AT both ceilings) commit.

import { defineCheck } from "../check.js";
import {
  acceptedManifests,
  assetsOfCount,
  bundleOfBytes,
  bundleOfCount,
  expectManifestHeld,
  expectUploadRefused,
  publishedCeilings,
  rejectedManifests,
  upload,
  type ManifestCase,
} from "../harness/artifacts/index.js";

export default defineCheck(
  "every manifest the transport's validation list names is artifact_invalid before commit; its valid neighbours commit",
  async (ctx) => {
    const worker = await publishedCeilings(ctx, "WorkerBundle");
    const assets = await publishedCeilings(ctx, "StaticAssetBundle");
    const refused: ManifestCase[] = [
      ...rejectedManifests(ctx),
      { what: `a WorkerBundle of ${worker.files + 1} modules (one past the published ceiling)`, art: bundleOfCount(ctx, worker.files + 1) },
      { what: `a StaticAssetBundle of ${assets.files + 1} files (one past the published ceiling)`, art: assetsOfCount(ctx, assets.files + 1) },
      { what: `a WorkerBundle declaring ${worker.bytes + 1} bytes (one past the published ceiling)`, art: bundleOfBytes(ctx, worker.bytes + 1) },
    ];
    const stages = new Map<string, number>();
    for (const c of refused) {
      const stage = await expectUploadRefused(ctx.primary, c.art, "artifact_invalid", c.what);
      stages.set(stage, (stages.get(stage) ?? 0) + 1);
    }
    const accepted: ManifestCase[] = [
      ...acceptedManifests(ctx),
      { what: `a WorkerBundle of exactly ${worker.files} modules`, art: bundleOfCount(ctx, worker.files) },
      { what: `a WorkerBundle declaring exactly ${worker.bytes} bytes`, art: bundleOfBytes(ctx, worker.bytes) },
    ];
    for (const c of accepted) {
      const digest = await upload(ctx.primary, c.art, c.what);
      await expectManifestHeld(ctx.primary, digest, c.art.manifest, c.what);
    }
    const where = [...stages].map(([s, n]) => `${n} at ${s}`).join(", ");
    return `${refused.length} invalid manifests were artifact_invalid with nothing committed (${where}); ${accepted.length} valid neighbours committed, including exactly ${worker.files} modules and ${worker.bytes} bytes`;
  },
);
