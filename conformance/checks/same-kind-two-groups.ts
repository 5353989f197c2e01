// Lifecycle: routes are keyed by group AND kind, so one kind name can exist in many groups. The
// group is part of the address: a kind asked for under another group is that group's question
// (form_unknown when the host holds no such Form) and never an answer about this group's Form
// or resources. The contract's synthetic second group (EdgeKVNamespace in
// other.forms.takoform.com/v1alpha1, shipped in the runner's probe corpus) and the Edge group hold
// one name as two independent resources.

import type { ExactFormRef } from "../../corpus/lib/index.js";
import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectNotEqual, expectStatus } from "../harness/assert.js";
import { expectNothingStored } from "../harness/aggregate/index.js";
import { CorpusGap } from "../harness/corpus.js";
import { SECOND_GROUP } from "../harness/probe-corpus.js";
import { plainProbe, probeSpec } from "../harness/probes.js";
import { exactFormsQuery, formDefinition, forms } from "../harness/surfaces.js";

const ELSEWHERE = "other.forms.takoform.com/v1alpha1";

export default defineCheck("one kind in two groups is two Forms; the group is part of every address", async (ctx) => {
  const { form, spec } = plainProbe(ctx);
  const live = await ctx.primary.create(form.ref, ctx.name("group"), ctx.space, spec());
  const held = new Set(ctx.corpus.probes.forms().map((f) => f.ref.apiVersion));
  // A group neither corpus holds: asking for the kind there must not reach this group's Form.
  const otherGroup = held.has(ELSEWHERE) ? "unheld.forms.takoform.com/v1alpha1" : ELSEWHERE;
  const moved: ExactFormRef = { ...form.ref, apiVersion: otherGroup };
  expectError(await forms(ctx.primary, exactFormsQuery(moved, ctx.space)), "form_unknown", `forms for ${form.ref.kind} under ${otherGroup}`);
  expectError(await formDefinition(ctx.primary, moved, ctx.space), "form_unknown", `form-definition for ${form.ref.kind} under ${otherGroup}`);
  expectError(await ctx.primary.read(moved, live.name, ctx.space), "form_unknown", `read of ${live.name} under ${otherGroup}`);
  expectStatus(await ctx.primary.read(form.ref, live.name, ctx.space), 200, `read of ${live.name} under its own group`);

  // The contract's synthetic second group (runnerInput.syntheticSecondGroup), from the probe corpus.
  const a = ctx.form(SECOND_GROUP.kind);
  const b = ctx.corpus.probes.versions(SECOND_GROUP.kind, SECOND_GROUP.apiVersion)[0];
  if (!b) throw new CorpusGap(`the runner's probe corpus holds no ${SECOND_GROUP.apiVersion} ${SECOND_GROUP.kind}`);
  const name = ctx.name("group");
  const inA = await ctx.primary.create(a.ref, name, ctx.space, probeSpec(ctx, a));
  const inB = await ctx.primary.create(b.ref, name, ctx.space, {});
  expectNotEqual(inA.uid, inB.uid, `uids of ${a.ref.kind} ${name} in two groups`);
  const readA = await ctx.primary.fetch(a.ref, name, ctx.space);
  const readB = await ctx.primary.fetch(b.ref, name, ctx.space);
  expectEqual(
    [readA.uid, readA.body.apiVersion, readA.body.form.formRef],
    [inA.uid, a.ref.apiVersion, a.ref],
    `uid, apiVersion and FormRef read under ${a.ref.apiVersion}`,
  );
  expectEqual(
    [readB.uid, readB.body.apiVersion, readB.body.form.formRef],
    [inB.uid, b.ref.apiVersion, b.ref],
    `uid, apiVersion and FormRef read under ${b.ref.apiVersion}`,
  );
  await ctx.primary.destroy(readB);
  await expectNothingStored(ctx.primary, b.ref, name, ctx.space, `the ${b.ref.apiVersion} ${name} after its delete`);
  expectEqual((await ctx.primary.fetch(a.ref, name, ctx.space)).uid, inA.uid, `uid under ${a.ref.apiVersion} after the other group's delete`);
  await ctx.primary.destroy(readA);
  await ctx.primary.destroy(live);
  return `${form.ref.kind} under ${otherGroup} was form_unknown on forms, form-definitions and read; ${a.ref.kind} ${name} lived independently in ${a.ref.apiVersion} and ${b.ref.apiVersion} (distinct uids, group-exact reads, one group's delete left the other)`;
});
