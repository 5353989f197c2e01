// Resource identity: a create mints a host-issued uid at generation 1 and revision 1 with
// ETag "1", echoes the exact FormRef, name and space, reports its observedGeneration, and two creates get two uids; a create that fails mints nothing.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectNotEqual, expectRefusedNotForbidden, expectTrue } from "../harness/assert.js";
import { resourceDoc } from "../harness/lifecycle.js";
import { plainProbe } from "../harness/probes.js";

const UID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export default defineCheck(
  "a create mints a host uid at generation 1; two creates mint two uids; a client-written uid is never adopted; a refused create mints none",
  async (ctx) => {
    const { form, spec } = plainProbe(ctx);
    const a = await ctx.primary.create(form.ref, ctx.name("mint"), ctx.space, spec());
    const b = await ctx.primary.create(form.ref, ctx.name("mint"), ctx.space, spec());
    for (const live of [a, b]) {
      expectTrue(UID.test(live.uid), `uid ${live.uid} does not follow the uid grammar`);
      expectEqual(live.generation, "1", `generation of the created ${live.name}`);
      expectEqual(live.revision, "1", `revision of the created ${live.name}`);
      expectEqual(live.etag, '"1"', `ETag of the created ${live.name} (exactly its quoted revision)`);
      expectEqual(
        [live.body.apiVersion, live.body.kind, live.body.form.formRef, live.body.metadata.space],
        [form.ref.apiVersion, form.ref.kind, form.ref, ctx.space],
        `apiVersion, kind, formRef and space of the created ${live.name}`,
      );
      expectEqual(live.body.status.observedGeneration, "1", `status.observedGeneration of the created ${live.name}`);
      expectEqual(live.body.metadata.name, live.name, `metadata.name of the created ${live.name}`);
      expectEqual((await ctx.primary.fetch(form.ref, live.name, ctx.space)).uid, live.uid, `uid read back for ${live.name}`);
    }
    expectNotEqual(a.uid, b.uid, "uids of two creates");
    // A client cannot name the uid: one it writes into metadata is refused or ignored, never adopted.
    const name = ctx.name("mint");
    const chosen = `client-chosen-${ctx.names.key()}`;
    const doc = resourceDoc(form.ref, name, ctx.space, spec());
    const withUid = { ...doc, metadata: { ...doc.metadata, uid: chosen } };
    const prep = await ctx.primary.prepare(withUid, { create: true });
    if (prep.status === 200) {
      const digest = (prep.body as { review: { prepareDigest: string } }).review.prepareDigest;
      const res = await ctx.primary.settle(await ctx.primary.apply(withUid as typeof doc, digest, { create: true }));
      if (res.status === 201) {
        const minted = (res.body as { metadata: { uid: string } }).metadata.uid;
        expectNotEqual(minted, chosen, "uid minted for a create that wrote metadata.uid");
        await ctx.primary.destroy(await ctx.primary.fetch(form.ref, name, ctx.space));
      } else {
        expectRefusedNotForbidden(res, "apply of a create that wrote metadata.uid");
      }
    } else {
      // A uid in the request names an incarnation; naming one nobody holds is refused.
      expectRefusedNotForbidden(prep, "prepare of a create that wrote metadata.uid");
    }
    expectTrue((await ctx.primary.read(form.ref, name, ctx.space)).status === 404, "a create that wrote metadata.uid left a resource holding the client's uid");
    // A refused create mints nothing.
    const refusedName = ctx.name("mint");
    const refusedDoc = resourceDoc(form.ref, refusedName, ctx.space, spec());
    const digest = await ctx.primary.prepareDigest(refusedDoc, { create: true }, "prepare");
    expectError(await ctx.primary.apply(refusedDoc, digest, {}), "invalid_argument", "apply of a create without If-None-Match: *");
    expectError(await ctx.primary.read(form.ref, refusedName, ctx.space), "resource_not_found", "read after the refused create");
    await ctx.primary.destroy(a);
    await ctx.primary.destroy(b);
    return `two creates minted ${a.uid} and ${b.uid} at generation 1; a refused create minted nothing`;
  },
);
