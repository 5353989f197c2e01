// A delete fences on the generation and must not require the revision (decision 0011): a
// teardown plan reads the worker, then deletes its deployment — which moves the worker's revision
// through derived rendering — then deletes the worker. The worker's delete carrying the generation
// it read (and no If-Match) succeeds. A host given If-Match honours it: the stale revision the plan
// read is refused revision_conflict (412) and the worker stays; a stale generation is still
// generation_conflict (412).

import { defineCheck } from "../check.js";
import { advanced, attemptDelete, builder, expectReadyTrue, reread } from "../harness/aggregate/index.js";
import { expectEqual, expectError, expectStatus, expectTrue } from "../harness/assert.js";

export default defineCheck(
  "a teardown that moved the worker's revision still deletes it on the generation fence; a stale If-Match is still honoured",
  async (ctx) => {
    const b = builder(ctx);
    const agg = await b.serving(["fetch"]);
    const planned = await reread(ctx.primary, agg.worker);
    const plannedVersion = await reread(ctx.primary, agg.version);
    const plannedBundle = await reread(ctx.primary, agg.bundle);
    expectReadyTrue(planned, "the served worker before the teardown");

    expectStatus((await attemptDelete(ctx.primary, await reread(ctx.primary, agg.deployment))).res, 204, "teardown: delete of the deployment");
    const now = await reread(ctx.primary, agg.worker);
    expectTrue(
      advanced(now.revision, planned.revision),
      `deleting the deployment did not move the worker's revision (${planned.revision} -> ${now.revision}); nothing here measures the fence then`,
    );
    expectEqual(now.generation, planned.generation, "worker generation after its deployment was deleted");

    const { ref, name, space } = planned;
    expectError(
      await ctx.primary.remove(ref, name, space, { generation: planned.generation, ifMatch: planned.revision }),
      "revision_conflict",
      "delete of the worker with the If-Match its plan read",
    );
    expectError(
      await ctx.primary.remove(ref, name, space, { generation: String(BigInt(planned.generation) + 1n) }),
      "generation_conflict",
      "delete of the worker with a generation it never had",
    );
    expectEqual((await reread(ctx.primary, agg.worker)).uid, planned.uid, "the worker after the refused deletes");

    expectStatus((await attemptDelete(ctx.primary, plannedVersion)).res, 204, "teardown: delete of the version with the generation its plan read");
    expectStatus((await attemptDelete(ctx.primary, plannedBundle)).res, 204, "teardown: delete of the bundle with the generation its plan read");
    const res = await ctx.primary.settle(await ctx.primary.remove(ref, name, space, { generation: planned.generation }));
    expectStatus(res, 204, `delete of the worker with the generation its plan read (revision moved ${planned.revision} -> ${now.revision})`);
    expectError(await ctx.primary.read(ref, name, space), "resource_not_found", "read of the deleted worker");
    await b.cleanup();
    return `the teardown moved the worker's revision ${planned.revision} -> ${now.revision}; its planned generation ${planned.generation} alone deleted it; the stale If-Match was revision_conflict and a wrong generation generation_conflict`;
  },
);
