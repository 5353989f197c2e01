// Resource identity (decision 0011): a replay record is bound to the incarnation its answer
// reports. While that incarnation lives the retry replays; once it is deleted the byte-identical
// create is executed as the new request it is (a new uid that reads back); and the delete's own
// record, which reports nothing live, keeps replaying its 204 without touching the replacement.
// The same holds for an accepted (202) create, whose record follows its operation.

import { defineCheck } from "../check.js";
import { expectEqual, expectError, expectNotEqual, expectStatus } from "../harness/assert.js";
import { liveFrom, resourceDoc } from "../harness/lifecycle.js";
import { expectAccepted, expectSucceeded, sendAsyncApply, settleUndisturbed } from "../harness/operations/index.js";
import { plainProbe } from "../harness/probes.js";

export default defineCheck("a replay record retires with the incarnation it reports; a delete's record keeps replaying", async (ctx) => {
  const { form, spec } = plainProbe(ctx);
  const name = ctx.name("retire");
  const doc = resourceDoc(form.ref, name, ctx.space, spec());
  const digest = await ctx.primary.prepareDigest(doc, { create: true }, `prepare of ${name}`);
  const createKey = ctx.names.key();
  const created = await ctx.primary.apply(doc, digest, { create: true }, { key: createKey });
  expectStatus(created, 201, "create");
  const first = liveFrom(created, "create");

  // 1. While the incarnation lives, the lost-response retry replays.
  const retried = await ctx.primary.apply(doc, digest, { create: true }, { key: createKey });
  expectStatus(retried, 201, "retry of the create while the resource lives");
  expectEqual(retried.text, created.text, "body of the retry while the resource lives (a byte-identical replay)");
  expectEqual(retried.headers["etag"], created.headers["etag"], "ETag of the retry while the resource lives");

  // 2. Delete it, under a key of its own.
  const deleteKey = ctx.names.key();
  const deleted = await ctx.primary.remove(form.ref, name, ctx.space, { generation: first.generation }, { key: deleteKey });
  expectStatus(deleted, 204, "delete");
  expectError(await ctx.primary.read(form.ref, name, ctx.space), "resource_not_found", "read after the delete");

  // 3. The byte-identical create (same key, same review) is executed again: a new incarnation.
  const again = await ctx.primary.apply(doc, digest, { create: true }, { key: createKey });
  expectStatus(again, 201, "byte-identical create after the delete");
  const second = liveFrom(again, "re-create");
  expectNotEqual(second.uid, first.uid, "uid of the re-created resource (a replay would repeat the first)");
  const read = await ctx.primary.fetch(form.ref, name, ctx.space);
  expectEqual(read.uid, second.uid, "uid read back after the re-create");

  // 4. The first incarnation's delete, retried, replays its 204 and leaves the replacement alone.
  const deleteRetry = await ctx.primary.remove(form.ref, name, ctx.space, { generation: first.generation }, { key: deleteKey });
  expectStatus(deleteRetry, 204, "retry of the first delete");
  const survivor = await ctx.primary.fetch(form.ref, name, ctx.space);
  expectEqual(survivor.uid, second.uid, "uid of the replacement after the retried delete");
  await ctx.primary.destroy(survivor);

  // 5. The same rule on the 202 path, where the record is written before any incarnation exists:
  // the record follows its operation, so the identical accepted create after the delete is a new
  // operation committing a new uid, never the settled operation replayed.
  const asyncName = ctx.name("retire-async");
  const sent = await sendAsyncApply(ctx.primary, form.ref, asyncName, ctx.space, spec(), { create: true });
  const accepted = expectAccepted(sent.res, ctx.primary, sent.resend, "accepted create");
  expectSucceeded((await settleUndisturbed(accepted, "accepted create")).op, "accepted create");
  const firstAsync = await ctx.primary.fetch(form.ref, asyncName, ctx.space);
  await ctx.primary.destroy(firstAsync);
  const reaccepted = expectAccepted(await sent.resend(), ctx.primary, sent.resend, "the byte-identical accepted create after the delete");
  expectNotEqual(
    reaccepted.op.id,
    accepted.op.id,
    "operation answering the identical accepted create after the delete (a replay would repeat the settled one)",
  );
  expectSucceeded((await settleUndisturbed(reaccepted, "re-accepted create")).op, "re-accepted create");
  const secondAsync = await ctx.primary.fetch(form.ref, asyncName, ctx.space);
  expectNotEqual(secondAsync.uid, firstAsync.uid, "uid committed by the re-accepted create");
  await ctx.primary.destroy(secondAsync);
  return `retry replayed byte-identically while live; the identical create after delete minted ${second.uid} (not ${first.uid}); the retried delete replayed 204 and the replacement survived; on the 202 path the identical create after delete was a new operation committing a new uid`;
});
