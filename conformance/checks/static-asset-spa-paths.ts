// Static assets on a Worker Version (decision 0033): the assets bundle relation pins an exact
// StaticAssetBundle, and single_page_application needs index.html in the referenced manifest. A
// version using SPA fallback over the pinned asset bundle WITHOUT index.html is refused
// invalid_argument (400) before any mutation, on apply and import; the same bundle under
// notFoundHandling none, and the bundle WITH index.html under single_page_application, are
// accepted. An absent assets bundle is resource_not_found naming /assets/bundle, and a referenced
// asset bundle refuses deletion while the version lives.

import { defineCheck } from "../check.js";
import {
  attemptCreate,
  attemptDelete,
  attemptImport,
  builder,
  expectAccepted,
  expectNothingStored,
  expectReady,
  expectRefused,
  referenceByName,
  referenceTo,
  reread,
  versionSpec,
} from "../harness/aggregate/index.js";
import type { Live } from "../harness/lifecycle.js";

export default defineCheck(
  "single_page_application over a manifest without index.html is invalid_argument; with index.html, or under none, it is accepted",
  async (ctx) => {
    const b = builder(ctx);
    const form = ctx.form("WorkerVersion");
    const worker = await b.worker();
    const bundle = await b.bundle();
    const withIndex = await b.staticAssets("static-assets/with-index");
    const withoutIndex = await b.staticAssets("static-assets/without-index");
    const assets = (target: Live | ReturnType<typeof referenceByName>, notFoundHandling: string) =>
      versionSpec(ctx, {
        worker,
        bundle,
        handlers: ["fetch"],
        extra: { assets: { bundle: "ref" in target ? referenceTo(target) : target, runWorkerFirst: false, notFoundHandling } },
      });

    const name = ctx.name("version");
    const spa = assets(withoutIndex, "single_page_application");
    expectRefused(await attemptCreate(ctx.primary, form.ref, name, ctx.space, spa), "invalid_argument", "apply of SPA fallback over assets without index.html");
    await expectNothingStored(ctx.primary, form.ref, name, ctx.space, "apply of SPA fallback without index.html");
    expectRefused(
      await attemptImport(ctx.primary, form.ref, name, ctx.space, spa, ctx.names.nativeId()),
      "invalid_argument",
      "import of SPA fallback over assets without index.html",
    );
    await expectNothingStored(ctx.primary, form.ref, name, ctx.space, "import of SPA fallback without index.html");
    const missing = ctx.name("version");
    expectRefused(
      await attemptCreate(ctx.primary, form.ref, missing, ctx.space, assets(referenceByName(ctx, "StaticAssetBundle", ctx.name("absent")), "none")),
      "resource_not_found",
      "apply naming an absent asset bundle",
      ["/assets/bundle"],
    );
    await expectNothingStored(ctx.primary, form.ref, missing, ctx.space, "apply naming an absent asset bundle");

    const plain = b.track(
      expectAccepted(
        await attemptCreate(ctx.primary, form.ref, ctx.name("version"), ctx.space, assets(withoutIndex, "none")),
        201,
        "apply of notFoundHandling none over assets without index.html",
      ),
    );
    const spaLive = b.track(
      expectAccepted(
        await attemptCreate(ctx.primary, form.ref, name, ctx.space, assets(withIndex, "single_page_application")),
        201,
        "apply of SPA fallback over assets with index.html",
      ),
    );
    expectReady(await reread(ctx.primary, spaLive), "True", "Available", "the version attaching SPA assets with index.html");
    expectRefused(await attemptDelete(ctx.primary, withoutIndex), "dependency_in_use", `delete of the asset bundle version ${plain.name} references`);
    await b.cleanup();
    return "SPA fallback over the bundle without index.html was refused on apply and import with nothing stored; an absent asset bundle was resource_not_found naming /assets/bundle; none over it and SPA over the bundle with index.html were accepted; the referenced bundle refused deletion";
  },
);
