// A worker that never yields stops every worker of its workerd instance: workerd runs an
// instance's isolates on one thread, and its open-source build enforces no CPU limit. The
// watchdog (host/runtime/watchdog.ts, ADR 0299) finds the instance silent past the limit, kills it
// and starts the same plan again: another tenant's worker answers again, and so do the spinning
// worker's other paths. A workerd that exits (killed) is replaced the same way.

import { afterAll, beforeAll, expect, it } from "vitest";
import { OTHER_TENANT } from "../unit/host/harness.js";
import { alive, deployWorker, eventually, startRuntimeHost, viaGateway, workerdChildrenOf, type GatewayReply, type RuntimeHost } from "./support.js";

const LIMIT_MS = 3000;
let host: RuntimeHost;
let spin: string;
let calm: string;

const source = (name: string) =>
  `export default { fetch(request) { if (new URL(request.url).pathname === "/spin") { for (;;) {} } return new Response("${name} ok"); } };`;
const CLOSED: GatewayReply = { status: 0, body: "", headers: {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The instances that deploys or a replacement retired end after their grace: then one workerd runs, the serving one. */
const oneWorkerd = () =>
  eventually(
    async () => workerdChildrenOf(process.pid),
    (pids) => pids.length === 1,
    "one workerd",
  );
const answeringAgain = (hostname: string) =>
  eventually(
    () => viaGateway(host.gatewayPort, hostname).catch(() => CLOSED),
    (r) => r.status === 200,
    `${hostname} answers again`,
    20_000,
  );

beforeAll(async () => {
  host = await startRuntimeHost(undefined, { stallLimitMs: LIMIT_MS, stallCheckMs: 250 });
  ({ hostname: spin } = await deployWorker(host.url, "stall", "spin", { source: source("spin") }));
  ({ hostname: calm } = await deployWorker(host.url, "stall", "calm", { source: source("calm") }, OTHER_TENANT));
  await host.host.runtime!.reconcile();
  for (const hostname of [spin, calm])
    await eventually(
      () => viaGateway(host.gatewayPort, hostname),
      (r) => r.status === 200,
      `${hostname} serves`,
    );
  await oneWorkerd();
}, 60_000);
afterAll(async () => host.close());

it("replaces a workerd stopped by a worker that never yields; every other worker answers again", async () => {
  const before = host.host.runtime!.lastStall(); // a loaded machine may have slowed an earlier probe past the limit
  const [stalled] = workerdChildrenOf(process.pid);
  expect(stalled).toBeDefined();
  const spun = viaGateway(host.gatewayPort, spin, "/spin").catch(() => CLOSED);
  await sleep(300);
  // The stall is real: the other tenant's worker does not answer while the loop runs.
  const during = await Promise.race([
    viaGateway(host.gatewayPort, calm).then(
      () => "answered",
      () => "closed",
    ),
    sleep(700).then(() => "silent"),
  ]);
  expect(during).toBe("silent");
  expect((await answeringAgain(calm)).body).toBe("calm ok");
  const stall = host.host.runtime!.lastStall();
  expect(stall).not.toBe(before);
  expect(stall!.silentMs).toBeGreaterThanOrEqual(LIMIT_MS);
  expect((await spun).status).not.toBe(200);
  expect(alive(stalled!), "the stalled workerd is ended").toBe(false);
  expect((await viaGateway(host.gatewayPort, spin)).body).toBe("spin ok");
}, 40_000);

it("replaces a workerd that has exited (killed, as by the OOM killer)", async () => {
  await oneWorkerd();
  const [serving] = workerdChildrenOf(process.pid);
  process.kill(serving!, "SIGKILL");
  expect((await answeringAgain(calm)).body).toBe("calm ok");
  expect(host.host.runtime!.lastStall()!.gone).toBe(true);
  expect(workerdChildrenOf(process.pid)).not.toContain(serving);
}, 40_000);
