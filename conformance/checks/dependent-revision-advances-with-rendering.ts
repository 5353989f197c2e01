// Derived rendering (decision 0016): a host that renders part of a representation from OTHER
// resources advances that resource's metadata.revision, never its generation, exactly when the
// rendering changes. Worker readiness: creating, re-weighting and deleting a ModuleWorker's
// deployment each move the worker's revision (Provisioning -> Available -> UnsupportedCapability
// -> Available -> Provisioning), with the ETag following. Relation drift: a bound namespace
// vanishing moves the binding version's revision. An idempotent re-apply of the deployment moves
// nothing anywhere, and an unrelated worker's revision never moves.

import { defineCheck } from "../check.js";
import {
  advanced,
  attemptDelete,
  attemptUpdate,
  bindingEntry,
  builder,
  deleteOutOfBand,
  deploymentSpec,
  expectAccepted,
  expectReady,
  reread,
} from "../harness/aggregate/index.js";
import { expectEqual, expectStatus, expectTrue } from "../harness/assert.js";
import { liveFrom, type Live } from "../harness/lifecycle.js";

export default defineCheck(
  "a rendering change moves the rendered resource's revision and never its generation; an idempotent re-apply moves nothing",
  async (ctx) => {
    const b = builder(ctx);
    const worker = await b.worker();
    const bystander = await b.worker();
    const bundle = await b.bundle();
    const serving = await b.version({ worker, bundle, handlers: ["fetch"] });
    const background = await b.version({ worker, bundle, handlers: ["scheduled"] });
    const steps: string[] = [];

    let before = await reread(ctx.primary, worker);
    expectReady(before, "False", "Provisioning", "the worker before any deployment");
    const moved = async (label: string, reason: string, status: "True" | "False"): Promise<Live> => {
      const res = await ctx.primary.read(worker.ref, worker.name, worker.space);
      expectStatus(res, 200, `read of the worker after ${label}`);
      const now = liveFrom(res, `read of the worker after ${label}`);
      expectReady(now, status, reason, `the worker after ${label}`);
      expectEqual(now.generation, before.generation, `worker generation after ${label}`);
      expectTrue(
        advanced(now.revision, before.revision),
        `the worker's revision did not advance after ${label} (${before.revision} -> ${now.revision}) although its Ready condition changed`,
      );
      expectEqual(res.headers["etag"], `"${now.revision}"`, `worker ETag after ${label}`);
      steps.push(`${label}: ${before.revision}->${now.revision} (${reason})`);
      before = now;
      return now;
    };

    let deployment = await b.deployment(worker, [[serving, 10000]]);
    await moved("creating its deployment", "Available", "True");

    const servingBefore = await reread(ctx.primary, serving);
    const idle = expectAccepted(
      await attemptUpdate(ctx.primary, deployment, deploymentSpec(ctx, worker, [[serving, 10000]])),
      200,
      "idempotent re-apply of the deployment",
    );
    expectEqual(
      [idle.generation, idle.revision],
      [deployment.generation, deployment.revision],
      "deployment generation and revision after an idempotent re-apply",
    );
    expectEqual((await reread(ctx.primary, worker)).revision, before.revision, "worker revision after an idempotent re-apply of its deployment");
    expectEqual(
      (await reread(ctx.primary, serving)).revision,
      servingBefore.revision,
      "weighted version revision after an idempotent re-apply of the deployment",
    );

    deployment = expectAccepted(
      await attemptUpdate(ctx.primary, deployment, deploymentSpec(ctx, worker, [[background, 10000]])),
      200,
      "re-weighting to a version without fetch",
    );
    await moved("re-weighting to a version without fetch", "UnsupportedCapability", "False");
    deployment = expectAccepted(
      await attemptUpdate(ctx.primary, deployment, deploymentSpec(ctx, worker, [[serving, 10000]])),
      200,
      "re-weighting back to the fetch version",
    );
    await moved("re-weighting back to fetch", "Available", "True");
    expectStatus((await attemptDelete(ctx.primary, deployment)).res, 204, "delete of the deployment");
    await moved("deleting its deployment", "Provisioning", "False");

    const kv = await b.plain("EdgeKVNamespace");
    const binder = await b.version({ worker, bundle, handlers: ["fetch"], extra: { kvBindings: [bindingEntry("CACHE", kv)] } });
    await deleteOutOfBand(ctx.primary, kv);
    const drifted = await reread(ctx.primary, binder);
    expectReady(drifted, "False", "DependencyMissing", "the binding version after its namespace vanished");
    expectEqual(drifted.generation, binder.generation, "binding version generation after drift");
    expectTrue(
      advanced(drifted.revision, binder.revision),
      `the binding version's revision did not advance when its namespace vanished (${binder.revision} -> ${drifted.revision})`,
    );
    steps.push(`drift of a bound namespace: version ${binder.revision}->${drifted.revision}`);

    expectEqual((await reread(ctx.primary, bystander)).revision, bystander.revision, "revision of an unrelated worker after all of it");
    await b.cleanup();
    return `${steps.join("; ")}; generations never moved; an idempotent re-apply and an unrelated worker moved nothing`;
  },
);
