// Reverse validation and deletion (decision 0016): nothing references a deployment, yet deleting
// a WorkerDeployment while any attachment it serves lives fails dependency_in_use (409) and leaves
// it in place — measured for each of WorkerCustomDomain, WorkerEndpoint, WorkerCronTrigger and
// QueueConsumer in turn. With no dependent left the deployment deletes (204).

import { defineCheck } from "../check.js";
import { attemptCreate, attemptDelete, builder, expectAccepted, expectDeleteRefused, reread } from "../harness/aggregate/index.js";
import { expectStatus } from "../harness/assert.js";

export default defineCheck("a deployment with a live attachment refuses deletion with dependency_in_use; without one it deletes", async (ctx) => {
  const b = builder(ctx);
  const agg = await b.serving(["fetch", "scheduled", "queue"]);
  const kinds: string[] = [];
  for (const a of await b.attachments(agg.worker)) {
    const attachment = expectAccepted(await attemptCreate(ctx.primary, a.form.ref, a.name, ctx.space, a.spec), 201, `${a.kind} on the served worker`);
    await expectDeleteRefused(ctx.primary, await reread(ctx.primary, agg.deployment), "dependency_in_use", `delete of the deployment while a ${a.kind} lives`);
    expectStatus((await attemptDelete(ctx.primary, await reread(ctx.primary, attachment))).res, 204, `delete of the ${a.kind}`);
    kinds.push(a.kind);
  }
  expectStatus((await attemptDelete(ctx.primary, await reread(ctx.primary, agg.deployment))).res, 204, "delete of the deployment with no dependent left");
  await b.cleanup();
  return `the deployment refused deletion (dependency_in_use, unchanged) while each of ${kinds.join(", ")} lived, and deleted once none did`;
});
