// An attachment's claim is decided on canonical, resolved identity — on import as on apply. An
// adoption of a WorkerCustomDomain claiming a hostname a live one serves in the tenant (any
// spelling, any space) is invalid_argument (400) naming the holder, storing nothing; an adoption of
// a QueueConsumer whose dead-letter queue leads back to its own queue (itself, or closing a
// three-queue cycle) is invalid_argument, storing nothing. Both rules in the other polarity:
// adoptions claiming a free hostname, the released hostname, and a dead-letter chain are accepted,
// so a host cannot pass by refusing adoptions.

import { defineCheck } from "../check.js";
import {
  attemptDelete,
  attemptImport,
  builder,
  consumerSpec,
  customDomainSpec,
  expectAccepted,
  expectNothingStored,
  expectRefused,
  reread,
} from "../harness/aggregate/index.js";
import { expectStatus } from "../harness/assert.js";
import type { Live } from "../harness/lifecycle.js";

export default defineCheck("hostname uniqueness and dead-letter acyclicity decide adoptions in both polarities", async (ctx) => {
  const b = builder(ctx);
  const alt = b.in(ctx.altSpace);
  const domainForm = ctx.form("WorkerCustomDomain");
  const consumerForm = ctx.form("QueueConsumer");
  const here = await b.serving(["fetch", "queue"]);
  const there = await alt.serving(["fetch"]);
  const adopt = async (space: string, form: typeof domainForm, spec: Record<string, unknown>) => {
    const name = ctx.name(form.ref.kind);
    return { name, attempt: await attemptImport(ctx.primary, form.ref, name, space, spec, ctx.names.nativeId()) };
  };
  const refuse = async (space: string, form: typeof domainForm, spec: Record<string, unknown>, what: string, mentions: string[] = []) => {
    const { name, attempt } = await adopt(space, form, spec);
    expectRefused(attempt, "invalid_argument", what, mentions);
    await expectNothingStored(ctx.primary, form.ref, name, space, what);
  };
  const accept = async (builderFor: typeof b, space: string, form: typeof domainForm, spec: Record<string, unknown>, what: string): Promise<Live> => {
    const { attempt } = await adopt(space, form, spec);
    return builderFor.track(expectAccepted(attempt, 201, what));
  };

  const hostname = ctx.names.hostname("adopted");
  const holder = await b.customDomain(here.worker, hostname);
  await refuse(
    ctx.space,
    domainForm,
    customDomainSpec(ctx, here.worker, hostname.toUpperCase()),
    `adoption of a custom domain claiming "${hostname}" (uppercased) in the holder's space`,
    [holder.name],
  );
  await refuse(
    ctx.altSpace,
    domainForm,
    customDomainSpec(ctx, there.worker, `${hostname}.`),
    `adoption of a custom domain claiming "${hostname}." from the tenant's other space`,
    [holder.name],
  );
  await accept(
    alt,
    ctx.altSpace,
    domainForm,
    customDomainSpec(ctx, there.worker, ctx.names.hostname("free")),
    "adoption of a custom domain claiming a free hostname",
  );
  expectStatus((await attemptDelete(ctx.primary, await reread(ctx.primary, holder))).res, 204, `release of "${hostname}" (delete of its holder)`);
  await accept(alt, ctx.altSpace, domainForm, customDomainSpec(ctx, there.worker, hostname), `adoption of a custom domain claiming the released "${hostname}"`);

  const [qa, qb, qc, qd] = [
    await b.plain("AtLeastOnceQueue"),
    await b.plain("AtLeastOnceQueue"),
    await b.plain("AtLeastOnceQueue"),
    await b.plain("AtLeastOnceQueue"),
  ];
  await b.consumer(qa, here.worker, qb);
  await refuse(ctx.space, consumerForm, consumerSpec(ctx, qd, here.worker, qd), "adoption of a consumer dead-lettering to its own queue");
  await accept(b, ctx.space, consumerForm, consumerSpec(ctx, qb, here.worker, qc), "adoption of a consumer extending the chain A -> B -> C");
  await refuse(ctx.space, consumerForm, consumerSpec(ctx, qc, here.worker, qa), "adoption of a consumer closing A -> B -> C -> A");
  await accept(b, ctx.space, consumerForm, consumerSpec(ctx, qc, here.worker, qd), "adoption of a consumer extending the chain to D");
  await b.cleanup();
  return `adoptions claiming "${hostname}" in either space were refused naming ${holder.name} with nothing stored, a free and then the released hostname were adopted; adoptions dead-lettering to their own queue or closing a three-queue cycle were refused, chain extensions adopted`;
});
