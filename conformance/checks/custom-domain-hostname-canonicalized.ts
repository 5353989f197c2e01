// A custom domain's claim is decided on its canonical hostname (decision 0026): the trailing root
// dot is removed and ASCII letters lowercased at the entry point of validate, prepare and apply,
// before validation, the spec digest, storage and echo. Upper-case and root-dotted spellings of
// one name validate, prepare to the same specDigest and echo, are created storing the canonical
// name at generation 1, and re-applied in another spelling move nothing. A genuinely different
// hostname is refused as a change to the live domain, and a second domain claiming the same name
// in yet another spelling is refused as a collision.

import { defineCheck } from "../check.js";
import {
  attemptCreate,
  attemptUpdate,
  builder,
  customDomainSpec,
  expectAccepted,
  expectCreateRefused,
  expectUpdateRefused,
} from "../harness/aggregate/index.js";
import { expectEqual, expectStatus } from "../harness/assert.js";
import { resourceDoc } from "../harness/lifecycle.js";
import { expectValidateAccepted } from "../harness/verdicts.js";

function mixedCase(s: string): string {
  return [...s].map((c, i) => (i % 2 === 0 ? c.toUpperCase() : c)).join("");
}

export default defineCheck("hostname spellings differing in case and root dot are one desired state; a different name is not", async (ctx) => {
  const b = builder(ctx);
  const form = ctx.form("WorkerCustomDomain");
  const agg = await b.serving(["fetch"]);
  const canonical = ctx.names.hostname("api");
  const spellings = [canonical, canonical.toUpperCase(), `${canonical}.`, `${mixedCase(canonical)}.`];
  const name = ctx.name("domain");

  const digests: string[] = [];
  for (const hostname of spellings) {
    const doc = resourceDoc(form.ref, name, ctx.space, customDomainSpec(ctx, agg.worker, hostname));
    expectValidateAccepted(await ctx.primary.validate(doc), `validate of hostname "${hostname}"`);
    const prep = await ctx.primary.prepare(doc, { create: true });
    expectStatus(prep, 200, `prepare of hostname "${hostname}"`);
    const body = prep.body as { resource: { spec: { hostname: string } }; review: { specDigest: string } };
    expectEqual(body.resource.spec.hostname, canonical, `hostname prepare echoes for "${hostname}"`);
    digests.push(body.review.specDigest);
  }
  expectEqual(new Set(digests).size, 1, `specDigests of ${spellings.length} spellings of one hostname (${digests.join(", ")})`);

  const created = b.track(
    expectAccepted(
      await attemptCreate(ctx.primary, form.ref, name, ctx.space, customDomainSpec(ctx, agg.worker, spellings[3]!)),
      201,
      `create with hostname "${spellings[3]}"`,
    ),
  );
  expectEqual([created.body.spec["hostname"], created.generation], [canonical, "1"], "stored hostname and generation of the created domain");
  let live = created;
  for (const hostname of [spellings[1]!, spellings[2]!, canonical]) {
    live = expectAccepted(
      await attemptUpdate(ctx.primary, live, customDomainSpec(ctx, agg.worker, hostname)),
      200,
      `re-apply of the live domain spelled "${hostname}"`,
    );
    expectEqual(
      [live.body.spec["hostname"], live.generation, live.revision],
      [canonical, created.generation, created.revision],
      `hostname, generation and revision after re-applying "${hostname}"`,
    );
  }

  const other = ctx.names.hostname("api");
  await expectUpdateRefused(
    ctx.primary,
    live,
    customDomainSpec(ctx, agg.worker, other),
    "invalid_argument",
    `changing the live domain's hostname to "${other}"`,
  );
  await expectCreateRefused(
    ctx.primary,
    form.ref,
    ctx.name("domain"),
    ctx.space,
    customDomainSpec(ctx, agg.worker, `${canonical.toUpperCase()}.`),
    "invalid_argument",
    "a second domain claiming the same hostname spelled upper-case with a root dot",
  );
  await b.cleanup();
  return `${spellings.length} spellings of ${canonical} validated, prepared to one specDigest and echoed canonical; created at generation 1 storing the canonical name; re-applied in three spellings with nothing moved; a different name and a second claim were refused`;
});
