// Long-running operations: create, update, import, delete and artifact commit asked for
// asynchrony answer 202 with an Operation envelope; GET {api}/operations/{id} answers the same id
// while pending and until it is done; a finished operation carries exactly one of result or error
// (a resource mutation's result is the resource, held to the wire schema and the pinned Form), the
// store then shows what the result says, and the terminal state replays byte-identically. The
// failing polarity: an operation whose target vanished finishes with an error and no result, and
// an id nobody issued is operation_not_found on GET and on cancel.

import { defineCheck } from "../check.js";
import type { ExactFormRef } from "../../corpus/lib/index.js";
import { expectEqual, expectError, expectStatus, fail, show } from "../harness/assert.js";
import { expectNothingStored } from "../harness/aggregate/index.js";
import { commitUpload, expectManifestHeld, openSession, probeBundle, putBlobs } from "../harness/artifacts/index.js";
import type { Live } from "../harness/lifecycle.js";
import {
  acceptCreate,
  acceptDelete,
  acceptImport,
  acceptUpdate,
  cancelOperation,
  describeOperation,
  expectAccepted,
  expectFailed,
  expectReplaysTerminal,
  expectSucceeded,
  getOperation,
  PREFER_ASYNC,
  readOperation,
  resultResource,
  settleAfterMove,
  settleUndisturbed,
  unknownOperationId,
  type Accepted,
} from "../harness/operations/index.js";
import { expectedSpec, mutableProbe } from "../harness/probes.js";

/** The result's identity is the request's: exact FormRef, name, space; observedGeneration follows; Ready is complete. */
function expectResultIdentity(live: Live, ref: ExactFormRef, name: string, space: string, what: string): void {
  const body = live.body;
  expectEqual([body.apiVersion, body.kind, body.form.formRef], [ref.apiVersion, ref.kind, ref], `${what}: apiVersion, kind and exact FormRef of the result`);
  expectEqual([body.metadata.name, body.metadata.space], [name, space], `${what}: name and space of the result`);
  const status = body.status as
    { observedGeneration?: string; conditions?: { type: string; status: string; reason?: string; lastTransitionTime?: string }[] } | undefined;
  expectEqual(status?.observedGeneration, body.metadata.generation, `${what}: status.observedGeneration of the result`);
  const ready = status?.conditions?.find((c) => c.type === "Ready");
  if (!ready || ready.status !== "True" || !ready.reason || !ready.lastTransitionTime)
    fail(`${what}: the result carries no complete Ready=True condition: ${show(ready)}`);
}

export default defineCheck(
  "202 Operations for every asynchronous mutation: stable id, exactly one of result or error, the store agrees, terminal replay",
  async (ctx) => {
    const probe = mutableProbe(ctx);
    const p = ctx.primary;

    const finish = async (accepted: Accepted, what: string) => {
      // The operation carried the async probe: its owner's first poll meets it pending, with Retry-After.
      const first = await readOperation(p, accepted.op.id, `${what}: first GET`);
      expectEqual(first.op.id, accepted.op.id, `${what}: id of the first GET`);
      if (first.op.done)
        fail(`${what}: the owner's first poll read ${describeOperation(first.op)}; an operation held by the async probe answers pending first`);
      if (first.res.headers["retry-after"] === undefined) fail(`${what}: the pending poll of ${accepted.op.id} carried no Retry-After`);
      const settled = await settleUndisturbed(accepted, what);
      await expectReplaysTerminal(p, settled, `${what}: second read of the finished operation`);
      return settled.op;
    };
    const resourceOf = async (accepted: Accepted, what: string, generation: string, name: string): Promise<Live> => {
      const live = resultResource(ctx, await finish(accepted, what), what);
      expectResultIdentity(live, probe.form.ref, name, ctx.space, what);
      expectEqual(live.body.spec, expectedSpec(ctx, probe.form, live.body.spec), `${what}: materialized spec in the result`);
      expectEqual(live.generation, generation, `${what}: generation in the result`);
      const read = await p.fetch(probe.form.ref, live.name, live.space);
      expectEqual(
        [read.uid, read.generation, read.body.spec],
        [live.uid, live.generation, live.body.spec],
        `${what}: the resource read back (uid, generation, spec) against the result`,
      );
      return read;
    };

    const name = ctx.name("async");
    const created = await acceptCreate(p, probe.form.ref, name, ctx.space, probe.variant(1), "create with Prefer: respond-async");
    if (!/^op_/.test(created.op.id)) fail(`the operation id ${created.op.id} does not follow the op_ grammar`);
    let live = await resourceOf(created, "asynchronous create", "1", name);
    expectEqual(live.body.spec, expectedSpec(ctx, probe.form, probe.variant(1)), "spec of the asynchronously created resource");

    const updated = await acceptUpdate(p, live, probe.variant(2), "update with Prefer: respond-async");
    if (updated.op.target?.uid !== undefined) expectEqual(updated.op.target.uid, live.uid, "target.uid of the accepted update");
    const after = await resourceOf(updated, "asynchronous update", "2", live.name);
    expectEqual(after.uid, live.uid, "uid after the asynchronous update");
    live = after;

    const adoptedName = ctx.name("adopted");
    const imported = await acceptImport(p, probe.form.ref, adoptedName, ctx.space, probe.variant(3), ctx.names.nativeId(), "import with Prefer: respond-async");
    const adopted = await resourceOf(imported, "asynchronous import", "1", adoptedName);

    for (const target of [live, adopted]) {
      const deleted = await acceptDelete(p, target, `delete of ${target.name} with Prefer: respond-async`);
      expectSucceeded(await finish(deleted, `asynchronous delete of ${target.name}`), `asynchronous delete of ${target.name}`);
      await expectNothingStored(p, target.ref, target.name, target.space, `asynchronous delete of ${target.name}`);
    }

    const art = probeBundle(ctx, ["fetch"]);
    const session = await openSession(p, art, "upload for an asynchronous commit");
    await putBlobs(p, session, art, session.missingBlobs, "upload for an asynchronous commit");
    const send = () => commitUpload(p, session.uploadId, { headers: PREFER_ASYNC });
    const commit = expectAccepted(await send(), p, send, "artifact commit with Prefer: respond-async");
    if (commit.op.target?.manifestDigest !== undefined)
      expectEqual(commit.op.target.manifestDigest, art.digest, "target.manifestDigest of the accepted commit");
    const committed = expectSucceeded(await finish(commit, "asynchronous artifact commit"), "asynchronous artifact commit");
    expectEqual(committed["manifestDigest"] ?? commit.op.target?.manifestDigest, art.digest, "manifest digest the finished commit reports");
    await expectManifestHeld(p, art.digest, art.manifest, "the manifest after the asynchronous commit");

    const doomed = await p.create(probe.form.ref, ctx.name("doomed"), ctx.space, probe.variant(0));
    const vanishing = await acceptDelete(p, doomed, "delete with Prefer: respond-async of a resource removed before the commit");
    const failed = await settleAfterMove(vanishing, async () => p.destroy(doomed), "the asynchronous delete whose target vanished");
    expectFailed(failed.op, "resource_not_found", "the asynchronous delete whose target vanished");
    await expectReplaysTerminal(p, failed, "second read of the failed operation");

    const unknown = unknownOperationId();
    expectError(await getOperation(p, unknown), "operation_not_found", "GET of an operation id nobody issued");
    expectError(await cancelOperation(p, unknown), "operation_not_found", "cancel of an operation id nobody issued");
    expectStatus(await getOperation(p, created.op.id), 200, "GET of the first operation at the end");
    return "create, update, import, two deletes and an artifact commit each answered 202 and finished with a valid result the store agreed with; the delete of a vanished target finished resource_not_found with no result; every terminal state replayed byte-identically; an unissued id was operation_not_found";
  },
);
