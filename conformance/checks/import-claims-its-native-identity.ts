// An adoption claims the native identity it names (decision 0011): at most one live resource of
// a tenant holds one nativeId across every space and every Form kind; a rival adoption fails
// import_conflict (409) before any mutation and stores nothing; deleting the holder releases
// the claim, measured by the other kind in the other space.

import { defineCheck } from "../check.js";
import { expectUnchanged } from "../harness/aggregate/index.js";
import { expectEqual, expectError, expectStatus } from "../harness/assert.js";
import { liveFrom, resourceDoc } from "../harness/lifecycle.js";
import { mutableProbe, plainProbe } from "../harness/probes.js";

export default defineCheck("a nativeId is held by one live resource per tenant across spaces and kinds until its holder is deleted", async (ctx) => {
  const holderForm = plainProbe(ctx);
  const rivalForm = mutableProbe(ctx);
  const nativeId = ctx.names.nativeId();

  const holderDoc = resourceDoc(holderForm.form.ref, ctx.name("holder"), ctx.space, holderForm.spec());
  const adopted = await ctx.primary.importResource(holderDoc, nativeId, { create: true });
  expectStatus(adopted, 201, "adoption of the native identity");
  const holder = liveFrom(adopted, "adoption");

  const rivals = [
    { label: "another kind in another space", doc: resourceDoc(rivalForm.form.ref, ctx.name("rival"), ctx.altSpace, rivalForm.variant(0)) },
    { label: "the same kind in the same space", doc: resourceDoc(holderForm.form.ref, ctx.name("rival"), ctx.space, holderForm.spec()) },
    { label: "the same kind in another space", doc: resourceDoc(holderForm.form.ref, ctx.name("rival"), ctx.altSpace, holderForm.spec()) },
  ];
  for (const r of rivals) {
    expectError(await ctx.primary.importResource(r.doc, nativeId, { create: true }), "import_conflict", `rival adoption by ${r.label}`);
    expectError(
      await ctx.primary.read(r.doc.form.formRef, r.doc.metadata.name, r.doc.metadata.space),
      "resource_not_found",
      `read of the refused rival (${r.label})`,
    );
  }
  // Another principal of the same tenant is the same tenant.
  const peerDoc = resourceDoc(rivalForm.form.ref, ctx.name("rival"), ctx.space, rivalForm.variant(0));
  expectError(await ctx.peer.importResource(peerDoc, nativeId, { create: true }), "import_conflict", "rival adoption by another principal of the tenant");

  await expectUnchanged(ctx.primary, holder, "the holder of the native identity after the refused rivals");

  // Releasing the holder makes the identity adoptable again, by the other kind in the other space.
  await ctx.primary.destroy(holder);
  const first = rivals[0]!.doc;
  const released = await ctx.primary.importResource(first, nativeId, { create: true });
  expectStatus(released, 201, "adoption by another kind in another space after the holder was deleted");
  const taker = liveFrom(released, "adoption after release");
  expectEqual(taker.generation, "1", "generation of the new holder");
  await ctx.primary.destroy(taker);
  return `${rivals.length + 1} rival adoptions (other kind, other space, other principal) were import_conflict and stored nothing; after the holder's delete the other kind adopted it`;
});
