// An adoption records its nativeId (decision 0011): the FIRST import onto a resource the host
// created records a claim; re-importing under the held identity answers the same incarnation;
// an import under a different nativeId is import_conflict; the claim survives an ordinary
// update; the identifier never appears in any response.

import { defineCheck } from "../check.js";
import { expectUnchanged } from "../harness/aggregate/index.js";
import { expectEqual, expectError, expectStatus, expectTrue } from "../harness/assert.js";
import type { HostResponse } from "../harness/http.js";
import { liveFrom, resourceDoc } from "../harness/lifecycle.js";
import { mutableProbe, plainProbe } from "../harness/probes.js";

export default defineCheck("the first import records a claim, a recorded claim is immutable and survives updates, nativeId is never echoed", async (ctx) => {
  const probe = mutableProbe(ctx);
  const other = plainProbe(ctx);
  const seen: HostResponse[] = [];
  const keep = (r: HostResponse): HostResponse => (seen.push(r), r);

  // A resource this host created holds no claim; the first import records one.
  const created = await ctx.primary.create(probe.form.ref, ctx.name("created"), ctx.space, probe.variant(0));
  const idY = ctx.names.nativeId("y");
  const doc = (spec: Record<string, unknown>) => resourceDoc(probe.form.ref, created.name, ctx.space, spec);
  const firstImport = keep(await ctx.primary.importResource(doc(probe.variant(0)), idY, { generation: created.generation }));
  expectStatus(firstImport, 200, "first import onto a created resource");
  expectEqual(liveFrom(firstImport, "first import").uid, created.uid, "uid answered by the first import");
  const again = keep(await ctx.primary.importResource(doc(probe.variant(0)), idY, { generation: created.generation }));
  expectStatus(again, 200, "re-import under the held identity");
  expectEqual(liveFrom(again, "re-import").uid, created.uid, "uid answered by the re-import");
  const claimed = await ctx.primary.fetch(probe.form.ref, created.name, ctx.space);
  expectError(
    keep(await ctx.primary.importResource(doc(probe.variant(0)), ctx.names.nativeId("z"), { generation: created.generation })),
    "import_conflict",
    "import of the created resource under another nativeId",
  );
  await expectUnchanged(ctx.primary, claimed, "the created resource after the refused re-pointing");
  // The claim was recorded: another resource of the tenant cannot adopt the same object.
  const rival = resourceDoc(other.form.ref, ctx.name("rival"), ctx.altSpace, other.spec());
  expectError(keep(await ctx.primary.importResource(rival, idY, { create: true })), "import_conflict", "adoption of the identity the first import recorded");

  // An ordinary update withdraws nothing: the identity stays held, and stays immutable.
  const updated = await ctx.primary.update(claimed, probe.variant(1));
  expectError(
    keep(await ctx.primary.importResource(doc(probe.variant(1)), ctx.names.nativeId("z2"), { generation: updated.generation })),
    "import_conflict",
    "import of the updated resource under another nativeId",
  );
  await expectUnchanged(ctx.primary, updated, "the updated resource after the refused re-pointing");
  expectError(
    keep(await ctx.primary.importResource(rival, idY, { create: true })),
    "import_conflict",
    "adoption of the held identity after an update of its holder",
  );

  // An adoption-minted resource holds its claim the same way.
  const idW = ctx.names.nativeId("w");
  const minted = keep(await ctx.primary.importResource(resourceDoc(other.form.ref, ctx.name("minted"), ctx.space, other.spec()), idW, { create: true }));
  expectStatus(minted, 201, "adoption minting a resource");
  const mintedLive = liveFrom(minted, "adoption");
  const mintedDoc = resourceDoc(other.form.ref, mintedLive.name, ctx.space, other.spec());
  expectError(
    keep(await ctx.primary.importResource(mintedDoc, ctx.names.nativeId("w2"), { generation: "1" })),
    "import_conflict",
    "import of the adopted resource under another nativeId",
  );
  await expectUnchanged(ctx.primary, mintedLive, "the adopted resource after the refused re-pointing");
  const reimport = keep(await ctx.primary.importResource(mintedDoc, idW, { generation: "1" }));
  expectStatus(reimport, 200, "re-import of the adopted resource under its own identity");
  expectEqual(liveFrom(reimport, "re-import").uid, mintedLive.uid, "uid answered by the re-import of the adopted resource");

  keep(await ctx.primary.read(probe.form.ref, created.name, ctx.space));
  keep(await ctx.primary.observe(other.form.ref, mintedLive.name, ctx.space, { generation: "1" }));
  for (const r of seen) {
    for (const id of [idY, idW]) expectTrue(!r.text.includes(id), `${r.request.method} ${r.request.path} echoed the nativeId ${id}`);
  }
  await ctx.primary.destroy(await ctx.primary.fetch(probe.form.ref, updated.name, ctx.space));
  await ctx.primary.destroy(mintedLive);
  return "first import onto a created resource recorded the claim; other nativeIds were import_conflict on both created and adopted resources; the claim survived an update; no response echoed a nativeId";
});
