// validate: the canonical fixture of every pinned Form is accepted (valid, no error
// diagnostic), validate mutates nothing and mints no digest, and an unexpected member is
// refused.

import { defineCheck } from "../check.js";
import { expectError } from "../harness/assert.js";
import { resourceDoc } from "../harness/lifecycle.js";
import { probeSpec } from "../harness/probes.js";
import { expectValidateAccepted, expectValidateRefused } from "../harness/verdicts.js";

export default defineCheck("every pinned Form's canonical fixture validates; validate stores nothing", async (ctx) => {
  const forms = ctx.corpus.forms();
  for (const f of forms) {
    const name = ctx.name("valid");
    const res = await ctx.primary.validate(resourceDoc(f.ref, name, ctx.space, probeSpec(ctx, f)));
    expectValidateAccepted(res, `validate of ${f.ref.kind}@${f.ref.definitionVersion}'s canonical fixture`);
    expectError(await ctx.primary.read(f.ref, name, ctx.space), "resource_not_found", `read of ${name} after validate`);
  }
  const f = forms[0]!;
  const bad = await ctx.primary.validate(resourceDoc(f.ref, ctx.name("bad"), ctx.space, { ...probeSpec(ctx, f), conformanceUnexpected: true }));
  expectValidateRefused(bad, `validate of ${f.ref.kind} with an undeclared member`);
  return `${forms.length} canonical fixtures validated without errors and stored nothing; an undeclared member was refused`;
});
