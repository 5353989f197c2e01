// Long-running operations: a 202 accepts a mutation to ONE resource and the commit resolves
// through the recorded uid, never the name. While an accepted update or delete waits, the target
// is removed and the name re-created — under the same definition or another version of it — with a
// new incarnation that satisfies the original generation fence: the commit fails uid_mismatch and
// the newcomer is untouched; with nothing holding the name it fails resource_not_found and nothing
// appears. A create pins no incarnation: If-None-Match: * decides at commit (generation_conflict
// when the name was taken meanwhile). Undisturbed, the same kinds of requests commit.

import { defineCheck } from "../check.js";
import { expectNothingStored, expectUnchanged } from "../harness/aggregate/index.js";
import { expectEqual } from "../harness/assert.js";
import type { Live, Plane } from "../harness/lifecycle.js";
import { acceptCreate, acceptDelete, acceptUpdate, expectFailed, resultResource, settleAfterMove, settleUndisturbed } from "../harness/operations/index.js";
import { mutableProbe, probeSpec, twoVersions } from "../harness/probes.js";

/** Deletes `live` and re-creates its name with `spec` under `ref`; returns the newcomer. */
async function replace(plane: Plane, live: Live, ref: Live["ref"], spec: Record<string, unknown>): Promise<Live> {
  await plane.destroy(await plane.fetch(live.ref, live.name, live.space));
  return plane.create(ref, live.name, live.space, spec);
}

export default defineCheck(
  "an accepted update or delete commits against its recorded incarnation: uid_mismatch when replaced, resource_not_found when gone; a create decides at commit",
  async (ctx) => {
    const probe = mutableProbe(ctx);
    const p = ctx.primary;
    const fresh = (hint: string, i = 0) => p.create(probe.form.ref, ctx.name(hint), ctx.space, probe.variant(i));

    const steady = await fresh("steady");
    const updated = resultResource(
      ctx,
      (await settleUndisturbed(await acceptUpdate(p, steady, probe.variant(1), "undisturbed update"), "undisturbed update")).op,
      "undisturbed update",
    );
    expectEqual([updated.uid, updated.generation], [steady.uid, "2"], "uid and generation the undisturbed update committed");

    const a = await fresh("replaced");
    let newcomer!: Live;
    const update = await settleAfterMove(
      await acceptUpdate(p, a, probe.variant(2), "update of a resource replaced before the commit"),
      async () => {
        newcomer = await replace(p, a, probe.form.ref, probe.variant(3));
      },
      "update of a resource replaced before the commit",
    );
    expectFailed(update.op, "uid_mismatch", "update of a resource replaced before the commit");
    await expectUnchanged(p, newcomer, "the newcomer after the update bound to its predecessor");
    expectEqual(newcomer.generation, a.generation, "the newcomer's generation (the fence the update was accepted under still matches it)");

    const gone = await fresh("gone");
    const orphan = await settleAfterMove(
      await acceptUpdate(p, gone, probe.variant(2), "update of a resource deleted before the commit"),
      () => p.destroy(gone),
      "update of a resource deleted before the commit",
    );
    expectFailed(orphan.op, "resource_not_found", "update of a resource deleted before the commit");
    await expectNothingStored(p, gone.ref, gone.name, gone.space, "the update whose target was deleted");

    const vanished = await fresh("vanished");
    const vanishedDelete = await settleAfterMove(
      await acceptDelete(p, vanished, "delete of a resource deleted before the commit"),
      () => p.destroy(vanished),
      "delete of a resource deleted before the commit",
    );
    expectFailed(vanishedDelete.op, "resource_not_found", "delete of a resource deleted before the commit");
    await expectNothingStored(p, vanished.ref, vanished.name, vanished.space, "the delete whose target vanished");

    const doomed = await fresh("doomed");
    let survivor!: Live;
    const del = await settleAfterMove(
      await acceptDelete(p, doomed, "delete of a resource replaced before the commit"),
      async () => {
        survivor = await replace(p, doomed, probe.form.ref, probe.variant(4));
      },
      "delete of a resource replaced before the commit",
    );
    expectFailed(del.op, "uid_mismatch", "delete of a resource replaced before the commit");
    await expectUnchanged(p, survivor, "the newcomer after the delete bound to its predecessor");

    const [older, newer] = twoVersions(ctx);
    const versioned = await p.create(older.ref, ctx.name("versioned"), ctx.space, probeSpec(ctx, older));
    let successor!: Live;
    const crossed = await settleAfterMove(
      await acceptDelete(p, versioned, `delete of a ${older.ref.kind}@${older.ref.definitionVersion} replaced under ${newer.ref.definitionVersion}`),
      async () => {
        successor = await replace(p, versioned, newer.ref, probeSpec(ctx, newer));
      },
      "delete of a resource replaced under another definition version",
    );
    expectFailed(crossed.op, "uid_mismatch", "delete of a resource replaced under another definition version");
    await expectUnchanged(p, successor, "the newcomer under the other definition version");

    const raced = ctx.name("raced");
    let holder!: Live;
    const create = await settleAfterMove(
      await acceptCreate(p, probe.form.ref, raced, ctx.space, probe.variant(5), "create of a name taken before the commit"),
      async () => {
        holder = await p.create(probe.form.ref, raced, ctx.space, probe.variant(6));
      },
      "create of a name taken before the commit",
    );
    expectFailed(create.op, "generation_conflict", "create of a name taken before the commit");
    await expectUnchanged(p, holder, "the holder of the name after the asynchronous create");
    const freeName = ctx.name("free");
    const freeCreate = resultResource(
      ctx,
      (await settleUndisturbed(await acceptCreate(p, probe.form.ref, freeName, ctx.space, probe.variant(7), "create of a free name"), "create of a free name"))
        .op,
      "create of a free name",
    );

    for (const live of [updated, newcomer, survivor, successor, holder, freeCreate]) await p.destroy(await p.fetch(live.ref, live.name, live.space));
    return "replaced targets failed uid_mismatch (update, delete, and a delete across definition versions) leaving the newcomers untouched; a deleted target failed resource_not_found with nothing stored (update and delete); a create whose name was taken failed generation_conflict; undisturbed update and create committed";
  },
);
