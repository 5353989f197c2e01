// Tenant isolation, import: a create-intent adoption of a name only another tenant holds
// SUCCEEDS and answers exactly what the adoption of a free name answers (same status, same
// ETag, a document differing only in uid and name) — even naming the native identity the other
// tenant holds; a fenced import of such a name is resource_not_found like any absent target.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectNotEqual, expectStatus } from "../harness/assert.js";
import { liveFrom, resourceDoc } from "../harness/lifecycle.js";
import { plainProbe } from "../harness/probes.js";
import { expectIndistinguishable, normalized } from "../harness/refusal.js";

export default defineCheck("adopting a name only another tenant holds answers like adopting a free name; a fenced import of it is not found", async (ctx) => {
  const { form, spec } = plainProbe(ctx);
  const held = await ctx.primary.create(form.ref, ctx.name("held"), ctx.space, spec());
  const claimId = ctx.names.nativeId("claim");
  const adoptedByOwner = await ctx.primary.importResource(resourceDoc(form.ref, ctx.name("owned"), ctx.space, spec()), claimId, { create: true });
  expectStatus(adoptedByOwner, 201, "the owner's adoption of a native identity");
  const ownerHolder = liveFrom(adoptedByOwner, "owner adoption");

  // Create-intent adoption by the stranger: of the owner's name (naming the owner's native identity), and of a free name.
  const onHeld = await ctx.stranger.importResource(resourceDoc(form.ref, held.name, ctx.space, spec()), claimId, { create: true });
  const free = ctx.name("free");
  const onFree = await ctx.stranger.importResource(resourceDoc(form.ref, free, ctx.space, spec()), ctx.names.nativeId("free"), { create: true });
  expectStatus(onHeld, 201, "the other tenant's adoption of a name only the owner holds");
  expectStatus(onFree, 201, "the other tenant's adoption of a free name");
  expectEqual(onHeld.headers["etag"], onFree.headers["etag"], "ETag of the two adoptions");
  const a = liveFrom(onHeld, "adoption of the held name");
  const b = liveFrom(onFree, "adoption of the free name");
  expectEqual(a.generation, "1", "generation of the adoption");
  expectEqual(normalized(onHeld, [held.name, a.uid]), normalized(onFree, [free, b.uid]), "the two adoption documents apart from uid and name");
  expectNotEqual(a.uid, ownerHolder.uid, "uids of the two tenants' adoptions of one native identity (two resources)");
  // The claim is per tenant, and every tenant is a caller: a second resource of the OTHER tenant
  // adopting the identity that tenant now manages is import_conflict, storing nothing.
  const rival = ctx.name("rival");
  expectError(
    await ctx.stranger.importResource(resourceDoc(form.ref, rival, ctx.space, spec()), claimId, { create: true }),
    "import_conflict",
    "the other tenant's second adoption of the native identity it already manages",
  );
  expectError(await ctx.stranger.read(form.ref, rival, ctx.space), "resource_not_found", "read of the other tenant's refused second adoption");

  // Update-intent (fenced) import of a name only the owner holds: not found, like a never-created name.
  const never = ctx.name("never");
  const fencedForeign = await ctx.stranger.importResource(resourceDoc(form.ref, ownerHolder.name, ctx.space, spec()), ctx.names.nativeId(), {
    generation: "1",
  });
  const fencedAbsent = await ctx.stranger.importResource(resourceDoc(form.ref, never, ctx.space, spec()), ctx.names.nativeId(), { generation: "1" });
  expectError(fencedForeign, "resource_not_found", "fenced import of a name only the owner holds");
  expectError(fencedAbsent, "resource_not_found", "fenced import of a name nobody created");
  expectIndistinguishable(fencedForeign, [ownerHolder.name], fencedAbsent, [never], "fenced import, foreign versus never-created");

  for (const own of [held, ownerHolder]) {
    const after = await ctx.primary.fetch(form.ref, own.name, ctx.space);
    expectEqual([after.uid, after.generation, after.revision], [own.uid, own.generation, own.revision], `owner's ${own.name} after the other tenant's imports`);
    await ctx.primary.destroy(after);
  }
  await ctx.stranger.destroy(a);
  await ctx.stranger.destroy(b);
  return "the other tenant's adoption of the owner's name (and native identity) matched a free-name adoption in status, ETag and document; its fenced import was resource_not_found; the owner's resources were untouched";
});
