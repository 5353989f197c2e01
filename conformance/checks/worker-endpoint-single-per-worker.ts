// A worker has at most one endpoint (decision 0024): a second WorkerEndpoint whose resolved
// /worker already has one fails invalid_argument (400) before any mutation, on apply and on
// import. Another worker takes an endpoint of its own with a different address, and deleting the
// first endpoint makes a new one representable — a new uid, which may carry a new address.

import { defineCheck } from "../check.js";
import {
  addressOf,
  attemptCreate,
  attemptDelete,
  attemptImport,
  builder,
  endpointSpec,
  expectAccepted,
  expectNothingStored,
  expectRefused,
  reread,
} from "../harness/aggregate/index.js";
import { expectNotEqual, expectStatus } from "../harness/assert.js";

export default defineCheck(
  "a second endpoint of one worker is invalid_argument on apply and import; another worker's and one after release are accepted",
  async (ctx) => {
    const b = builder(ctx);
    const form = ctx.form("WorkerEndpoint");
    const agg = await b.serving(["fetch"]);
    const sibling = await b.serving(["fetch"]);
    const first = await b.endpoint(agg.worker);
    const name = ctx.name("endpoint");
    const spec = endpointSpec(ctx, agg.worker);

    expectRefused(await attemptCreate(ctx.primary, form.ref, name, ctx.space, spec), "invalid_argument", "apply of a second endpoint of the worker");
    await expectNothingStored(ctx.primary, form.ref, name, ctx.space, "apply of a second endpoint");
    expectRefused(
      await attemptImport(ctx.primary, form.ref, name, ctx.space, spec, ctx.names.nativeId()),
      "invalid_argument",
      "import of a second endpoint of the worker",
    );
    await expectNothingStored(ctx.primary, form.ref, name, ctx.space, "import of a second endpoint");

    const others = await b.endpoint(sibling.worker);
    expectNotEqual(
      addressOf(others, "the sibling worker's endpoint").hostname,
      addressOf(first, "the first endpoint").hostname,
      "addresses of two workers' endpoints",
    );
    expectStatus((await attemptDelete(ctx.primary, await reread(ctx.primary, first))).res, 204, "delete of the first endpoint");
    const replacement = b.track(
      expectAccepted(await attemptCreate(ctx.primary, form.ref, name, ctx.space, spec), 201, "apply of a new endpoint once the first is gone"),
    );
    expectNotEqual(replacement.uid, first.uid, "uid of the replacement endpoint");
    addressOf(replacement, "the replacement endpoint");
    await b.cleanup();
    return "a second endpoint of one worker was refused on apply and import with nothing stored; a sibling worker's endpoint got another address; after release a new endpoint (new uid) was accepted";
  },
);
