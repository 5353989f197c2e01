// Lifecycle: routes are keyed by group AND kind, so one kind name can exist in many groups. The
// group is part of the address: a kind asked for under another group is that group's question
// (form_unknown when the host holds no such Form) and never an answer about this group's Form
// or resources. When the pinned corpus holds one kind in two groups, both hold one name as two
// independent resources.

import type { ExactFormRef, InstalledForm } from "../../corpus/lib/index.js";
import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectNotEqual, expectStatus } from "../harness/assert.js";
import { plainProbe, probeSpec } from "../harness/probes.js";
import { exactFormsQuery, formDefinition, forms } from "../harness/surfaces.js";

const ELSEWHERE = "other.forms.takoform.com/v1alpha1";

function sameKindOtherGroup(all: InstalledForm[]): [InstalledForm, InstalledForm] | undefined {
  for (const a of all) {
    const b = all.find((f) => f.ref.kind === a.ref.kind && f.ref.apiVersion !== a.ref.apiVersion);
    if (b) return [a, b];
  }
  return undefined;
}

export default defineCheck("one kind in two groups is two Forms; the group is part of every address", async (ctx) => {
  const { form, spec } = plainProbe(ctx);
  const live = await ctx.primary.create(form.ref, ctx.name("group"), ctx.space, spec());
  const pair = sameKindOtherGroup(ctx.corpus.forms());
  const held = new Set(ctx.corpus.forms().map((f) => f.ref.apiVersion));
  // A group the pinned corpus does not hold: asking for the kind there must not reach this group's Form.
  const otherGroup = held.has(ELSEWHERE) ? "elsewhere.forms.takoform.com/v1alpha1" : ELSEWHERE;
  const moved: ExactFormRef = { ...form.ref, apiVersion: otherGroup };
  expectError(await forms(ctx.primary, exactFormsQuery(moved, ctx.space)), "form_unknown", `forms for ${form.ref.kind} under ${otherGroup}`);
  expectError(await formDefinition(ctx.primary, moved, ctx.space), "form_unknown", `form-definition for ${form.ref.kind} under ${otherGroup}`);
  expectError(await ctx.primary.read(moved, live.name, ctx.space), "form_unknown", `read of ${live.name} under ${otherGroup}`);
  expectStatus(await ctx.primary.read(form.ref, live.name, ctx.space), 200, `read of ${live.name} under its own group`);
  let note = "";
  if (pair) {
    const [a, b] = pair;
    const name = ctx.name("group");
    const inA = await ctx.primary.create(a.ref, name, ctx.space, probeSpec(ctx, a));
    const inB = await ctx.primary.create(b.ref, name, ctx.space, probeSpec(ctx, b));
    expectNotEqual(inA.uid, inB.uid, `uids of ${a.ref.kind} ${name} in two groups`);
    expectEqual((await ctx.primary.fetch(a.ref, name, ctx.space)).uid, inA.uid, `uid under ${a.ref.apiVersion}`);
    expectEqual((await ctx.primary.fetch(b.ref, name, ctx.space)).uid, inB.uid, `uid under ${b.ref.apiVersion}`);
    await ctx.primary.destroy(inA);
    expectEqual((await ctx.primary.fetch(b.ref, name, ctx.space)).uid, inB.uid, `uid under ${b.ref.apiVersion} after the other group's delete`);
    await ctx.primary.destroy(inB);
    note = `; ${a.ref.kind} ${name} lived independently in ${a.ref.apiVersion} and ${b.ref.apiVersion}`;
  } else {
    note = "; the pinned corpus holds no kind in two groups, so only the address half was measured";
  }
  await ctx.primary.destroy(live);
  return `${form.ref.kind} under ${otherGroup} was form_unknown on forms, form-definitions and read${note}`;
});
