// Artifact transport, Per-kind exclusivity: a WorkerBundle manifest carries mainModule and modules
// and no files; a StaticAssetBundle or MigrationBundle carries files and neither mainModule nor
// modules. A manifest carrying both shapes (or the other kind's shape) has two meanings and is
// artifact_invalid (400) with nothing committed; each kind's own shape commits.

import { defineCheck } from "../check.js";
import {
  ARTIFACT_API_VERSION,
  artifactFrom,
  expectManifestHeld,
  expectUploadRefused,
  fileBundle,
  freshBytes,
  probeBundle,
  SQL,
  upload,
  type Artifact,
} from "../harness/artifacts/index.js";

export default defineCheck("a manifest carrying another kind's members is artifact_invalid; each kind's own shape commits", async (ctx) => {
  const worker = probeBundle(ctx, ["fetch"]);
  const assets = fileBundle("StaticAssetBundle", [{ path: "index.html", mediaType: "text/html", bytes: freshBytes(ctx, "<p>") }]);
  const migrations = fileBundle("MigrationBundle", [{ path: "0001.sql", mediaType: SQL, bytes: freshBytes(ctx, "-- migration") }]);
  const w = worker.manifest;
  const f = assets.manifest;
  const m = migrations.manifest;
  const blobs = [...worker.blobs.values(), ...assets.blobs.values(), ...migrations.blobs.values()];
  const mixed = (manifest: Record<string, unknown>): Artifact => artifactFrom(manifest, blobs);

  const cases: [string, Artifact][] = [
    ["a WorkerBundle that also carries files", mixed({ ...w, files: f["files"] })],
    [
      "a WorkerBundle carrying files instead of modules",
      mixed({ apiVersion: ARTIFACT_API_VERSION, kind: "WorkerBundle", mainModule: "index.html", files: f["files"] }),
    ],
    ["a WorkerBundle without a mainModule", mixed({ apiVersion: ARTIFACT_API_VERSION, kind: "WorkerBundle", modules: w["modules"] })],
    ["a StaticAssetBundle that also carries modules", mixed({ ...f, modules: w["modules"] })],
    ["a StaticAssetBundle that also carries a mainModule", mixed({ ...f, mainModule: "index.html" })],
    [
      "a StaticAssetBundle carrying modules instead of files",
      mixed({ apiVersion: ARTIFACT_API_VERSION, kind: "StaticAssetBundle", mainModule: "index.js", modules: w["modules"] }),
    ],
    ["a MigrationBundle that also carries modules and a mainModule", mixed({ ...m, mainModule: "index.js", modules: w["modules"] })],
    ["a MigrationBundle that also carries a mainModule", mixed({ ...m, mainModule: "0001.sql" })],
  ];
  for (const [what, art] of cases) await expectUploadRefused(ctx.primary, art, "artifact_invalid", what);
  for (const [what, art] of [
    ["the WorkerBundle's own shape", worker],
    ["the StaticAssetBundle's own shape", assets],
    ["the MigrationBundle's own shape", migrations],
  ] as const) {
    await expectManifestHeld(ctx.primary, await upload(ctx.primary, art, what), art.manifest, what);
  }
  return `${cases.length} manifests mixing the two shapes were artifact_invalid with nothing committed; each kind's own shape (built from the same bytes) committed`;
});
