// A worker that never yields stops every worker of its workerd instance: workerd runs an
// instance's isolates on one thread, and its open-source build enforces no CPU limit. Each tenant
// has an instance of its own (a cell, ADR 0300), so another tenant's worker keeps answering while
// the loop runs, in a workerd that is never touched. The watchdog (host/runtime/watchdog.ts, ADR
// 0299) finds the spinning tenant's instance silent past the limit, kills it and starts its plan
// again: the spinning worker's other paths answer again. A workerd that exits (killed) is
// replaced the same way, and only that one. A tenant that keeps stalling its workerd has its
// workers held for a while (stall-policy.ts), and its workers' Ready condition says so.

import { afterAll, beforeAll, expect, it } from "vitest";
import { read } from "../unit/host/client.js";
import {
  alive,
  createVersion,
  deploy,
  deployTwoTenants,
  eventually,
  FIRST_TENANT,
  kind,
  listenerPid,
  SECOND_TENANT,
  startRuntimeHost,
  viaGateway,
  workerdChildrenOf,
  type GatewayReply,
  type RuntimeHost,
} from "./support.js";

const LIMIT_MS = 3000;
/** Three stalls within a minute hold the tenant's workers; the first hold lasts 4 s. */
const POLICY = { limit: 3, windowMs: 60_000, holdMs: 4000, maxHoldMs: 8000 };
let host: RuntimeHost;
let spin: string;
let calm: string;

const source = (name: string) =>
  `export default { fetch(request) { if (new URL(request.url).pathname === "/spin") { for (;;) {} } return new Response("${name} ok"); } };`;
const CLOSED: GatewayReply = { status: 0, body: "", headers: {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The workerd serving `tenant`'s cell: the process listening on its front worker's socket. */
const workerdOf = (tenant: string) => {
  const cell = host.host.runtime!.serving()?.cells.get(tenant);
  return cell === undefined ? undefined : listenerPid(Number(cell.url.port));
};
/** The instances that deploys or a replacement retired end after their grace: then each tenant's serving one runs. */
const twoWorkerd = () =>
  eventually(
    async () => workerdChildrenOf(process.pid),
    (pids) => pids.length === 2,
    "two workerd, one per tenant",
  );
const answeringAgain = (hostname: string) =>
  eventually(
    () => viaGateway(host.gatewayPort, hostname).catch(() => CLOSED),
    (r) => r.status === 200,
    `${hostname} answers again`,
    20_000,
  );

/** Makes the spinning worker loop once more; resolves with the stall the watchdog records. */
const spinOnce = async () => {
  const before = host.host.runtime!.lastStall();
  void viaGateway(host.gatewayPort, spin, "/spin").catch(() => CLOSED);
  return eventually(
    async () => host.host.runtime!.lastStall()!,
    (stall) => stall !== before && stall?.tenant === FIRST_TENANT,
    "a stall of the spinning tenant",
    20_000,
  );
};

beforeAll(async () => {
  host = await startRuntimeHost(undefined, { stallLimitMs: LIMIT_MS, stallCheckMs: 250, stallPolicy: POLICY });
  ({ first: spin, second: calm } = await deployTwoTenants(host, "stall", ["spin", source("spin")], ["calm", source("calm")]));
  await twoWorkerd();
}, 60_000);
afterAll(async () => host.close());

it("replaces the workerd of the tenant whose worker never yields; another tenant's answers throughout", async () => {
  const before = host.host.runtime!.lastStall(); // a loaded machine may have slowed an earlier probe past the limit
  const stalled = workerdOf(FIRST_TENANT);
  const untouched = workerdOf(SECOND_TENANT);
  expect(stalled).toBeDefined();
  expect(untouched).toBeDefined();
  expect(stalled).not.toBe(untouched);
  const spun = viaGateway(host.gatewayPort, spin, "/spin").catch(() => CLOSED);
  await sleep(300);
  // The spinning tenant's instance is stopped; the other tenant's worker answers while the loop runs.
  const silent = await Promise.race([
    viaGateway(host.gatewayPort, spin).then(
      () => "answered",
      () => "closed",
    ),
    sleep(700).then(() => "silent"),
  ]);
  expect(silent).toBe("silent");
  for (let i = 0; i < 3; i++) {
    const during = await Promise.race([viaGateway(host.gatewayPort, calm), sleep(1000).then(() => CLOSED)]);
    expect(during.body).toBe("calm ok");
  }
  expect((await answeringAgain(spin)).body).toBe("spin ok");
  const stall = host.host.runtime!.lastStall();
  expect(stall).not.toBe(before);
  expect(stall!.tenant).toBe(FIRST_TENANT);
  expect(stall!.silentMs).toBeGreaterThanOrEqual(LIMIT_MS);
  expect((await spun).status).not.toBe(200);
  expect(alive(stalled!), "the stalled workerd is ended").toBe(false);
  expect(workerdOf(SECOND_TENANT), "the other tenant's workerd is the same process").toBe(untouched);
  expect((await viaGateway(host.gatewayPort, calm)).body).toBe("calm ok");
}, 40_000);

it("replaces a workerd that has exited (killed, as by the OOM killer), and only that one", async () => {
  await twoWorkerd();
  const killed = workerdOf(SECOND_TENANT)!;
  const untouched = workerdOf(FIRST_TENANT);
  process.kill(killed, "SIGKILL");
  expect((await answeringAgain(calm)).body).toBe("calm ok");
  expect(host.host.runtime!.lastStall()).toMatchObject({ tenant: SECOND_TENANT, gone: true });
  expect(workerdChildrenOf(process.pid)).not.toContain(killed);
  expect(workerdOf(FIRST_TENANT)).toBe(untouched);
}, 40_000);

it("holds the workers of a tenant that keeps stalling its workerd, says why on them, and starts them after the hold", async () => {
  await twoWorkerd();

  // The first test's stall was one; two more within the window make three.
  await spinOnce();
  expect(host.host.runtime!.lastStall()!.heldUntil).toBeUndefined();
  await answeringAgain(spin);
  await spinOnce();
  const held = await eventually(
    async () => host.host.runtime!.lastStall(),
    (stall) => stall?.heldUntil !== undefined,
    "the hold",
  );
  const reply = await viaGateway(host.gatewayPort, spin);
  expect(reply.status).toBe(503);
  expect(reply.body).toContain(`held until ${new Date(held!.heldUntil!).toISOString()}`);
  expect(Number(reply.headers["retry-after"])).toBeGreaterThan(0);
  expect((await viaGateway(host.gatewayPort, calm)).body).toBe("calm ok");
  const worker = await eventually(
    () => read(host.url, kind("ModuleWorker"), "spin", "stall"),
    (r) => (r.json.status?.conditions ?? []).some((c: { type: string; status: string }) => c.type === "Ready" && c.status === "False"),
    "the worker's Ready=False",
  );
  const ready = worker.json.status.conditions.find((c: { type: string }) => c.type === "Ready");
  expect(ready.message).toContain("had to be replaced 3 times within 60 s");
  expect(ready.message).toContain(new Date(held!.heldUntil!).toISOString());
  // After the hold the workers start again, and the condition clears.
  expect((await answeringAgain(spin)).body).toBe("spin ok");
  expect(Date.now()).toBeGreaterThanOrEqual(held!.heldUntil! - 50);
  await eventually(
    () => read(host.url, kind("ModuleWorker"), "spin", "stall"),
    (r) => (r.json.status?.conditions ?? []).every((c: { type: string; message?: string }) => !String(c.message ?? "").includes("held until")),
    "the condition cleared",
  );
}, 60_000);

it("lifts a hold when the tenant deploys a change", async () => {
  await twoWorkerd();

  let stall = await spinOnce();
  while (stall.heldUntil === undefined) {
    await answeringAgain(spin);
    stall = await spinOnce();
  }
  // the second hold in a row: twice the first
  expect(stall.heldUntil - stall.at).toBeGreaterThanOrEqual(2 * POLICY.holdMs - 50);
  expect((await viaGateway(host.gatewayPort, spin)).status).toBe(503);
  const next = await createVersion(host.url, "stall", "spin", { source: source("fixed") });
  await deploy(host.url, "stall", "spin", [[next, 10000]]);
  await host.host.runtime!.reconcile();
  expect((await viaGateway(host.gatewayPort, spin)).body).toBe("fixed ok");
  expect(Date.now()).toBeLessThan(stall.heldUntil);
}, 60_000);
