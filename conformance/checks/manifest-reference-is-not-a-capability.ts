// A content address is not a capability, used as desired state: a bundle-shaped resource naming a
// manifest only ANOTHER tenant committed is refused artifact_missing (404) before any mutation, on
// apply, on import and on an apply asked for asynchrony, indistinguishable from naming a digest
// nobody committed. Holding is the tenant's: the uploader's fellow principal references it freely,
// and the other tenant may reference it once it has supplied the same bytes itself.

import { defineCheck } from "../check.js";
import {
  attemptCreate,
  attemptImport,
  builder,
  expectAccepted,
  expectNothingStored,
  expectRefused,
  requiredSpec,
  type Attempt,
} from "../harness/aggregate/index.js";
import { expectError } from "../harness/assert.js";
import { probeAssets, probeBundle, upload, unknownDigest, type Artifact } from "../harness/artifacts/index.js";
import type { InstalledForm } from "../../corpus/lib/index.js";
import { attemptAsyncCreate, expectFailed, operationOfAccepted, pollUntilDone } from "../harness/operations/index.js";
import { expectIndistinguishable } from "../harness/refusal.js";

export default defineCheck(
  "naming another tenant's manifest is artifact_missing before mutation, exactly like an uncommitted digest; the tenant's own principals and re-uploaders may",
  async (ctx) => {
    const b = builder(ctx);
    const strangers = b.with(ctx.stranger);
    const peers = b.with(ctx.peer);
    const cases: [InstalledForm, Artifact][] = [
      [ctx.form("WorkerBundle"), probeBundle(ctx, ["fetch"])],
      [ctx.form("StaticAssetBundle"), probeAssets(ctx)],
    ];
    for (const [form, art] of cases) {
      const digest = await upload(ctx.primary, art, `the primary tenant's ${art.manifest["kind"]} upload`);
      const never = unknownDigest();
      const kind = form.ref.kind;
      const attempts: [string, (manifestDigest: string, name: string) => Promise<Attempt>][] = [
        ["apply", (d, n) => attemptCreate(ctx.stranger, form.ref, n, ctx.space, requiredSpec(ctx, form, { manifestDigest: d }))],
        ["import", (d, n) => attemptImport(ctx.stranger, form.ref, n, ctx.space, requiredSpec(ctx, form, { manifestDigest: d }), ctx.names.nativeId())],
      ];
      for (const [surface, attempt] of attempts) {
        const [foreignName, neverName] = [ctx.name(kind), ctx.name(kind)];
        const foreign = await attempt(digest, foreignName);
        expectRefused(foreign, "artifact_missing", `${surface} by another tenant of a ${kind} naming the primary tenant's manifest`);
        await expectNothingStored(ctx.stranger, form.ref, foreignName, ctx.space, `${surface} of a ${kind} naming another tenant's manifest`);
        const unknown = await attempt(never, neverName);
        expectRefused(unknown, "artifact_missing", `${surface} by another tenant of a ${kind} naming a digest nobody committed`);
        expectIndistinguishable(
          foreign.res,
          [foreignName, digest],
          unknown.res,
          [neverName, never],
          `${surface} of a ${kind}: another tenant's manifest versus an uncommitted digest`,
        );
      }

      const asyncName = ctx.name(kind);
      const what = `asynchronous apply of a ${kind} naming another tenant's manifest`;
      const sent = await attemptAsyncCreate(ctx.stranger, form.ref, asyncName, ctx.space, requiredSpec(ctx, form, { manifestDigest: digest }));
      if (sent.res.status === 202) {
        const settled = await pollUntilDone(ctx.stranger, operationOfAccepted(sent.res, what).id, what);
        expectFailed(settled.op, "artifact_missing", `${what} (refused at commit)`);
      } else {
        expectError(sent.res, "artifact_missing", `${what} (refused at ${sent.stage})`);
      }
      await expectNothingStored(ctx.stranger, form.ref, asyncName, ctx.space, `asynchronous apply of a ${kind} naming another tenant's manifest`);

      peers.track(
        expectAccepted(
          await attemptCreate(ctx.peer, form.ref, ctx.name(kind), ctx.space, requiredSpec(ctx, form, { manifestDigest: digest })),
          201,
          `the uploader's fellow principal referencing its tenant's ${kind} manifest`,
        ),
      );
      await upload(ctx.stranger, art, `the other tenant supplying the same ${kind} bytes`);
      strangers.track(
        expectAccepted(
          await attemptCreate(ctx.stranger, form.ref, ctx.name(kind), ctx.space, requiredSpec(ctx, form, { manifestDigest: digest })),
          201,
          `the other tenant referencing the ${kind} manifest it now holds`,
        ),
      );
    }
    await b.cleanup();
    return "WorkerBundle and StaticAssetBundle naming another tenant's manifest were artifact_missing on apply, import and an asynchronous apply, with nothing stored and indistinguishable from an uncommitted digest; the tenant's other principal and the re-uploading tenant referenced them";
  },
);
