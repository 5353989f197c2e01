// A host that stops leaves no workerd behind. A new deployment starts a new workerd beside the
// serving one and retires the old one after a grace (reconcile.ts); a host closed within that
// grace must end both, or the old one outlives the host once its process exits (found as an
// orphaned workerd, parent 1, after a test run that closed its host right after a switch).

import { afterAll, expect, it } from "vitest";
import { alive, createVersion, deploy, deployWorker, eventually, startRuntimeHost, viaGateway, workerdChildrenOf, type RuntimeHost } from "./support.js";

let host: RuntimeHost | undefined;
afterAll(async () => host?.close());

const LABELLED = `export default { async fetch(request, env) { return new Response(env.LABEL); } };`;

it.skipIf(process.platform !== "linux")(
  "closing the host within a switch's grace ends the retiring workerd and the serving one",
  async () => {
    const before = workerdChildrenOf(process.pid);
    host = await startRuntimeHost();
    const { hostname } = await deployWorker(host.url, "shutdown", "labelled", { source: LABELLED, vars: { LABEL: "a" } });
    await eventually(
      () => viaGateway(host!.gatewayPort, hostname),
      (r) => r.status === 200 && r.body === "a",
      "the first version serves",
    );
    const second = await createVersion(host.url, "shutdown", "labelled", { source: LABELLED, vars: { LABEL: "b" } });
    await deploy(host.url, "shutdown", "labelled", [[second, 10000]]);
    await host.host.runtime!.reconcile();
    expect((await viaGateway(host.gatewayPort, hostname)).body).toBe("b");
    // Both instances run now: the serving one, and the one retired by the switch (grace 5 s).
    const running = workerdChildrenOf(process.pid).filter((pid) => !before.includes(pid));
    expect(running.length, `workerd children after the switch: ${running.join(", ")}`).toBeGreaterThanOrEqual(2);

    await host.close();
    host = undefined;
    const left = running.filter(alive);
    expect(left, "workerd processes still running after the host closed").toEqual([]);
  },
  60_000,
);
