// Long-running operations: a terminal operation replays its terminal state instead of
// re-executing. Repeated GETs and a cancel of the finished operation answer the same bytes; an
// idempotent retry of the accepted request (same Idempotency-Key, same bytes) follows its
// operation — the same operation, or its outcome — and executes nothing again. Both polarities:
// an operation that succeeded and one that failed (a create whose name was taken before it
// committed) replay alike, and neither retry moves the resource.

import { defineCheck } from "../check.js";
import { expectEqual, fail } from "../harness/assert.js";
import { describeResponse, errorOf, type HostResponse } from "../harness/http.js";
import type { Live, Plane } from "../harness/lifecycle.js";
import {
  acceptCreate,
  cancelOperation,
  expectFailed,
  expectReplaysTerminal,
  operationOfAccepted,
  resultResource,
  settleAfterMove,
  settleUndisturbed,
  type Accepted,
  type Settled,
} from "../harness/operations/index.js";
import { mutableProbe } from "../harness/probes.js";

/** The retry answered the same operation (202) or the operation's outcome, and nothing moved. */
async function expectRetryFollows(plane: Plane, accepted: Accepted, settled: Settled, holder: Live, what: string): Promise<void> {
  const retry: HostResponse = await accepted.resend();
  if (retry.status === 202) {
    expectEqual(operationOfAccepted(retry, what).id, accepted.op.id, `${what}: the operation the retried request answers`);
  } else if (settled.op.error) {
    if (errorOf(retry)?.code !== settled.op.error.code)
      fail(`${what}: expected the retry to follow the operation's outcome ${settled.op.error.code} (or answer the operation), got ${describeResponse(retry)}`);
  } else {
    const resource = (retry.body as { metadata?: { uid?: string } } | undefined)?.metadata?.uid;
    if (retry.status !== 201 || resource !== holder.uid)
      fail(
        `${what}: expected the retry to follow the operation's outcome (201 with uid ${holder.uid}) or answer the operation, got ${describeResponse(retry)}`,
      );
  }
  const now = await plane.fetch(holder.ref, holder.name, holder.space);
  expectEqual(
    [now.uid, now.generation, now.revision, now.body.spec],
    [holder.uid, holder.generation, holder.revision, holder.body.spec],
    `${what}: the resource after the retry (nothing executed again)`,
  );
}

async function expectCancelReplays(plane: Plane, settled: Settled, what: string): Promise<void> {
  const cancel = await cancelOperation(plane, settled.op.id);
  if (cancel.status !== 200 || !cancel.bytes.equals(settled.res.bytes)) {
    fail(
      `${what}: a cancel of the finished operation must replay its terminal state; the operation read ${settled.res.text}, the cancel answered ${describeResponse(cancel)}`,
    );
  }
}

export default defineCheck(
  "a finished operation replays byte-identically on GET and cancel, and a retry of its request follows it without executing",
  async (ctx) => {
    const probe = mutableProbe(ctx);
    const p = ctx.primary;

    const won = await acceptCreate(p, probe.form.ref, ctx.name("replay"), ctx.space, probe.variant(1), "create with Prefer: respond-async");
    const success = await settleUndisturbed(won, "the undisturbed create");
    const created = resultResource(ctx, success.op, "the undisturbed create");
    for (let i = 0; i < 3; i++) await expectReplaysTerminal(p, success, `GET ${i + 2} of the succeeded operation`);
    await expectCancelReplays(p, success, "cancel of the succeeded operation");
    await expectReplaysTerminal(p, success, "GET after the cancel of the succeeded operation");
    const holderOfWon = await p.fetch(created.ref, created.name, created.space);
    await expectRetryFollows(p, won, success, holderOfWon, "retry of the succeeded create under its key");

    const raced = ctx.name("raced");
    const lost = await acceptCreate(
      p,
      probe.form.ref,
      raced,
      ctx.space,
      probe.variant(2),
      "create with Prefer: respond-async of a name taken before the commit",
    );
    let holder: Live | undefined;
    const failure = await settleAfterMove(
      lost,
      async () => {
        holder = await p.create(probe.form.ref, raced, ctx.space, probe.variant(3));
      },
      "the create whose name was taken meanwhile",
    );
    expectFailed(failure.op, "generation_conflict", "the create whose name was taken meanwhile");
    for (let i = 0; i < 3; i++) await expectReplaysTerminal(p, failure, `GET ${i + 2} of the failed operation`);
    await expectCancelReplays(p, failure, "cancel of the failed operation");
    await expectRetryFollows(p, lost, failure, holder!, "retry of the failed create under its key");

    await p.destroy(await p.fetch(created.ref, created.name, created.space));
    await p.destroy(await p.fetch(holder!.ref, holder!.name, holder!.space));
    return "a succeeded and a failed (generation_conflict) operation each replayed byte-identically on three GETs and on cancel; retries of both requests followed their operation and moved nothing";
  },
);
