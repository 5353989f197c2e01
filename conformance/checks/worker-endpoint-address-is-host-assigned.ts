// The host-assigned endpoint (decision 0024): a WorkerEndpoint's desired state is the worker
// reference and nothing else — an author-supplied hostname or url is refused at validate and
// prepare and nothing is stored. The host answers status.outputs {hostname, url}: the hostname in
// canonical form (the pinned output grammar), the url exactly https:// + hostname + "/", the same
// on create, read and observe. Endpoints of two workers carry two different addresses.

import { defineCheck } from "../check.js";
import { addressOf, builder, endpointSpec, expectNothingStored, referenceTo, reread } from "../harness/aggregate/index.js";
import { expectEqual, expectError, expectNotEqual, expectStatus } from "../harness/assert.js";
import { liveFrom, resourceDoc } from "../harness/lifecycle.js";
import { expectValidateRefused } from "../harness/verdicts.js";

export default defineCheck(
  "the endpoint address is the host's: none may be asked for; an https address built from one canonical hostname comes back, distinct per worker",
  async (ctx) => {
    const b = builder(ctx);
    const form = ctx.form("WorkerEndpoint");
    const one = await b.serving(["fetch"]);
    const two = await b.serving(["fetch"]);

    for (const extra of [{ hostname: ctx.names.hostname("mine") }, { url: `https://${ctx.names.hostname("mine")}/` }]) {
      const name = ctx.name("endpoint");
      const doc = resourceDoc(form.ref, name, ctx.space, { ...endpointSpec(ctx, one.worker), ...extra });
      const member = Object.keys(extra)[0]!;
      expectValidateRefused(await ctx.primary.validate(doc), `validate of an endpoint asking for its ${member}`);
      expectError(await ctx.primary.prepare(doc, { create: true }), "invalid_argument", `prepare of an endpoint asking for its ${member}`);
      await expectNothingStored(ctx.primary, form.ref, name, ctx.space, `an endpoint asking for its ${member}`);
    }

    const first = await b.endpoint(one.worker);
    const address = addressOf(first, "create of the endpoint");
    // The assigned address is status, never spec: the stored desired state is exactly the worker reference.
    expectEqual(first.body.spec, { worker: referenceTo(one.worker) }, "the endpoint's stored desired state (the worker reference and nothing else)");
    expectEqual(addressOf(await reread(ctx.primary, first), "read of the endpoint"), address, "address read back");
    const observed = await ctx.primary.observe(first.ref, first.name, first.space, { generation: first.generation });
    expectStatus(observed, 200, "observe of the endpoint");
    expectEqual(addressOf(liveFrom(observed, "observe"), "observe of the endpoint"), address, "address observed");

    const second = await b.endpoint(two.worker);
    const other = addressOf(second, "create of the second worker's endpoint");
    expectNotEqual(other.hostname, address.hostname, "hostnames of endpoints on two different workers");
    await b.cleanup();
    return `an endpoint asking for a hostname or url was refused at validate and prepare, nothing stored; the host assigned ${address.url} (same on create, read, observe) and ${other.url} for a second worker`;
  },
);
