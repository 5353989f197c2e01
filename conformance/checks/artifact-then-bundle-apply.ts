// Artifacts: an artifact-backed revision's desired state is the manifest digest, resolved before
// any mutation on apply and import. A committed manifest of the kind the Form requires is accepted
// and usable (a WorkerVersion declares the handler its uploaded module exports); a digest no
// committed manifest has is artifact_missing (404), and a manifest of another kind is
// artifact_invalid (400) — each refusal storing nothing, on apply and on import alike.

import { defineCheck } from "../check.js";
import {
  attemptCreate,
  attemptImport,
  builder,
  expectAccepted,
  expectNothingStored,
  expectRefused,
  requiredSpec,
  versionSpec,
} from "../harness/aggregate/index.js";
import { expectEqual } from "../harness/assert.js";
import { fileBundle, freshBytes, openSession, probeAssets, probeBundle, SQL, upload, unknownDigest } from "../harness/artifacts/index.js";

export default defineCheck(
  "an uploaded manifest of the required kind backs a revision; a missing or wrong-kind digest is refused before mutation",
  async (ctx) => {
    const b = builder(ctx);
    const bundleForm = ctx.form("WorkerBundle");
    const assetsForm = ctx.form("StaticAssetBundle");
    const setForm = ctx.form("SQLiteMigrationSet");
    const worker = await b.worker();
    const bundleArt = probeBundle(ctx, ["fetch", "scheduled"]);
    const bundleDigest = await upload(ctx.primary, bundleArt, "upload of a fresh WorkerBundle");
    const assetsDigest = await upload(ctx.primary, probeAssets(ctx), "upload of a fresh StaticAssetBundle");
    const migrationsDigest = await upload(
      ctx.primary,
      fileBundle("MigrationBundle", [{ path: "0001-probe.sql", mediaType: SQL, bytes: freshBytes(ctx, "CREATE TABLE probe (id INTEGER PRIMARY KEY); --") }]),
      "upload of a fresh MigrationBundle",
    );
    const uncommitted = probeBundle(ctx, ["fetch"]);
    await openSession(ctx.primary, uncommitted, "a started, never committed upload");

    const refusals: [string, typeof bundleForm, string, "artifact_missing" | "artifact_invalid"][] = [
      ["a WorkerBundle naming a digest nothing has", bundleForm, unknownDigest(), "artifact_missing"],
      ["a WorkerBundle naming a started but uncommitted manifest", bundleForm, uncommitted.digest, "artifact_missing"],
      ["a WorkerBundle naming a StaticAssetBundle manifest", bundleForm, assetsDigest, "artifact_invalid"],
      ["a WorkerBundle naming a MigrationBundle manifest", bundleForm, migrationsDigest, "artifact_invalid"],
      ["a StaticAssetBundle naming a WorkerBundle manifest", assetsForm, bundleDigest, "artifact_invalid"],
      ["a SQLiteMigrationSet naming a StaticAssetBundle manifest", setForm, assetsDigest, "artifact_invalid"],
    ];
    for (const [what, form, manifestDigest, code] of refusals) {
      const name = ctx.name(form.ref.kind);
      const spec = requiredSpec(ctx, form, { manifestDigest });
      expectRefused(await attemptCreate(ctx.primary, form.ref, name, ctx.space, spec), code, `apply of ${what}`);
      await expectNothingStored(ctx.primary, form.ref, name, ctx.space, `apply of ${what}`);
      expectRefused(await attemptImport(ctx.primary, form.ref, name, ctx.space, spec, ctx.names.nativeId()), code, `import of ${what}`);
      await expectNothingStored(ctx.primary, form.ref, name, ctx.space, `import of ${what}`);
    }

    const bundle = await b.create(bundleForm, "bundle", requiredSpec(ctx, bundleForm, { manifestDigest: bundleDigest }));
    expectEqual(bundle.body.spec, { manifestDigest: bundleDigest }, "the WorkerBundle's stored desired state (the digest and nothing else)");
    await b.create(assetsForm, "assets", requiredSpec(ctx, assetsForm, { manifestDigest: assetsDigest }));
    await b.create(setForm, "migrations", requiredSpec(ctx, setForm, { manifestDigest: migrationsDigest }));
    const versionName = ctx.name("version");
    b.track(
      expectAccepted(
        await attemptCreate(
          ctx.primary,
          ctx.form("WorkerVersion").ref,
          versionName,
          ctx.space,
          versionSpec(ctx, { worker, bundle, handlers: ["fetch", "scheduled"] }),
        ),
        201,
        "a WorkerVersion declaring the uploaded module's handlers",
      ),
    );
    const adopted = ctx.name("bundle");
    b.track(
      expectAccepted(
        await attemptImport(
          ctx.primary,
          bundleForm.ref,
          adopted,
          ctx.space,
          requiredSpec(ctx, bundleForm, { manifestDigest: bundleDigest }),
          ctx.names.nativeId(),
        ),
        201,
        "an adoption of a WorkerBundle naming the uploaded manifest",
      ),
    );
    await b.cleanup();
    return `${refusals.length} missing or wrong-kind references were refused (artifact_missing / artifact_invalid) on apply and import with nothing stored; uploaded manifests of each kind backed their Forms, and a WorkerVersion declared the uploaded module's handlers`;
  },
);
