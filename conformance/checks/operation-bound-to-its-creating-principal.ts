// Long-running operations: an operation id is a resumption handle, not a capability. GET and
// cancel from another principal of the same tenant, or from another tenant, answer
// operation_not_found exactly as an id that never existed does (indistinguishable apart from the
// id and requestId) — while the operation is pending and after it finished. A foreign cancel stops
// nothing: the creator's operation still commits, and the creator reads it all along.

import { defineCheck } from "../check.js";
import { expectError, fail } from "../harness/assert.js";
import { expectIndistinguishable } from "../harness/refusal.js";
import type { Plane } from "../harness/lifecycle.js";
import {
  acceptCreate,
  cancelOperation,
  describeOperation,
  expectReplaysTerminal,
  getOperation,
  readOperation,
  resultResource,
  settleUndisturbed,
  unknownOperationId,
} from "../harness/operations/index.js";
import { mutableProbe } from "../harness/probes.js";

async function expectForeignRefused(foreign: Plane, id: string, when: string): Promise<void> {
  const unknown = unknownOperationId();
  const what = `${foreign.label} ${when}`;
  const get = await getOperation(foreign, id);
  expectError(get, "operation_not_found", `GET of the operation by ${what}`);
  const getUnknown = await getOperation(foreign, unknown);
  expectIndistinguishable(get, [id], getUnknown, [unknown], `GET by ${what}: the real id versus an id nobody issued`);
  const cancel = await cancelOperation(foreign, id);
  expectError(cancel, "operation_not_found", `cancel of the operation by ${what}`);
  const cancelUnknown = await cancelOperation(foreign, unknown);
  expectIndistinguishable(cancel, [id], cancelUnknown, [unknown], `cancel by ${what}: the real id versus an id nobody issued`);
}

export default defineCheck(
  "GET and cancel of an operation answer only its creating tenant and principal; everyone else gets the unknown-id answer",
  async (ctx) => {
    const probe = mutableProbe(ctx);
    const accepted = await acceptCreate(ctx.primary, probe.form.ref, ctx.name("owned"), ctx.space, probe.variant(1), "create with Prefer: respond-async");
    const id = accepted.op.id;
    for (const foreign of [ctx.peer, ctx.stranger]) await expectForeignRefused(foreign, id, "while pending");
    const pending = await readOperation(ctx.primary, id, "GET by the creator after the foreign requests");
    if (pending.op.done && pending.op.error?.code === "operation_cancelled") fail("a foreign cancel cancelled the creator's operation");
    if (pending.op.done)
      fail(
        `operation ${describeOperation(pending.op)} finished before the foreign requests were all answered, so they did not meet a pending operation; a host honouring Takoform-Conformance-Probe: async keeps the operation pending until its owner polls it`,
      );

    const settled = await settleUndisturbed(accepted, "the creator's operation after the foreign cancels");
    const created = resultResource(ctx, settled.op, "the creator's operation after the foreign cancels");
    for (const foreign of [ctx.peer, ctx.stranger]) await expectForeignRefused(foreign, id, "after it finished");
    await expectReplaysTerminal(ctx.primary, settled, "GET by the creator after the foreign requests");
    await ctx.primary.destroy(await ctx.primary.fetch(created.ref, created.name, created.space));
    return "the same tenant's other principal and another tenant got operation_not_found on GET and cancel, indistinguishable from an unissued id, while pending and after; their cancels stopped nothing and the creator's operation committed and replayed";
  },
);
