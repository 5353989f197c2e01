// Long-running operations: every store-dependent rule runs again when an accepted 202 commits.
// Each leg accepts a mutation while it is legal, moves the store with a legal synchronous request,
// and requires the commit to fail with the rule's code and commit nothing: a create whose relation
// target was deleted meanwhile (resource_not_found), a delete of a bundle a
// version started executing meanwhile, and of a deployment an endpoint started depending on
// (dependency_in_use); a second consumer of a queue, a second deployment of a worker, a second
// endpoint of a worker (invalid_argument); a version declaring a handler the re-created bundle no
// longer exports (invalid_argument naming it). Undisturbed, an accepted delete commits.

import { defineCheck } from "../check.js";
import {
  bindingEntry,
  builder,
  consumerSpec,
  deploymentSpec,
  endpointSpec,
  expectNothingStored,
  requiredSpec,
  versionSpec,
} from "../harness/aggregate/index.js";
import { expectEqual } from "../harness/assert.js";
import { probeBundle, upload } from "../harness/artifacts/index.js";
import type { Live } from "../harness/lifecycle.js";
import { acceptCreate, acceptDelete, expectFailed, expectSucceeded, settleAfterMove, settleUndisturbed, type Accepted } from "../harness/operations/index.js";
import type { ErrorCode } from "../../corpus/lib/index.js";

export default defineCheck("dependency scans, single-holder rules and handler exports are decided again at commit against the moved store", async (ctx) => {
  const b = builder(ctx);
  const p = ctx.primary;
  const alive = async (live: Live, what: string) => {
    const now = await p.fetch(live.ref, live.name, live.space);
    expectEqual(
      [now.uid, now.generation, now.body.spec],
      [live.uid, live.generation, live.body.spec],
      `${what}: ${live.ref.kind} ${live.name} read back (uid, generation, spec)`,
    );
  };
  const createLeg = async (what: string, kind: string, spec: Record<string, unknown>, move: () => Promise<Live>, code: ErrorCode, mentions: string[] = []) => {
    const form = ctx.form(kind);
    const name = ctx.name(kind);
    let taker!: Live;
    const settled = await settleAfterMove(
      await acceptCreate(p, form.ref, name, ctx.space, spec, what),
      async () => {
        taker = await move();
      },
      what,
    );
    expectFailed(settled.op, code, what, mentions);
    await expectNothingStored(p, form.ref, name, ctx.space, what);
    await alive(taker, `${what}: the synchronous resource`);
  };
  const deleteLeg = async (what: string, target: Live, move: () => Promise<Live>) => {
    let holder!: Live;
    const accepted: Accepted = await acceptDelete(p, target, what);
    const settled = await settleAfterMove(
      accepted,
      async () => {
        holder = await move();
      },
      what,
    );
    expectFailed(settled.op, "dependency_in_use", what);
    await alive(target, `${what}: the target`);
    await alive(holder, `${what}: the new dependent`);
  };

  const worker = await b.worker();
  const bundle = await b.bundle("worker-bundles/all-handlers");

  // The relation target of a pending create is deleted (nothing holds it yet): the commit resolves
  // the relation again and fails resource_not_found, committing nothing.
  const namespace = await b.plain("EdgeKVNamespace");
  const bound = versionSpec(ctx, { worker, bundle, handlers: ["fetch"], extra: { kvBindings: [bindingEntry("CACHE", namespace)] } });
  const vanished = "a version binding a namespace deleted before the commit";
  const versionForm = ctx.form("WorkerVersion");
  const versionName = ctx.name("version");
  const orphaned = await settleAfterMove(await acceptCreate(p, versionForm.ref, versionName, ctx.space, bound, vanished), () => p.destroy(namespace), vanished);
  expectFailed(orphaned.op, "resource_not_found", vanished);
  await expectNothingStored(p, versionForm.ref, versionName, ctx.space, vanished);
  await expectNothingStored(p, namespace.ref, namespace.name, namespace.space, `${vanished}: the deleted namespace`);
  await deleteLeg("delete of a bundle a version started executing before the commit", bundle, () => b.version({ worker, bundle, handlers: ["fetch"] }));

  const serving = await b.serving(["fetch", "queue"]);
  await deleteLeg("delete of a deployment an endpoint started depending on before the commit", serving.deployment, () => b.endpoint(serving.worker));

  const queue = await b.plain("AtLeastOnceQueue");
  await createLeg(
    "a consumer of a queue another consumer took before the commit",
    "QueueConsumer",
    consumerSpec(ctx, queue, serving.worker),
    () => b.consumer(queue, serving.worker),
    "invalid_argument",
  );

  const idle = await b.worker();
  const idleVersion = await b.version({ worker: idle, bundle, handlers: ["fetch"] });
  await createLeg(
    "a deployment of a worker another deployment took before the commit",
    "WorkerDeployment",
    deploymentSpec(ctx, idle, [[idleVersion, 10000]]),
    () => b.deployment(idle, [[idleVersion, 10000]]),
    "invalid_argument",
  );

  const reachable = await b.serving(["fetch"]);
  await createLeg(
    "an endpoint of a worker another endpoint took before the commit",
    "WorkerEndpoint",
    endpointSpec(ctx, reachable.worker),
    () => b.endpoint(reachable.worker),
    "invalid_argument",
  );

  const swapped = await b.create(
    ctx.form("WorkerBundle"),
    "bundle",
    requiredSpec(ctx, ctx.form("WorkerBundle"), {
      manifestDigest: await upload(p, probeBundle(ctx, ["fetch", "scheduled"]), "a bundle exporting fetch and scheduled"),
    }),
  );
  const fetchOnly = await upload(p, probeBundle(ctx, ["fetch"]), "a bundle exporting fetch only");
  await createLeg(
    "a version declaring scheduled on a bundle re-created without it before the commit",
    "WorkerVersion",
    versionSpec(ctx, { worker, bundle: swapped, handlers: ["fetch", "scheduled"] }),
    async () => {
      await p.destroy(await p.fetch(swapped.ref, swapped.name, swapped.space));
      return b.track(await p.create(swapped.ref, swapped.name, swapped.space, { manifestDigest: fetchOnly }));
    },
    "invalid_argument",
    ["scheduled"],
  );

  const spare = await b.bundle("worker-bundles/fetch-only");
  expectSucceeded(
    (await settleUndisturbed(await acceptDelete(p, spare, "undisturbed delete of an unreferenced bundle"), "undisturbed delete of an unreferenced bundle")).op,
    "undisturbed delete of an unreferenced bundle",
  );
  await expectNothingStored(p, spare.ref, spare.name, spare.space, "undisturbed delete of an unreferenced bundle");
  await b.cleanup();
  return "a version create whose bound namespace was deleted failed resource_not_found; two deletes failed dependency_in_use once a dependent appeared; a second consumer, deployment and endpoint failed invalid_argument once a synchronous one took the place; a version failed invalid_argument naming scheduled once its bundle was re-created without it; nothing was committed and every synchronous resource survived; an undisturbed delete committed";
});
