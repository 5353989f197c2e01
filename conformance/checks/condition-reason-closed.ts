// Resource identity: status.conditions use the closed types and closed portable reasons, carry
// a Ready condition, never repeat a type, keep host detail in hostReason, and observedGeneration
// never runs ahead of the generation — across every resource shape the run stands up, before and
// after a host-side status change.

import { defineCheck } from "../check.js";
import { expectTrue } from "../harness/assert.js";
import type { Live } from "../harness/lifecycle.js";
import { PROBE_HEADER } from "../harness/paths.js";
import { liveFrom } from "../harness/lifecycle.js";
import { mutableProbe, plainProbe } from "../harness/probes.js";

const TYPES = new Set(["Ready", "Reconciling", "Degraded", "Drifted", "Blocked", "Deleting"]);
const REASONS = new Set([
  "Available",
  "Provisioning",
  "Reconciling",
  "Failed",
  "BackendUnavailable",
  "SpecDrift",
  "ExternalChange",
  "DependencyMissing",
  "DependencyInUse",
  "PolicyDenied",
  "UnsupportedCapability",
  "Deleting",
]);

function conditionProblems(live: Live, where: string): void {
  const conditions = live.body.status.conditions;
  const types = conditions.map((c) => c.type);
  expectTrue(types.includes("Ready"), `${where}: no Ready condition among [${types.join(", ")}]`);
  expectTrue(new Set(types).size === types.length, `${where}: a condition type repeats in [${types.join(", ")}]`);
  for (const c of conditions) {
    expectTrue(TYPES.has(c.type), `${where}: condition type ${c.type} is outside the closed set`);
    expectTrue(REASONS.has(c.reason), `${where}: condition reason ${c.reason} is outside the closed set`);
    expectTrue(["True", "False", "Unknown"].includes(c.status), `${where}: condition status ${c.status}`);
    expectTrue(
      !c.hostReason || c.hostReason !== c.reason,
      `${where}: condition ${c.type} hostReason ${JSON.stringify(c.hostReason)} only copies the portable reason; it carries host detail`,
    );
  }
  expectTrue(
    BigInt(live.body.status.observedGeneration) <= BigInt(live.generation),
    `${where}: observedGeneration ${live.body.status.observedGeneration} is ahead of generation ${live.generation}`,
  );
}

export default defineCheck("conditions use the closed types and reasons, with one Ready, before and after a status change", async (ctx) => {
  const plain = plainProbe(ctx);
  const mutable = mutableProbe(ctx);
  const a = await ctx.primary.create(plain.form.ref, ctx.name("cond"), ctx.space, plain.spec());
  const b = await ctx.primary.update(await ctx.primary.create(mutable.form.ref, ctx.name("cond"), ctx.space, mutable.variant(0)), mutable.variant(1));
  let checked = 0;
  for (const live of [a, b]) {
    conditionProblems(live, `${live.ref.kind} ${live.name} as applied`);
    conditionProblems(await ctx.primary.fetch(live.ref, live.name, live.space), `${live.ref.kind} ${live.name} as read`);
    const touched = await ctx.primary.observe(
      live.ref,
      live.name,
      live.space,
      { generation: live.generation },
      { headers: { [PROBE_HEADER]: "touch-status" } },
    );
    conditionProblems(liveFrom(touched, "observe"), `${live.ref.kind} ${live.name} after a status change`);
    checked += 3;
    await ctx.primary.destroy(live);
  }
  return `${checked} representations carried one Ready and only closed condition types and reasons`;
});
