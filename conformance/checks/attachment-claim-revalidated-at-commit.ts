// An attachment's claim is re-raised when an accepted 202 commits: the claim is a statement about
// the store, and the store moves between accept and commit. Each leg accepts an asynchronous claim
// while it is legal, moves the store with a synchronous request that is itself legal (another
// custom domain takes the hostname — in the same space, from the tenant's other space, against an
// asynchronous adoption — or another consumer closes the dead-letter cycle), and requires the
// commit to fail invalid_argument naming the tenant's holder where there is one, commit nothing,
// and leave the synchronous resource alive. Undisturbed, the same claim commits.
//
// Each move is prepared BEFORE its claim is accepted (a prepare digest binds the spec, not the
// store), so inside the window the check sends one apply: the window it needs is one round trip,
// not a prepare, an apply and the runner's validation of both under load (decision 0110).

import { defineCheck } from "../check.js";
import { builder, consumerSpec, customDomainSpec, expectNothingStored, expectUnchanged } from "../harness/aggregate/index.js";
import type { Live } from "../harness/lifecycle.js";
import { acceptCreate, acceptImport, expectFailed, resultResource, settleAfterMove, settleUndisturbed, type Accepted } from "../harness/operations/index.js";

export default defineCheck(
  "hostname and dead-letter claims accepted while legal fail invalid_argument at commit once a legal synchronous request took them",
  async (ctx) => {
    const b = builder(ctx);
    const alt = b.in(ctx.altSpace);
    const domainForm = ctx.form("WorkerCustomDomain");
    const consumerForm = ctx.form("QueueConsumer");
    const here = await b.serving(["fetch", "queue"]);
    const there = await alt.serving(["fetch"]);

    const leg = async (
      what: string,
      accept: (name: string) => Promise<Accepted>,
      prepareMove: () => Promise<() => Promise<Live>>,
      space: string,
      form: typeof domainForm,
      mentions: (taker: Live) => string[],
    ) => {
      const name = ctx.name(form.ref.kind);
      const move = await prepareMove();
      let taker!: Live;
      const settled = await settleAfterMove(
        await accept(name),
        async () => {
          taker = await move();
        },
        what,
      );
      expectFailed(settled.op, "invalid_argument", what, mentions(taker));
      await expectNothingStored(ctx.primary, form.ref, name, space, what);
      await expectUnchanged(ctx.primary, taker, `${what}: the synchronous resource`);
    };

    const h1 = ctx.names.hostname("race");
    await leg(
      `asynchronous claim of "${h1}" taken in the same space before the commit`,
      (name) => acceptCreate(ctx.primary, domainForm.ref, name, ctx.space, customDomainSpec(ctx, here.worker, h1), `claim of "${h1}"`),
      () => b.prepareCreate(domainForm, "domain", customDomainSpec(ctx, here.worker, h1.toUpperCase())),
      ctx.space,
      domainForm,
      (t) => [t.name],
    );
    const h2 = ctx.names.hostname("race");
    await leg(
      `asynchronous claim of "${h2}" from the other space, taken in the first before the commit`,
      (name) => acceptCreate(ctx.primary, domainForm.ref, name, ctx.altSpace, customDomainSpec(ctx, there.worker, h2), `claim of "${h2}" from the other space`),
      () => b.prepareCreate(domainForm, "domain", customDomainSpec(ctx, here.worker, `${h2}.`)),
      ctx.altSpace,
      domainForm,
      (t) => [t.name],
    );
    const h3 = ctx.names.hostname("race");
    await leg(
      `asynchronous adoption claiming "${h3}", taken before the commit`,
      (name) =>
        acceptImport(ctx.primary, domainForm.ref, name, ctx.space, customDomainSpec(ctx, here.worker, h3), ctx.names.nativeId(), `adoption claiming "${h3}"`),
      () => b.prepareCreate(domainForm, "domain", customDomainSpec(ctx, here.worker, h3)),
      ctx.space,
      domainForm,
      (t) => [t.name],
    );

    const [qa, qb] = [await b.plain("AtLeastOnceQueue"), await b.plain("AtLeastOnceQueue")];
    await leg(
      "asynchronous consumer of A dead-lettering to B, after B's consumer dead-lettered to A before the commit",
      (name) => acceptCreate(ctx.primary, consumerForm.ref, name, ctx.space, consumerSpec(ctx, qa, here.worker, qb), "consumer of A dead-lettering to B"),
      () => b.prepareCreate(consumerForm, "consumer", consumerSpec(ctx, qb, here.worker, qa)),
      ctx.space,
      consumerForm,
      () => [],
    );

    const h4 = ctx.names.hostname("steady");
    const steady = await settleUndisturbed(
      await acceptCreate(ctx.primary, domainForm.ref, ctx.name("domain"), ctx.space, customDomainSpec(ctx, here.worker, h4), `undisturbed claim of "${h4}"`),
      `undisturbed claim of "${h4}"`,
    );
    b.track(resultResource(ctx, steady.op, `undisturbed claim of "${h4}"`));
    await b.cleanup();
    return "three hostname claims (same space, other space, adoption) and a dead-letter claim accepted while legal failed invalid_argument at commit once a legal synchronous request took them, naming the holder, storing nothing, and leaving the synchronous resource alive; an undisturbed claim committed";
  },
);
