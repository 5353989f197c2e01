// Long-running operations: cancel is honoured only for a safely stoppable operation, and an
// already-terminal one replays. A cancel answers the Operation; when it reports operation_cancelled
// nothing was committed (the create stored nothing, the delete left its target alive), and when the
// host could not stop the operation it finishes like any other and its effect is visible. Either
// way the outcome then replays, a second cancel changes nothing, and cancelling an id nobody issued
// is operation_not_found.

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
  operationOfRead,
  pollUntilDone,
  unknownOperationId,
  type Accepted,
  type Settled,
} from "../harness/operations/index.js";
import { mutableProbe } from "../harness/probes.js";

/** Cancels a pending operation and follows it to its end. */
async function cancelPending(plane: Plane, accepted: Accepted, what: string): Promise<{ settled: Settled; stopped: boolean }> {
  if (accepted.op.done) fail(`${what}: the 202 already reported ${describeOperation(accepted.op)}; nothing was left to cancel (start the host with --async-commit-delay-ms)`);
  const res = await cancelOperation(plane, accepted.op.id);
  const answered = operationOfRead(res, `${what}: cancel`);
  expectEqual(answered.id, accepted.op.id, `${what}: id of the operation the cancel answered`);
  const settled = await pollUntilDone(plane, accepted.op.id, what);
  const stopped = settled.op.error?.code === "operation_cancelled";
  if (answered.done && !answered.error && stopped) fail(`${what}: the cancel reported success, then the operation read cancelled`);
  if (answered.error?.code === "operation_cancelled" && !stopped) fail(`${what}: the cancel reported operation_cancelled, then the operation read ${describeOperation(settled.op)}`);
  if (settled.op.error && !stopped) fail(`${what}: a cancelled operation may only end cancelled or with its own outcome, it ended ${describeOperation(settled.op)}`);
  const again = await cancelOperation(plane, accepted.op.id);
  if (again.status !== 200 || !again.bytes.equals(settled.res.bytes)) fail(`${what}: a second cancel must replay the terminal state ${settled.res.text}, got ${describeResponse(again)}`);
  await expectReplaysTerminal(plane, settled, `${what}: GET after the second cancel`);
  return { settled, stopped };
}

export default defineCheck("cancel stops a pending operation without committing it, or lets it finish; a finished one replays; an unknown id is operation_not_found", async (ctx) => {
  const probe = mutableProbe(ctx);
  const p = ctx.primary;
  const outcomes: string[] = [];

  const name = ctx.name("cancelled");
  const create = await acceptCreate(p, probe.form.ref, name, ctx.space, probe.variant(1), "create with Prefer: respond-async");
  const created = await cancelPending(p, create, "cancel of a pending create");
  if (created.stopped) {
    await expectNothingStored(p, probe.form.ref, name, ctx.space, "the cancelled create");
    outcomes.push("the create was cancelled and stored nothing");
  } else {
    await p.fetch(probe.form.ref, name, ctx.space);
    outcomes.push("the create could not be stopped and committed");
  }

  const target = await p.create(probe.form.ref, ctx.name("kept"), ctx.space, probe.variant(2));
  const del = await acceptDelete(p, target, "delete with Prefer: respond-async");
  const deleted = await cancelPending(p, del, "cancel of a pending delete");
  if (deleted.stopped) {
    await expectUnchanged(p, target, "the cancelled delete");
    outcomes.push("the delete was cancelled and its target is unchanged");
    await p.destroy(target);
  } else {
    await expectNothingStored(p, target.ref, target.name, target.space, "the delete that could not be stopped");
    outcomes.push("the delete could not be stopped and removed its target");
  }
  if (created.stopped === false) await p.destroy(await p.fetch(probe.form.ref, name, ctx.space));

  expectError(await cancelOperation(p, unknownOperationId()), "operation_not_found", "cancel of an operation id nobody issued");
  return `${outcomes.join("; ")}; each outcome replayed on a second cancel and on GET; cancelling an unissued id was operation_not_found`;
});
