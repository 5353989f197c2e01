// Attachment gate, cron (decision 0020): a WorkerCronTrigger's cron is PARSED, not merely matched
// against the Form's pattern. Shapes the pattern admits that the Form's description refuses — hour
// 24, a descending range, a zero step, day-of-month 32, and a step outside 1..span of its field
// in each of the five fields — are refused invalid_argument (400) on validate, prepare and apply,
// and as an update of a live trigger, storing and moving nothing. The sub-hourly schedules the
// grammar exists for (*/5 * * * *, 0 * * * *) and one using every field's largest step validate,
// prepare, create, and serve as an update. The worker serves scheduled throughout, so only the grammar can refuse.

import { defineCheck } from "../check.js";
import { attemptUpdate, builder, cronSpec, expectAccepted, expectNothingStored, expectUpdateRefused } from "../harness/aggregate/index.js";
import { expectError, expectStatus, expectTrue } from "../harness/assert.js";
import { resourceDoc } from "../harness/lifecycle.js";
import { expectValidateAccepted, expectValidateRefused } from "../harness/verdicts.js";

// Every sentence of the Form's description: a value outside its field, an inverted range, a zero
// step, and a step beyond its field's span (max - min), in each of the five fields.
const UNSCHEDULABLE = [
  "0 24 * * *",
  "5-1 * * * *",
  "*/0 * * * *",
  "0 0 32 * *",
  "*/60 * * * *",
  "0 */24 * * *",
  "0 0 1-31/31 * *",
  "0 0 * */12 *",
  "0 0 * * 0-6/7",
];
// The sub-hourly schedules the grammar exists for, and every field's largest step (its span).
const SUB_HOURLY = ["*/5 * * * *", "0 * * * *", "*/59 */23 1-31/30 */11 0-6/6"];

export default defineCheck(
  "cron is parsed: pattern-valid non-schedules (values, ranges, steps outside 1..span) are refused on validate, prepare, apply and update; */5, 0 * and every field's span step are accepted",
  async (ctx) => {
    const b = builder(ctx);
    const form = ctx.form("WorkerCronTrigger");
    const agg = await b.serving(["scheduled"]);

    for (const cron of UNSCHEDULABLE) {
      const spec = cronSpec(ctx, agg.worker, cron);
      const problems = ctx.corpus.specProblems(form, spec);
      expectTrue(
        problems.length === 0,
        `"${cron}" must match the pinned cron pattern for this check to measure the parser, but the pinned schema refuses it: ${problems.join("; ")}`,
      );
      const name = ctx.name("cron");
      const doc = resourceDoc(form.ref, name, ctx.space, spec);
      expectValidateRefused(await ctx.primary.validate(doc), `validate of cron "${cron}"`);
      expectError(await ctx.primary.prepare(doc, { create: true }), "invalid_argument", `prepare of cron "${cron}"`);
      const review = await ctx.primary.prepareDigest(
        resourceDoc(form.ref, name, ctx.space, cronSpec(ctx, agg.worker, SUB_HOURLY[0]!)),
        { create: true },
        "prepare of a valid cron under the same name",
      );
      expectError(await ctx.primary.settle(await ctx.primary.apply(doc, review, { create: true })), "invalid_argument", `apply of cron "${cron}"`);
      await expectNothingStored(ctx.primary, form.ref, name, ctx.space, `cron "${cron}"`);
    }

    const created = [];
    for (const cron of SUB_HOURLY) {
      const name = ctx.name("cron");
      const doc = resourceDoc(form.ref, name, ctx.space, cronSpec(ctx, agg.worker, cron));
      expectValidateAccepted(await ctx.primary.validate(doc), `validate of cron "${cron}"`);
      expectStatus(await ctx.primary.prepare(doc, { create: true }), 200, `prepare of cron "${cron}"`);
      created.push(await b.cron(agg.worker, cron));
    }
    const live = created[0]!;
    for (const cron of UNSCHEDULABLE) {
      await expectUpdateRefused(ctx.primary, live, cronSpec(ctx, agg.worker, cron), "invalid_argument", `update of a live trigger to cron "${cron}"`);
    }
    const updated = expectAccepted(
      await attemptUpdate(ctx.primary, live, cronSpec(ctx, agg.worker, SUB_HOURLY[1]!)),
      200,
      `update of a live trigger to "${SUB_HOURLY[1]}"`,
    );
    await b.cleanup();
    return `${UNSCHEDULABLE.map((c) => `"${c}"`).join(", ")} were refused on validate, prepare, apply and update with nothing stored or moved; ${SUB_HOURLY.map((c) => `"${c}"`).join(" and ")} validated, prepared and were created; an update to "${SUB_HOURLY[1]}" reached generation ${updated.generation}`;
  },
);
