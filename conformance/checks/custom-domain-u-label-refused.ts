// Internationalized names travel as A-labels (decision 0026): a WorkerCustomDomain whose hostname
// carries a U-label is REFUSED — invalid_argument at validate and at prepare, and nothing stored —
// while the hostname is free, so nothing but the Form's grammar can refuse it. The A-label of the
// same name validates, prepares, and is created storing the name byte-for-byte as written.

import { domainToASCII } from "node:url";
import { defineCheck } from "../check.js";
import { attemptCreate, builder, customDomainSpec, expectAccepted, expectNothingStored } from "../harness/aggregate/index.js";
import { expectEqual, expectError, expectStatus, expectTrue } from "../harness/assert.js";
import { resourceDoc } from "../harness/lifecycle.js";
import { expectValidateAccepted, expectValidateRefused } from "../harness/verdicts.js";

export default defineCheck("a U-label hostname is refused at validate and prepare; its A-label is accepted and stored as written", async (ctx) => {
  const b = builder(ctx);
  const form = ctx.form("WorkerCustomDomain");
  const agg = await b.serving(["fetch"]);
  const ascii = ctx.names.hostname("bucher");
  const uLabel = ascii.replace(/^bucher/, "bücher");
  const aLabel = domainToASCII(uLabel);
  expectTrue(aLabel.startsWith("xn--") && aLabel !== uLabel, `the runner could not form the A-label of ${uLabel} (got ${aLabel})`);

  const name = ctx.name("domain");
  const refusedDoc = resourceDoc(form.ref, name, ctx.space, customDomainSpec(ctx, agg.worker, uLabel));
  expectValidateRefused(await ctx.primary.validate(refusedDoc), `validate of the U-label hostname "${uLabel}"`);
  expectError(await ctx.primary.prepare(refusedDoc, { create: true }), "invalid_argument", `prepare of the U-label hostname "${uLabel}"`);
  await expectNothingStored(ctx.primary, form.ref, name, ctx.space, "the refused U-label hostname");

  const acceptedDoc = resourceDoc(form.ref, name, ctx.space, customDomainSpec(ctx, agg.worker, aLabel));
  expectValidateAccepted(await ctx.primary.validate(acceptedDoc), `validate of the A-label hostname "${aLabel}"`);
  expectStatus(await ctx.primary.prepare(acceptedDoc, { create: true }), 200, `prepare of the A-label hostname "${aLabel}"`);
  const live = b.track(
    expectAccepted(
      await attemptCreate(ctx.primary, form.ref, name, ctx.space, customDomainSpec(ctx, agg.worker, aLabel)),
      201,
      `create with the A-label hostname "${aLabel}"`,
    ),
  );
  expectEqual(live.body.spec["hostname"], aLabel, "stored hostname of the A-label domain (byte-for-byte as written)");
  expectEqual((await ctx.primary.fetch(form.ref, name, ctx.space)).body.spec["hostname"], aLabel, "hostname read back");
  await b.cleanup();
  return `"${uLabel}" was refused at validate and prepare with nothing stored; "${aLabel}" validated, prepared, was created and read back byte-for-byte`;
});
