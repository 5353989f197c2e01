// import adopts a native resource: under If-None-Match: * it mints a resource at generation 1
// carrying the materialized spec, which reads back; the nativeId is required and never echoed;
// an import without a precondition, without a nativeId, or of a held name under create intent
// is refused and stores nothing.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectStatus, expectTrue } from "../harness/assert.js";
import { liveFrom, resourceDoc } from "../harness/lifecycle.js";
import { expectedSpec, mutableProbe } from "../harness/probes.js";

export default defineCheck("import mints an adopted resource at generation 1; malformed adoptions store nothing", async (ctx) => {
  const probe = mutableProbe(ctx);
  const name = ctx.name("adopt");
  const nativeId = ctx.names.nativeId();
  const spec = probe.variant(3);
  const doc = resourceDoc(probe.form.ref, name, ctx.space, spec);

  expectError(await ctx.primary.importResource(doc, undefined, { create: true }), "invalid_argument", "import without a nativeId");
  expectError(await ctx.primary.importResource(doc, nativeId, {}), "invalid_argument", "import without a precondition");
  expectError(await ctx.primary.importResource(doc, nativeId, { create: true }, { key: null }), "invalid_argument", "import without an Idempotency-Key");
  expectError(await ctx.primary.read(probe.form.ref, name, ctx.space), "resource_not_found", "read after the refused imports");

  const res = await ctx.primary.settle(await ctx.primary.importResource(doc, nativeId, { create: true }));
  expectStatus(res, 201, "import under If-None-Match: *");
  const live = liveFrom(res, "import");
  expectEqual([live.generation, live.revision], ["1", "1"], "generation and revision of the adopted resource");
  expectEqual(
    [live.body.form.formRef, live.body.metadata.name, live.body.metadata.space],
    [probe.form.ref, name, ctx.space],
    "exact FormRef, name and space of the adopted resource",
  );
  expectEqual(live.body.spec, expectedSpec(ctx, probe.form, spec), "spec of the adopted resource (pinned defaults materialized)");
  expectEqual(res.headers["etag"], `"${live.revision}"`, "ETag of the adoption");
  expectTrue(!res.text.includes(nativeId), "the adoption echoed its nativeId");
  const read = await ctx.primary.fetch(probe.form.ref, name, ctx.space);
  expectEqual(read.uid, live.uid, "uid read back after the adoption");

  const again = await ctx.primary.importResource(resourceDoc(probe.form.ref, name, ctx.space, spec), ctx.names.nativeId(), { create: true });
  expectError(again, "generation_conflict", "create-intent import of the now-held name");
  await ctx.primary.destroy(read);
  return "adoption minted generation 1 with the materialized spec and read back; missing nativeId, precondition or key, and a create-intent import of a held name, were refused";
});
