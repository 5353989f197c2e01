// A canonical hostname has one holder per tenant, across every space (decision 0026). A second
// WorkerCustomDomain claiming a name a live one serves — from the other space of the tenant
// (against an aggregate of its own), from the same space, or by another principal of the tenant —
// fails invalid_argument (400) before any mutation, and the refusal names the tenant's own
// holder. Measured in both directions between the two spaces. Releasing the holder makes the
// claim representable.

import { defineCheck } from "../check.js";
import { attemptCreate, attemptDelete, builder, customDomainSpec, expectAccepted, expectCreateRefused, reread } from "../harness/aggregate/index.js";
import { expectStatus } from "../harness/assert.js";

export default defineCheck(
  "a hostname a live custom domain serves is refused to every other claim in the tenant, in any space, naming the holder",
  async (ctx) => {
    const b = builder(ctx);
    const alt = b.in(ctx.altSpace);
    const form = ctx.form("WorkerCustomDomain");
    const here = await b.serving(["fetch"]);
    const there = await alt.serving(["fetch"]);
    const first = ctx.names.hostname("claim");
    const second = ctx.names.hostname("claim");

    const holder = await b.customDomain(here.worker, first);
    const refusedName = ctx.name("domain");
    await expectCreateRefused(
      ctx.primary,
      form.ref,
      refusedName,
      ctx.altSpace,
      customDomainSpec(ctx, there.worker, first.toUpperCase()),
      "invalid_argument",
      `claim of "${first}" from the tenant's other space`,
      [holder.name],
    );
    await expectCreateRefused(
      ctx.primary,
      form.ref,
      ctx.name("domain"),
      ctx.space,
      customDomainSpec(ctx, here.worker, `${first}.`),
      "invalid_argument",
      `claim of "${first}" from the holder's own space`,
      [holder.name],
    );
    await expectCreateRefused(
      ctx.peer,
      form.ref,
      ctx.name("domain"),
      ctx.altSpace,
      customDomainSpec(ctx, there.worker, first),
      "invalid_argument",
      `claim of "${first}" by another principal of the tenant`,
      [holder.name],
    );

    const otherHolder = await alt.customDomain(there.worker, second);
    await expectCreateRefused(
      ctx.primary,
      form.ref,
      ctx.name("domain"),
      ctx.space,
      customDomainSpec(ctx, here.worker, second),
      "invalid_argument",
      `claim of "${second}" from the first space while the other space holds it`,
      [otherHolder.name],
    );

    expectStatus((await attemptDelete(ctx.primary, await reread(ctx.primary, holder))).res, 204, `release of "${first}" (delete of its holder)`);
    const claimed = alt.track(
      expectAccepted(
        await attemptCreate(ctx.primary, form.ref, refusedName, ctx.altSpace, customDomainSpec(ctx, there.worker, first.toUpperCase())),
        201,
        `claim of "${first}" from the other space after release`,
      ),
    );
    await b.cleanup();
    return `"${first}" held in one space was refused from the other space, the same space and another principal (naming ${holder.name}); "${second}" held in the other space was refused from the first; after release the claim was accepted as ${claimed.body.spec["hostname"]}`;
  },
);
