// Support profiles: a WorkerVersion declaring a handler the runtime contract does not define is
// refused before any mutation on validate, prepare and apply alike (invalid_argument), while one
// declaring only defined handlers is accepted. The vocabulary is the PINNED runtime contract's.

import { defineCheck } from "../check.js";
import { expectError, expectStatus } from "../harness/assert.js";
import { runtimeContract } from "../harness/contracts.js";
import { resourceDoc } from "../harness/lifecycle.js";
import { probeSpec } from "../harness/probes.js";
import { expectValidateAccepted, expectValidateRefused } from "../harness/verdicts.js";

export default defineCheck("a handler outside the runtime vocabulary is refused on validate, prepare and apply", async (ctx) => {
  const runtime = runtimeContract(ctx);
  const version = ctx.form("WorkerVersion");
  const undefinedHandlers = ["alarm", "tail", "Fetch"].filter((h) => !runtime.handlers.includes(h));
  const defined = probeSpec(ctx, version, { handlers: [...runtime.handlers] });
  const name = ctx.name("handlers");
  const definedDoc = resourceDoc(version.ref, name, ctx.space, defined);
  expectValidateAccepted(await ctx.primary.validate(definedDoc), `validate of handlers [${runtime.handlers.join(", ")}]`);
  const review = await ctx.primary.prepareDigest(definedDoc, { create: true }, `prepare of handlers [${runtime.handlers.join(", ")}]`);
  for (const h of undefinedHandlers) {
    const doc = resourceDoc(version.ref, name, ctx.space, { ...defined, handlers: [runtime.handlers[0]!, h] });
    expectValidateRefused(await ctx.primary.validate(doc), `validate declaring handler ${h}`);
    expectError(await ctx.primary.prepare(doc, { create: true }), "invalid_argument", `prepare declaring handler ${h}`);
    expectError(await ctx.primary.apply(doc, review, { create: true }), "invalid_argument", `apply declaring handler ${h}`);
  }
  expectError(await ctx.primary.read(version.ref, name, ctx.space), "resource_not_found", "read after the refused applies");
  const single = resourceDoc(version.ref, ctx.name("handlers"), ctx.space, { ...defined, handlers: [runtime.handlers[0]!] });
  expectStatus(await ctx.primary.prepare(single, { create: true }), 200, `prepare of handlers [${runtime.handlers[0]}]`);
  return `handlers ${undefinedHandlers.join(", ")} were refused on validate, prepare and apply; the contract's own vocabulary validated and prepared`;
});
