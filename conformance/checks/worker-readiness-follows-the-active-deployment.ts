// Worker readiness (decision 0016): a ModuleWorker's Ready condition is a claim about SERVICE. No
// deployment: Ready=False/Provisioning; a deployment any of whose weighted versions lacks fetch:
// Ready=False/UnsupportedCapability — both with a hostReason naming the worker and what is
// missing; a deployment whose every weighted version declares fetch: Ready=True/Available. Read
// and observe agree.

import { defineCheck } from "../check.js";
import { attemptUpdate, builder, deploymentSpec, expectAccepted, expectReady, reread } from "../harness/aggregate/index.js";
import { expectStatus, fail, show } from "../harness/assert.js";
import { liveFrom, type Live } from "../harness/lifecycle.js";

export default defineCheck(
  "a worker is Provisioning without a deployment, UnsupportedCapability unless every weighted version serves fetch, Available otherwise",
  async (ctx) => {
    const b = builder(ctx);
    const worker = await b.worker();
    const bundle = await b.bundle();
    const web = await b.version({ worker, bundle, handlers: ["fetch", "queue"] });
    const batch = await b.version({ worker, bundle, handlers: ["scheduled"] });

    const both = async (label: string): Promise<Live[]> => {
      const read = await reread(ctx.primary, worker);
      const res = await ctx.primary.observe(worker.ref, worker.name, worker.space, { generation: read.generation });
      expectStatus(res, 200, `observe of the worker ${label}`);
      return [read, liveFrom(res, `observe of the worker ${label}`)];
    };
    const names = (live: Live, missing: RegExp, label: string) => {
      const text = live.body.status.conditions.find((c) => c.type === "Ready")?.hostReason ?? "";
      if (!text.includes(worker.name) || !missing.test(text))
        fail(`${label}: the hostReason must name the worker ${worker.name} and what is missing (${missing}); got ${show(text)}`);
    };

    for (const live of await both("with no deployment")) {
      expectReady(live, "False", "Provisioning", "the worker with no deployment");
      names(live, /deployment/i, "the worker with no deployment");
    }
    let deployment = await b.deployment(worker, [[batch, 10000]]);
    for (const live of await both("whose deployment weights only a version without fetch")) {
      expectReady(live, "False", "UnsupportedCapability", "the worker whose deployment serves no fetch");
      names(live, /fetch/, "the worker whose deployment serves no fetch");
    }
    deployment = expectAccepted(
      await attemptUpdate(
        ctx.primary,
        deployment,
        deploymentSpec(ctx, worker, [
          [web, 9000],
          [batch, 1000],
        ]),
      ),
      200,
      "a split where one weighted version lacks fetch",
    );
    for (const live of await both("whose deployment splits onto a version without fetch")) {
      expectReady(live, "False", "UnsupportedCapability", "the worker whose deployment weights a version without fetch at 1000");
      names(live, /fetch/, "the worker whose split deployment lacks fetch in one version");
    }
    expectAccepted(await attemptUpdate(ctx.primary, deployment, deploymentSpec(ctx, worker, [[web, 10000]])), 200, "all traffic to the fetch version");
    for (const live of await both("whose every weighted version serves fetch"))
      expectReady(live, "True", "Available", "the worker whose deployment serves fetch");
    await b.cleanup();
    return "read and observe reported Provisioning without a deployment, UnsupportedCapability for a fetch-less and a partly fetch-less deployment (hostReason naming the worker and what is missing), and Available once every weighted version served fetch";
  },
);
