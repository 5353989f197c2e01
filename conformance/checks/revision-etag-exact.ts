// Resource identity: the strong ETag is exactly the quoted revision, on create, read, update
// and observe; it moves when the representation does; If-Match with it is honoured and a
// different one is revision_conflict.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectStatus, expectTrue } from "../harness/assert.js";
import type { HostResponse } from "../harness/http.js";
import { liveFrom, resourceDoc } from "../harness/lifecycle.js";
import { mutableProbe } from "../harness/probes.js";

function etagIsRevision(res: HostResponse, what: string): string {
  const live = liveFrom(res, what);
  expectEqual(res.headers["etag"], `"${live.revision}"`, `ETag of ${what} (exactly the quoted revision ${live.revision})`);
  return live.revision;
}

export default defineCheck("the ETag is exactly the quoted revision, moves with the representation, and fences If-Match", async (ctx) => {
  const probe = mutableProbe(ctx);
  const created = await ctx.primary.create(probe.form.ref, ctx.name("etag"), ctx.space, probe.variant(0));
  expectEqual(created.etag, `"${created.revision}"`, "ETag of the create");
  const read = await ctx.primary.read(probe.form.ref, created.name, ctx.space);
  expectStatus(read, 200, "read");
  const r1 = etagIsRevision(read, "read");
  const obs = await ctx.primary.observe(probe.form.ref, created.name, ctx.space, { generation: "1" });
  expectStatus(obs, 200, "observe");
  etagIsRevision(obs, "observe");

  const doc = resourceDoc(probe.form.ref, created.name, ctx.space, probe.variant(1));
  const digest = await ctx.primary.prepareDigest(doc, { generation: "1" }, "prepare of the update");
  expectError(
    await ctx.primary.apply(doc, digest, { generation: "1", ifMatch: String(BigInt(r1) + 1000n) }),
    "revision_conflict",
    "update with If-Match naming another revision",
  );
  const updated = await ctx.primary.settle(await ctx.primary.apply(doc, digest, { generation: "1", ifMatch: r1 }));
  expectStatus(updated, 200, "update with If-Match naming the current revision");
  const r2 = etagIsRevision(updated, "update");
  expectTrue(BigInt(r2) > BigInt(r1), `revision after the update (${r2}) did not advance past ${r1}`);
  const reread = await ctx.primary.read(probe.form.ref, created.name, ctx.space);
  expectEqual(etagIsRevision(reread, "read after the update"), r2, "revision read after the update");
  await ctx.primary.destroy(liveFrom(reread, "read"));
  return `ETag was exactly "<revision>" on create, read, observe and update; it moved ${r1} -> ${r2}; If-Match was honoured and a foreign value was revision_conflict`;
});
