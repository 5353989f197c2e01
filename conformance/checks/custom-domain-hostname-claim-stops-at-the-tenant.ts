// The hostname claim stops at the tenant (decisions 0026, 0028). While the primary tenant serves a
// hostname, another tenant stands its whole aggregate up and its claim on that name SUCCEEDS.
// Inside each tenant a further claim on the name is still refused invalid_argument (400), and each
// refusal names that tenant's own holder and never the other tenant's.

import { defineCheck } from "../check.js";
import { attemptDelete, builder, customDomainSpec, expectCreateRefused, reread } from "../harness/aggregate/index.js";
import { expectEqual, expectNotEqual, expectStatus, fail } from "../harness/assert.js";

export default defineCheck(
  "another tenant may claim a served hostname; inside each tenant the claim is refused naming only that tenant's holder",
  async (ctx) => {
    const b = builder(ctx);
    const theirs = b.with(ctx.stranger);
    const form = ctx.form("WorkerCustomDomain");
    const hostname = ctx.names.hostname("shared");

    const ours = await b.serving(["fetch"]);
    const ourHolder = await b.customDomain(ours.worker, hostname);
    const stranger = await theirs.serving(["fetch"]);
    const theirHolder = await theirs.customDomain(stranger.worker, hostname.toUpperCase());

    const leaks = (message: string, foreign: typeof ourHolder, who: string) => {
      for (const secret of [foreign.name, foreign.uid]) {
        if (message.includes(secret)) fail(`${who}: the refusal names the other tenant's holder (${secret}): ${message}`);
      }
    };
    const inTheirs = await expectCreateRefused(
      ctx.stranger,
      form.ref,
      ctx.name("domain"),
      ctx.space,
      customDomainSpec(ctx, stranger.worker, hostname),
      "invalid_argument",
      "a second claim inside the other tenant",
      [theirHolder.name],
    );
    leaks(inTheirs, ourHolder, "a second claim inside the other tenant");
    const inOurs = await expectCreateRefused(
      ctx.primary,
      form.ref,
      ctx.name("domain"),
      ctx.space,
      customDomainSpec(ctx, ours.worker, `${hostname}.`),
      "invalid_argument",
      "a second claim inside the primary tenant",
      [ourHolder.name],
    );
    leaks(inOurs, theirHolder, "a second claim inside the primary tenant");
    expectNotEqual(ourHolder.uid, theirHolder.uid, "uids of the two tenants' claims on one hostname (two records)");
    // Each reads its own claim (its uid and generation: a claim's rendered status may move its
    // revision), and releasing one leaves the other's in place.
    const held = async (plane: typeof ctx.primary, live: typeof ourHolder, what: string) => {
      const now = await reread(plane, live);
      expectEqual([now.uid, now.generation], [live.uid, live.generation], `${what}: uid and generation read back`);
    };
    await held(ctx.primary, ourHolder, "the primary tenant's claim after both refusals");
    await held(ctx.stranger, theirHolder, "the other tenant's claim after both refusals");
    expectStatus((await attemptDelete(ctx.primary, await reread(ctx.primary, ourHolder))).res, 204, "release of the primary tenant's claim");
    await held(ctx.stranger, theirHolder, "the other tenant's claim after the primary tenant released its own");
    await b.cleanup();
    return `both tenants hold "${hostname}" (${ourHolder.name}, ${theirHolder.name}); a further claim inside each was refused naming only that tenant's holder`;
  },
);
