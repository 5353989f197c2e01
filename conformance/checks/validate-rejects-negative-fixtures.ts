// Host Support evidence executes every desired-stage negative fixture from the exact package
// bytes: each is refused by validate (200 {valid:false}; a spec that is not a JSON object fails the
// wire schema first and may be the invalid_argument envelope) and by prepare, stores nothing,
// while the same Form's canonical fixture is accepted.

import { defineCheck } from "../check.js";
import { expectError } from "../harness/assert.js";
import { CorpusGap } from "../harness/corpus.js";
import { resourceDoc } from "../harness/lifecycle.js";
import { probeSpec } from "../harness/probes.js";
import { expectValidateAccepted, expectValidateRefused, expectValidateRefusedOrMalformed } from "../harness/verdicts.js";

export default defineCheck("every pinned desired-stage negative fixture is refused by validate and prepare", async (ctx) => {
  let count = 0;
  for (const f of ctx.corpus.forms()) {
    const negatives = ctx.corpus.negatives(f);
    if (negatives.length === 0) continue;
    const label = `${f.ref.kind}@${f.ref.definitionVersion}`;
    expectValidateAccepted(
      await ctx.primary.validate(resourceDoc(f.ref, ctx.name("canon"), ctx.space, probeSpec(ctx, f))),
      `validate of ${label}'s canonical fixture`,
    );
    for (const n of negatives) {
      const name = ctx.name("neg");
      const doc = { ...resourceDoc(f.ref, name, ctx.space, {}), spec: n.spec };
      const verdict = await ctx.primary.validate(doc);
      const wireInvalid = n.spec === null || typeof n.spec !== "object" || Array.isArray(n.spec);
      (wireInvalid ? expectValidateRefusedOrMalformed : expectValidateRefused)(verdict, `validate of ${label} negative fixture ${n.name}`);
      expectError(await ctx.primary.prepare(doc, { create: true }), "invalid_argument", `prepare of ${label} negative fixture ${n.name}`);
      expectError(await ctx.primary.read(f.ref, name, ctx.space), "resource_not_found", `read after ${label} negative fixture ${n.name}`);
      count++;
    }
  }
  if (count === 0) throw new CorpusGap("the pinned corpus declares no desired-stage negative fixture");
  return `${count} negative fixtures refused by validate and prepare; canonical fixtures accepted`;
});
