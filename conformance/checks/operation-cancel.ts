// Long-running operations: cancel stops a pending operation. Every operation the runner starts
// carries the async probe, so a host honouring it holds the operation pending until its owner
// polls, and a cancel always meets it pending: it must answer done with operation_cancelled and no
// result, and commit nothing (the create stored nothing, the delete left its target alive). The
// outcome then replays, a second cancel changes nothing, and an id nobody issued is
// operation_not_found.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, fail } from "../harness/assert.js";
import { expectNothingStored, expectUnchanged } from "../harness/aggregate/index.js";
import { describeResponse } from "../harness/http.js";
import type { Plane } from "../harness/lifecycle.js";
import {
  acceptCreate,
  acceptDelete,
  cancelOperation,
  describeOperation,
  expectReplaysTerminal,
  getOperation,
  operationOfRead,
  pollUntilDone,
  unknownOperationId,
  type Accepted,
  type Settled,
} from "../harness/operations/index.js";
import { mutableProbe } from "../harness/probes.js";

/**
 * Cancels a pending operation: the answer is the Operation, done, failed operation_cancelled with
 * no result (as the upstream runner asserts); polling then reads that very state, a second cancel
 * replays it byte-identically, and so does a GET.
 */
async function cancelPending(plane: Plane, accepted: Accepted, what: string): Promise<Settled> {
  const res = await cancelOperation(plane, accepted.op.id);
  const answered = operationOfRead(res, `${what}: cancel`);
  expectEqual(answered.id, accepted.op.id, `${what}: id of the operation the cancel answered`);
  if (!answered.done || answered.result !== undefined || answered.error?.code !== "operation_cancelled") {
    fail(
      `${what}: a cancel of an operation held pending by the async probe must answer it done with error operation_cancelled and no result, it answered ${describeOperation(answered)}`,
    );
  }
  const settled = await pollUntilDone(plane, accepted.op.id, what);
  if (settled.op.error?.code !== "operation_cancelled")
    fail(`${what}: the cancel answered operation_cancelled, then the operation read ${describeOperation(settled.op)}`);
  if (!settled.res.bytes.equals(res.bytes)) fail(`${what}: the cancel answered ${res.text}, a GET then ${settled.res.text}`);
  const again = await cancelOperation(plane, accepted.op.id);
  if (again.status !== 200 || !again.bytes.equals(settled.res.bytes))
    fail(`${what}: a second cancel must replay the terminal state ${settled.res.text}, got ${describeResponse(again)}`);
  await expectReplaysTerminal(plane, settled, `${what}: GET after the second cancel`);
  return settled;
}

export default defineCheck(
  "cancel stops a pending operation without committing it; a finished one replays; an unknown id is operation_not_found",
  async (ctx) => {
    const probe = mutableProbe(ctx);
    const p = ctx.primary;

    const name = ctx.name("cancelled");
    const create = await acceptCreate(p, probe.form.ref, name, ctx.space, probe.variant(1), "create with Prefer: respond-async");
    await cancelPending(p, create, "cancel of a pending create");
    await expectNothingStored(p, probe.form.ref, name, ctx.space, "the cancelled create");

    const target = await p.create(probe.form.ref, ctx.name("kept"), ctx.space, probe.variant(2));
    const del = await acceptDelete(p, target, "delete with Prefer: respond-async");
    await cancelPending(p, del, "cancel of a pending delete");
    await expectUnchanged(p, target, "the cancelled delete");
    await p.destroy(target);

    const unknown = unknownOperationId();
    expectError(await cancelOperation(p, unknown), "operation_not_found", "cancel of an operation id nobody issued");
    expectError(await getOperation(p, unknown), "operation_not_found", "GET of an operation id nobody issued");
    return "a pending create and a pending delete were each cancelled (done, operation_cancelled, no result): the create stored nothing, the delete left its target unchanged; each outcome replayed on a second cancel and on GET; an unissued id was operation_not_found on cancel and GET";
  },
);
