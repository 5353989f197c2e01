// Long-running operations: retention is a window, not an ordering. A terminal operation stays
// addressable and replays byte-identically after the resource it names was mutated again, after
// other operations were accepted and settled, and after the resource was deleted — it keeps
// reporting the state it committed, never the resource's current one. An id nobody issued is still
// operation_not_found, so addressability is not a blanket answer.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, fail } from "../harness/assert.js";
import type { Plane } from "../harness/lifecycle.js";
import {
  acceptCreate,
  acceptDelete,
  acceptUpdate,
  getOperation,
  readOperation,
  resultResource,
  settleUndisturbed,
  unknownOperationId,
  type Settled,
} from "../harness/operations/index.js";
import { mutableProbe } from "../harness/probes.js";

async function expectStillReplays(plane: Plane, kept: { label: string; settled: Settled }[], after: string): Promise<void> {
  for (const { label, settled } of kept) {
    const { res } = await readOperation(plane, settled.op.id, `${label} after ${after}`);
    if (!res.bytes.equals(settled.res.bytes))
      fail(`${label} after ${after}: the terminal state did not replay byte-identically: was ${settled.res.text}, now ${res.text}`);
  }
}

export default defineCheck(
  "a terminal operation replays byte-identically after its resource moved on, other operations settled, and the resource was deleted",
  async (ctx) => {
    const probe = mutableProbe(ctx);
    const p = ctx.primary;
    const live = await p.create(probe.form.ref, ctx.name("resumable"), ctx.space, probe.variant(0));

    const first = await settleUndisturbed(await acceptUpdate(p, live, probe.variant(1), "first asynchronous update"), "first asynchronous update");
    const firstResource = resultResource(ctx, first.op, "first asynchronous update");
    const kept = [{ label: "the first update's operation", settled: first }];

    const moved = await p.update(await p.fetch(live.ref, live.name, live.space), probe.variant(2));
    await expectStillReplays(p, kept, "a synchronous update of its resource");

    const second = await settleUndisturbed(await acceptUpdate(p, moved, probe.variant(3), "second asynchronous update"), "second asynchronous update");
    kept.push({ label: "the second update's operation", settled: second });
    const other = await settleUndisturbed(
      await acceptCreate(p, probe.form.ref, ctx.name("other"), ctx.space, probe.variant(4), "an unrelated asynchronous create"),
      "an unrelated asynchronous create",
    );
    const otherResource = resultResource(ctx, other.op, "an unrelated asynchronous create");
    kept.push({ label: "the unrelated create's operation", settled: other });
    await expectStillReplays(p, kept, "other operations were accepted and settled");

    const current = await p.fetch(live.ref, live.name, live.space);
    expectEqual(current.generation, "4", "generation of the resource after three updates");
    expectEqual(
      resultResource(ctx, (await readOperation(p, first.op.id, "the first operation")).op, "the first operation").generation,
      firstResource.generation,
      "generation the first operation reports (the one it committed, not the current one)",
    );

    const deleted = await settleUndisturbed(await acceptDelete(p, current, "asynchronous delete of the resource"), "asynchronous delete of the resource");
    kept.push({ label: "the delete's operation", settled: deleted });
    await p.destroy(await p.fetch(otherResource.ref, otherResource.name, otherResource.space));
    await expectStillReplays(p, kept, "both resources were deleted");

    expectError(await getOperation(p, unknownOperationId()), "operation_not_found", "GET of an operation id nobody issued");
    return `four terminal operations (two updates, a create, a delete) replayed byte-identically after a later update, later operations and the deletion of both resources; the first still reports generation ${firstResource.generation} while the resource had reached 4`;
  },
);
