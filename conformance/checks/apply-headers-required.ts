// apply carries its preconditions and its Idempotency-Key: a create without If-None-Match: *
// (and no generation fence), an update without a generation fence, and an apply without an
// Idempotency-Key are each invalid_argument before mutation; with the headers they succeed.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectStatus } from "../harness/assert.js";
import { resourceDoc } from "../harness/lifecycle.js";
import { mutableProbe } from "../harness/probes.js";

export default defineCheck("apply without its precondition or Idempotency-Key is invalid_argument; with them it succeeds", async (ctx) => {
  const probe = mutableProbe(ctx);
  const name = ctx.name("hdr");
  const doc = resourceDoc(probe.form.ref, name, ctx.space, probe.variant(0));
  const digest = await ctx.primary.prepareDigest(doc, { create: true }, "prepare of the create");
  expectError(await ctx.primary.apply(doc, digest, {}), "invalid_argument", "create without If-None-Match: *");
  expectError(await ctx.primary.apply(doc, digest, { create: true }, { key: null }), "invalid_argument", "create without Idempotency-Key");
  expectError(await ctx.primary.read(probe.form.ref, name, ctx.space), "resource_not_found", "read after the refused creates");
  const created = await ctx.primary.settle(await ctx.primary.apply(doc, digest, { create: true }));
  expectStatus(created, 201, "create with its headers");

  const upd = resourceDoc(probe.form.ref, name, ctx.space, probe.variant(1));
  const uDigest = await ctx.primary.prepareDigest(upd, { generation: "1" }, "prepare of the update");
  expectError(await ctx.primary.apply(upd, uDigest, {}), "invalid_argument", "update without a generation fence");
  expectError(await ctx.primary.apply(upd, uDigest, { generation: "1" }, { key: null }), "invalid_argument", "update without Idempotency-Key");
  const unchanged = await ctx.primary.fetch(probe.form.ref, name, ctx.space);
  expectEqual(unchanged.generation, "1", "generation after the refused updates");
  const updated = await ctx.primary.settle(await ctx.primary.apply(upd, uDigest, { generation: "1" }));
  expectStatus(updated, 200, "update with its headers");
  expectError(
    await ctx.primary.remove(probe.form.ref, name, ctx.space, { generation: "2" }, { key: null }),
    "invalid_argument",
    "delete without Idempotency-Key",
  );
  await ctx.primary.destroy(await ctx.primary.fetch(probe.form.ref, name, ctx.space));
  return "create without If-None-Match, update without a fence, and apply or delete without an Idempotency-Key were invalid_argument and changed nothing";
});
