// Tenant isolation: a request with no credential, or a well-formed bearer credential naming
// nobody, is refused unauthenticated (401) on a read surface and on a mutating one, never
// permission_denied; the identical requests under a real credential succeed.

import { defineCheck } from "../check.js";
import { expectError, expectStatus } from "../harness/assert.js";
import { resourceDoc } from "../harness/lifecycle.js";
import { plainProbe } from "../harness/probes.js";
import { exactFormsQuery, forms } from "../harness/surfaces.js";

export default defineCheck("absent or unknown credentials are unauthenticated (401) on read and mutating surfaces", async (ctx) => {
  const { form, spec } = plainProbe(ctx);
  const held = await ctx.primary.create(form.ref, ctx.name("held"), ctx.space, spec());
  const nobody = ctx.plane("nobody", `unknown-${ctx.names.key()}`);
  const callers = [
    { label: "no Authorization header", plane: ctx.anonymous },
    { label: "a bearer credential naming nobody", plane: nobody },
  ];

  // Read surface: the resource exists, so a lookup that fails open would return it.
  for (const { label, plane } of callers) {
    expectError(await plane.read(held.ref, held.name, held.space), "unauthenticated", `read with ${label}`);
  }
  const ok = await ctx.primary.read(held.ref, held.name, held.space);
  expectStatus(ok, 200, "the same read with the primary credential");
  // The installed set: a host answering it to nobody has picked a tenant the caller never named.
  const installed = exactFormsQuery(form.ref, ctx.space);
  for (const { label, plane } of callers) expectError(await forms(plane, installed), "unauthenticated", `GET forms with ${label}`);
  expectStatus(await forms(ctx.primary, installed), 200, "the same GET forms with the primary credential");

  // Mutating surface: a valid review for a free name, presented without a real credential.
  const fresh = ctx.name("fresh");
  const doc = resourceDoc(form.ref, fresh, ctx.space, spec());
  const digest = await ctx.primary.prepareDigest(doc, { create: true }, `prepare of ${fresh}`);
  for (const { label, plane } of callers) {
    expectError(await plane.apply(doc, digest, { create: true }), "unauthenticated", `apply with ${label}`);
    expectError(await plane.remove(held.ref, held.name, held.space, { generation: held.generation }), "unauthenticated", `delete with ${label}`);
  }
  expectError(await ctx.primary.read(form.ref, fresh, ctx.space), "resource_not_found", "read of the name the refused applies addressed");
  const created = await ctx.primary.settle(await ctx.primary.apply(doc, digest, { create: true }));
  expectStatus(created, 201, "the same apply with the primary credential");
  await ctx.primary.destroy(held);
  await ctx.primary.destroy(await ctx.primary.fetch(form.ref, fresh, ctx.space));
  return "read, the installed set, apply and delete refused 401 without a credential and with an unknown one; the same requests succeeded with a real credential";
});
