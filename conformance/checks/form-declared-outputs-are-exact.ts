// Declared outputs (decision 0025), both directions: a Form that declares no outputSchema has
// status.outputs OMITTED (not an empty object) on every answer; a Form that declares one has
// status.outputs present, valid against the PINNED outputSchema, with exactly its members.

import { defineCheck } from "../check.js";
import { expectEqual, expectStatus, expectTrue, fail } from "../harness/assert.js";
import { reference, standUpWorker, tearDown } from "../harness/aggregate.js";
import { CorpusGap } from "../harness/corpus.js";
import { liveFrom, type Live } from "../harness/lifecycle.js";
import { mutableProbe, plainProbe } from "../harness/probes.js";

function outputsOf(live: Live): unknown {
  return (live.body.status as { outputs?: unknown }).outputs;
}

export default defineCheck("outputs are omitted for Forms without an outputSchema and exact for Forms with one", async (ctx) => {
  // Forms without an outputSchema: omitted, on create, read, observe and update.
  const plain = plainProbe(ctx);
  const mutable = mutableProbe(ctx);
  for (const f of [plain.form, mutable.form]) {
    if (f.definition.outputSchema) throw new CorpusGap(`${f.ref.kind} unexpectedly declares outputs`);
  }
  const a = await ctx.primary.create(plain.form.ref, ctx.name("noout"), ctx.space, plain.spec());
  const b0 = await ctx.primary.create(mutable.form.ref, ctx.name("noout"), ctx.space, mutable.variant(0));
  const b = await ctx.primary.update(b0, mutable.variant(1));
  for (const live of [a, b0, b, await ctx.primary.fetch(a.ref, a.name, a.space)]) {
    expectTrue(outputsOf(live) === undefined, `${live.ref.kind} ${live.name} (no outputSchema) carries status.outputs ${JSON.stringify(outputsOf(live))}`);
  }
  const obs = await ctx.primary.observe(b.ref, b.name, b.space, { generation: b.generation });
  expectStatus(obs, 200, "observe");
  expectTrue(outputsOf(liveFrom(obs, "observe")) === undefined, "observe of a Form without an outputSchema carries status.outputs");
  await ctx.primary.destroy(a);
  await ctx.primary.destroy(b);

  // A Form that declares outputs: every answer carries exactly the declared members.
  const declaring = ctx.corpus.forms().find((f) => f.definition.outputSchema && f.relations.every((r) => r.pointer === "/worker"));
  if (!declaring) throw new CorpusGap("the pinned corpus holds no Form declaring outputs with only a /worker relation");
  const agg = await standUpWorker(ctx, ctx.primary, ctx.space, ["fetch"]);
  const endpoint = await ctx.primary.create(declaring.ref, ctx.name("out"), ctx.space, { worker: reference(ctx.form("ModuleWorker"), agg.worker.name) });
  const declared = Object.keys((declaring.definition.outputSchema!["properties"] ?? {}) as object).sort();
  const answers: [string, Live][] = [
    ["create", endpoint],
    ["read", await ctx.primary.fetch(endpoint.ref, endpoint.name, endpoint.space)],
    ["observe", liveFrom(await ctx.primary.observe(endpoint.ref, endpoint.name, endpoint.space, { generation: endpoint.generation }), "observe")],
  ];
  for (const [label, live] of answers) {
    const outputs = outputsOf(live);
    if (outputs === undefined || outputs === null || typeof outputs !== "object") fail(`${declaring.ref.kind} ${label}: status.outputs is absent`);
    expectEqual(Object.keys(outputs).sort(), declared, `${declaring.ref.kind} ${label}: output members`);
    const problems = ctx.corpus.outputProblems(declaring, outputs);
    expectTrue(problems.length === 0, `${declaring.ref.kind} ${label}: outputs violate the pinned outputSchema: ${problems.join("; ")}`);
  }
  await tearDown(ctx.primary, endpoint, agg.deployment, agg.version, agg.bundle, agg.worker);
  return `outputs omitted on ${plain.form.ref.kind} and ${mutable.form.ref.kind} (create, update, read, observe); ${declaring.ref.kind} carried exactly [${declared.join(", ")}] valid against the pinned schema on create, read and observe`;
});
