// Resource identity: a host-side status change moves metadata.revision (and the ETag) and never
// metadata.generation; a re-observation or a spec-identical apply that changes nothing moves
// nothing. The status change is caused through the host's test-only probe (touch-status on
// observe), which a host honours only when started with its conformance-probe flag.

import { defineCheck } from "../check.js";
import { expectEqual, expectStatus, expectTrue } from "../harness/assert.js";
import { liveFrom, resourceDoc } from "../harness/lifecycle.js";
import { PROBE_HEADER } from "../harness/paths.js";
import { mutableProbe } from "../harness/probes.js";

export default defineCheck("a host-side status change moves the revision and not the generation; no change moves nothing", async (ctx) => {
  const probe = mutableProbe(ctx);
  const live = await ctx.primary.create(probe.form.ref, ctx.name("status"), ctx.space, probe.variant(0));
  const { ref, name, space } = live;

  // Nothing changed: a plain observe and a spec-identical apply move neither counter.
  const quiet = await ctx.primary.observe(ref, name, space, { generation: live.generation });
  expectStatus(quiet, 200, "plain observe");
  expectEqual(liveFrom(quiet, "plain observe").revision, live.revision, "revision after a plain observe");
  const same = resourceDoc(ref, name, space, probe.variant(0));
  const digest = await ctx.primary.prepareDigest(same, { generation: live.generation }, "prepare of a spec-identical apply");
  const idem = await ctx.primary.settle(await ctx.primary.apply(same, digest, { generation: live.generation }));
  expectStatus(idem, 200, "spec-identical apply");
  const idemLive = liveFrom(idem, "spec-identical apply");
  expectEqual([idemLive.generation, idemLive.revision], [live.generation, live.revision], "generation and revision after a spec-identical apply");

  // A host-side status change.
  const touched = await ctx.primary.observe(ref, name, space, { generation: live.generation }, { headers: { [PROBE_HEADER]: "touch-status" } });
  expectStatus(touched, 200, "observe recording a host-side status change (probe touch-status)");
  const after = liveFrom(touched, "touched observe");
  expectEqual(after.generation, live.generation, "generation after the status change");
  expectTrue(BigInt(after.revision) > BigInt(live.revision), `revision after the status change (${after.revision}) did not advance past ${live.revision}`);
  expectEqual(touched.headers["etag"], `"${after.revision}"`, "ETag after the status change");
  const read = await ctx.primary.fetch(ref, name, space);
  expectEqual([read.generation, read.revision], [after.generation, after.revision], "generation and revision read after the status change");
  await ctx.primary.destroy(read);
  return `status change moved revision ${live.revision} -> ${after.revision} at generation ${after.generation}; a plain observe and a spec-identical apply moved nothing`;
});
