// Tenant isolation: an Idempotency-Key names one operation of one tenant. The same key from a
// second tenant is executed as that tenant's own request — its resource reads back with its own
// uid — and each tenant replays only its own record.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectNotEqual, expectStatus } from "../harness/assert.js";
import { liveFrom, resourceDoc } from "../harness/lifecycle.js";
import { plainProbe } from "../harness/probes.js";

export default defineCheck("one Idempotency-Key in two tenants is two operations, each replaying only its own", async (ctx) => {
  const { form, spec } = plainProbe(ctx);
  const name = ctx.name("idem");
  const key = ctx.names.key();
  const doc = resourceDoc(form.ref, name, ctx.space, spec());

  const dPrimary = await ctx.primary.prepareDigest(doc, { create: true }, "primary's prepare");
  const first = await ctx.primary.apply(doc, dPrimary, { create: true }, { key });
  expectStatus(first, 201, "primary's create under the key");
  const mine = liveFrom(first, "primary's create");

  const dStranger = await ctx.stranger.prepareDigest(doc, { create: true }, "other tenant's prepare");
  const second = await ctx.stranger.apply(doc, dStranger, { create: true }, { key });
  expectStatus(second, 201, "the other tenant's create under the same key");
  const theirs = liveFrom(second, "other tenant's create");
  expectNotEqual(theirs.uid, mine.uid, "uid answered to the other tenant (the primary's replay would repeat it)");
  expectEqual((await ctx.stranger.fetch(form.ref, name, ctx.space)).uid, theirs.uid, "uid the other tenant reads back");

  // Each tenant's retry replays its own answer.
  // Each tenant's retry replays its own first answer byte for byte (status, ETag, body).
  const replayTheirs = await ctx.stranger.apply(doc, dStranger, { create: true }, { key });
  expectEqual(
    [replayTheirs.status, replayTheirs.headers["etag"], replayTheirs.text],
    [second.status, second.headers["etag"], second.text],
    "the other tenant's retry against its own first answer (status, ETag, bytes)",
  );
  const replayMine = await ctx.primary.apply(doc, dPrimary, { create: true }, { key });
  expectEqual(
    [replayMine.status, replayMine.headers["etag"], replayMine.text],
    [first.status, first.headers["etag"], first.text],
    "the primary's retry against its own first answer (status, ETag, bytes)",
  );
  // The primary's record holds the primary's bytes: the other tenant's bytes under it are a mismatch.
  if (dPrimary !== dStranger) {
    expectError(await ctx.primary.apply(doc, dStranger, { create: true }, { key }), "invalid_argument", "the primary reusing its key with other bytes");
  }
  expectEqual((await ctx.primary.fetch(form.ref, name, ctx.space)).uid, mine.uid, "uid the primary reads back");
  await ctx.primary.destroy(mine);
  await ctx.stranger.destroy(theirs);
  return `the key was executed in each tenant (uids ${mine.uid} and ${theirs.uid}), each read back, and each retry replayed its own tenant's first answer byte for byte`;
});
