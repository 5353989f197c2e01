// A bundle's modules are what the runtime can load: a WorkerBundle whose mainModule names an
// auxiliary module (application/source-map+json) is refused artifact_invalid (400) before commit,
// so no resource can reference it. Carrying the same source map beside a loadable main module is
// legal: that bundle commits, backs a WorkerBundle and a WorkerVersion declaring its export.

import { defineCheck } from "../check.js";
import { attemptCreate, builder, expectAccepted, expectNothingStored, requiredSpec, versionSpec } from "../harness/aggregate/index.js";
import { fail } from "../harness/assert.js";
import { expectUploadRefused, JS_MODULE, pinned, SOURCE_MAP, upload, workerBundle } from "../harness/artifacts/index.js";
import { probeModule } from "../harness/artifacts.js";
import { describeResponse, errorOf } from "../harness/http.js";

export default defineCheck("an auxiliary mainModule is artifact_invalid before commit; carrying one beside a loadable main module is legal", async (ctx) => {
  const b = builder(ctx);
  const bundleForm = ctx.form("WorkerBundle");
  const main = probeModule(["fetch"], ctx.names.key());
  const map = Buffer.from(
    JSON.stringify({ version: 3, file: "index.js", sources: ["src/index.ts"], names: [], mappings: "", x_conformance: ctx.names.key() }),
    "utf8",
  );
  const modules = [
    { name: "index.js", mediaType: JS_MODULE, bytes: main },
    { name: "index.js.map", mediaType: SOURCE_MAP, bytes: map },
  ];
  const refused = [
    { what: "the pinned bundle whose mainModule is its source map", art: pinned(ctx, "worker-bundles/source-map-main") },
    { what: "a fresh bundle whose mainModule is its source map", art: workerBundle("index.js.map", modules) },
  ];
  for (const { what, art } of refused) {
    await expectUploadRefused(ctx.primary, art, "artifact_invalid", what);
    const name = ctx.name("bundle");
    const attempt = await attemptCreate(ctx.primary, bundleForm.ref, name, ctx.space, requiredSpec(ctx, bundleForm, { manifestDigest: art.digest }));
    const code = errorOf(attempt.res)?.code;
    if (code !== "artifact_missing" && code !== "artifact_invalid")
      fail(`a WorkerBundle naming ${what}: expected artifact_missing or artifact_invalid, got ${describeResponse(attempt.res)}`);
    await expectNothingStored(ctx.primary, bundleForm.ref, name, ctx.space, `a WorkerBundle naming ${what}`);
  }

  const worker = await b.worker();
  const carried: string[] = [];
  for (const { what, art } of [
    { what: "the pinned bundle carrying a source map", art: pinned(ctx, "worker-bundles/with-source-map") },
    { what: "a fresh bundle carrying its source map", art: workerBundle("index.js", modules) },
  ]) {
    const manifestDigest = await upload(ctx.primary, art, what);
    const bundle = await b.create(bundleForm, "bundle", requiredSpec(ctx, bundleForm, { manifestDigest }));
    const spec = versionSpec(ctx, { worker, bundle, handlers: ["fetch"] });
    b.track(
      expectAccepted(
        await attemptCreate(ctx.primary, ctx.form("WorkerVersion").ref, ctx.name("version"), ctx.space, spec),
        201,
        `a WorkerVersion declaring fetch on ${what}`,
      ),
    );
    carried.push(manifestDigest);
  }
  await b.cleanup();
  return `both source-map mainModules were artifact_invalid before commit and no WorkerBundle could name them; both bundles merely carrying the map committed (${carried.join(", ")}) and backed a WorkerVersion`;
});
