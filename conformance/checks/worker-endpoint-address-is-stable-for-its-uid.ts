// The address is immutable for the endpoint's uid (decision 0024), across the three triggers a
// black-box runner can cause: a host-side status refresh (the observe probe touch-status, which
// moves the revision), a promotion of the worker's deployment, and a re-read — each compared on
// the uid as well as the value. A spec-identical apply moves nothing and keeps the address; an
// apply asking for an address is refused, and the endpoint is unchanged.

import { defineCheck } from "../check.js";
import {
  addressOf,
  advanced,
  attemptUpdate,
  builder,
  deploymentSpec,
  endpointSpec,
  expectAccepted,
  expectRefused,
  expectUnchanged,
  reread,
} from "../harness/aggregate/index.js";
import { expectEqual, expectStatus, expectTrue } from "../harness/assert.js";
import { liveFrom } from "../harness/lifecycle.js";
import { PROBE_HEADER } from "../harness/paths.js";

export default defineCheck("an endpoint keeps its uid and address across a status refresh, a promotion, re-reads and an identical apply", async (ctx) => {
  const b = builder(ctx);
  const agg = await b.serving(["fetch"]);
  const next = await b.version({ worker: agg.worker, bundle: agg.bundle, handlers: ["fetch"] });
  const endpoint = await b.endpoint(agg.worker);
  const address = addressOf(endpoint, "the created endpoint");
  const same = (live: typeof endpoint, trigger: string) =>
    expectEqual([live.uid, addressOf(live, trigger)], [endpoint.uid, address], `endpoint uid and address after ${trigger}`);

  const touched = await ctx.primary.observe(
    endpoint.ref,
    endpoint.name,
    endpoint.space,
    { generation: endpoint.generation },
    { headers: { [PROBE_HEADER]: "touch-status" } },
  );
  expectStatus(touched, 200, "observe recording a host-side status refresh (probe touch-status)");
  const refreshed = liveFrom(touched, "status refresh");
  expectTrue(
    advanced(refreshed.revision, endpoint.revision),
    `the status refresh did not move the revision (${endpoint.revision} -> ${refreshed.revision}); the probe was not honoured`,
  );
  same(refreshed, "a host-side status refresh");

  expectAccepted(
    await attemptUpdate(ctx.primary, agg.deployment, deploymentSpec(ctx, agg.worker, [[next, 10000]])),
    200,
    "promotion of the worker's deployment",
  );
  same(await reread(ctx.primary, endpoint), "a promotion of the worker");
  const first = await reread(ctx.primary, endpoint);
  same(first, "a re-read");
  same(await reread(ctx.primary, endpoint), "a second re-read");

  const idle = expectAccepted(await attemptUpdate(ctx.primary, first, endpointSpec(ctx, agg.worker)), 200, "a spec-identical apply of the endpoint");
  same(idle, "a spec-identical apply");
  expectEqual([idle.generation, idle.revision], [first.generation, first.revision], "generation and revision after a spec-identical apply");
  const asking = { ...endpointSpec(ctx, agg.worker), hostname: ctx.names.hostname("moved") };
  expectRefused(await attemptUpdate(ctx.primary, first, asking), "invalid_argument", "an apply asking the endpoint for another hostname");
  await expectUnchanged(ctx.primary, first, "an apply asking the endpoint for another hostname");
  await b.cleanup();
  return `${address.url} stayed with uid ${endpoint.uid} across a status refresh (revision ${endpoint.revision} -> ${refreshed.revision}), a promotion, two re-reads and an identical apply; asking for another hostname was refused`;
});
