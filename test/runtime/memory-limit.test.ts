// workerd sets no memory limit on an isolate: a worker that keeps large arrays in a module-level
// list holds as much as it allocates. The watchdog reads each tenant's workerd's resident memory
// (host/runtime/workerd-memory.ts, ADR 0305) and replaces one over its limit, as it replaces one
// that stalls: the hoarding tenant's workers answer again from a fresh workerd, with the memory
// given back, and the other tenant's workerd is never touched.

import { afterAll, beforeAll, expect, it } from "vitest";
import { deployTwoTenants, eventually, FIRST_TENANT, listenerPid, SECOND_TENANT, startRuntimeHost, viaGateway, type RuntimeHost } from "./support.js";

const MIB = 1024 ** 2;
/** 160 MiB for workerd and the host's workers, and 96 MiB for the one version: 256 MiB. */
const POLICY = { baseBytes: 160 * MIB, perVersionBytes: 96 * MIB };
let host: RuntimeHost;
let hoard: string;
let calm: string;

const source = (name: string) => `const kept = [];
export default { fetch(request) {
  const mb = Number(new URL(request.url).searchParams.get("mb") ?? 0);
  for (let i = 0; i < mb / 50; i++) kept.push(new Uint8Array(50 * 1024 * 1024).fill(1));
  return new Response("${name} holds " + kept.length * 50 + " MB");
} };`;

const workerdOf = (tenant: string) => {
  const cell = host.host.runtime!.serving()?.cells.get(tenant);
  return cell === undefined ? undefined : listenerPid(Number(cell.url.port));
};

beforeAll(async () => {
  host = await startRuntimeHost(undefined, { stallCheckMs: 200, memoryPolicy: POLICY });
  ({ first: hoard, second: calm } = await deployTwoTenants(host, "memory", ["hoard", source("hoard")], ["calm", source("calm")]));
}, 60_000);
afterAll(async () => host.close());

it("leaves a workerd within its limit alone", async () => {
  expect((await viaGateway(host.gatewayPort, hoard, "/?mb=50")).body).toBe("hoard holds 50 MB");
  await new Promise((resolve) => setTimeout(resolve, 1000)); // five watchdog rounds
  expect(host.host.runtime!.lastStall()).toBeUndefined();
  expect((await viaGateway(host.gatewayPort, hoard, "/")).body).toBe("hoard holds 50 MB");
});

it("replaces the workerd of a tenant whose workers hold more than its limit, and only that one", async () => {
  const calmWorkerd = workerdOf(SECOND_TENANT);
  const hoardWorkerd = workerdOf(FIRST_TENANT);
  expect((await viaGateway(host.gatewayPort, hoard, "/?mb=300")).body).toBe("hoard holds 350 MB");
  const stall = await eventually(
    async () => host.host.runtime!.lastStall(),
    (s) => s?.tenant === FIRST_TENANT,
    "the watchdog replaces the hoarding tenant's workerd",
  );
  expect(stall).toMatchObject({ gone: false, silentMs: 0, memory: { limitBytes: 256 * MIB } });
  expect(stall!.memory!.residentBytes).toBeGreaterThan(256 * MIB);
  // A fresh workerd, with nothing kept.
  await eventually(
    () => viaGateway(host.gatewayPort, hoard, "/"),
    (r) => r.body === "hoard holds 0 MB",
    "the hoarding tenant answers from a fresh workerd",
  );
  expect(workerdOf(FIRST_TENANT)).not.toBe(hoardWorkerd);
  expect(workerdOf(SECOND_TENANT)).toBe(calmWorkerd);
  expect((await viaGateway(host.gatewayPort, calm, "/")).body).toBe("calm holds 0 MB");
});
