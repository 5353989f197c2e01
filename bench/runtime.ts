// Benchmark "runtime": the data plane (host/runtime/, ADR 0190).
//   - apply-to-serving: from the 200 of a WorkerDeployment change to the first gateway answer
//     from the new version (target p50 < 500 ms);
//   - gateway overhead: requests/s and p99 through the gateway vs the same worker in workerd
//     addressed directly (Miniflare's own listener), same load loop, in alternating A/B pairs
//     (median of the per-pair ratios; target <= 1.3x);
//   - host RSS (host process + its workerd) with the runtime on and 50 workers deployed, and
//     apply-to-serving again on that host (recorded: a change starts a workerd with every worker).
// The first two run an in-process host with the load loop in a process of its own (the same loop
// for both addresses); RSS is a separate `takoform host` process.

import { execFile } from "node:child_process";
import http from "node:http";
import net from "node:net";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { startHost as startInProcess } from "../host/server.js";
import { builtinCatalog } from "../test/unit/host/harness.js";
import { createVersion, deploy, deployWorker } from "../test/runtime/support.js";
import type { Benchmark, BenchContext } from "./lib/benchmark.js";
import { figure, type Figure } from "./lib/figure.js";
import { startHost as startHostProcess } from "./lib/host-process.js";
import { descendantsOf, memoryOf, pssOf } from "./lib/proc.js";
import { pairedFigure, PairSamples, pairOrder } from "./lib/pairs.js";
import { median } from "./lib/stats.js";

const TOKEN = "runtime-bench-token-0123456789";
/** The bench tenant, and nine more for the host of several tenants (each tenant's workers run in a workerd of their own, ADR 0300). */
const TENANT_TOKENS = [TOKEN, ...Array.from({ length: 9 }, (_, i) => `runtime-bench-token-tenant-${i + 1}-0123456789`)];
const CREDENTIALS = TENANT_TOKENS.map((token, i) => ({ token, tenant: i === 0 ? "bench" : `bench-${i}`, principal: "bench" }));
const SOURCE = `export default { fetch(request, env) { return new Response("v=" + env.LABEL); } };`;

function get(port: number, hostname: string, agent: http.Agent | false): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: "/", headers: { host: hostname }, agent }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  for (const deadline = performance.now() + timeoutMs; ; await new Promise((r) => setTimeout(r, 5))) {
    if (await check().catch(() => false)) return;
    if (performance.now() > deadline) throw new Error("timed out");
  }
}

/** The load loop, run in a process of its own: keep-alive GETs at `concurrency` for `seconds`. */
const LOAD_SCRIPT = `
import { execFile } from "node:child_process";
import http from "node:http";
const [port, hostname, seconds, concurrency] = process.argv.slice(1);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(concurrency) });
const latencies = [];
const end = performance.now() + Number(seconds) * 1000;
const once = () => new Promise((resolve, reject) => {
  const req = http.request({ host: "127.0.0.1", port: Number(port), path: "/", headers: { host: hostname }, agent }, (res) => { res.resume(); res.on("end", resolve); });
  req.on("error", reject);
  req.end();
});
await Promise.all(Array.from({ length: Number(concurrency) }, async () => {
  while (performance.now() < end) { const t0 = performance.now(); await once(); latencies.push(performance.now() - t0); }
}));
agent.destroy();
latencies.sort((a, b) => a - b);
console.log(JSON.stringify({ rps: latencies.length / Number(seconds), p99: latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] }));
`;

function load(port: number, hostname: string, seconds: number, concurrency: number): Promise<{ rps: number; p99: number }> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ["--input-type=module", "-e", LOAD_SCRIPT, String(port), hostname, String(seconds), String(concurrency)], (error, stdout) =>
      error ? reject(error) : resolve(JSON.parse(stdout) as { rps: number; p99: number }),
    );
  });
}

async function inProcess(context: BenchContext): Promise<Figure[]> {
  const dataDir = context.scratch(mkdtempSync(path.join(os.tmpdir(), "takoform-bench-runtime-")));
  const host = await startInProcess({
    dataDir,
    engine: "sqlite",
    port: 0,
    catalog: builtinCatalog(),
    credentials: CREDENTIALS,
    asyncCommitDelayMs: 0,
    runtime: { gatewayPort: 0 },
  });
  try {
    const runtime = host.runtime!;
    const { hostname, version } = await deployWorker(host.url, "bench", "svc", { source: SOURCE, vars: { LABEL: "0" } }, TOKEN);
    await waitFor(async () => (await get(runtime.gateway.port, hostname, false)).status === 200);
    const samples: number[] = [];
    const runs = Math.max(3, context.options.runs);
    let previous = version;
    for (let i = 1; i <= runs; i++) {
      const next = await createVersion(host.url, "bench", "svc", { source: SOURCE, vars: { LABEL: String(i) } }, TOKEN);
      await runtime.reconcile(); // creating the version changes nothing that runs; settle first
      await deploy(host.url, "bench", "svc", [[next, 10000]], TOKEN);
      const t0 = performance.now();
      await waitFor(async () => (await get(runtime.gateway.port, hostname, false)).body === `v=${i}`);
      samples.push(performance.now() - t0);
      previous = next;
    }
    context.log(`runtime: apply-to-serving samples ${samples.map((s) => s.toFixed(0)).join(", ")} ms (last version ${previous})`);
    const seconds = Math.min(context.options.seconds, 5);
    const concurrency = Math.min(context.options.concurrency, 16);
    // the front worker's socket in the workerd of the tenant serving the hostname (ADR 0300)
    const cell = [...runtime.serving()!.cells.values()].find((serving) => serving.plan.hostnames.includes(hostname))!;
    const directPort = Number(cell.url.port);
    await load(directPort, hostname, 1, concurrency); // warm the isolate and the JIT first
    await load(runtime.gateway.port, hostname, 1, concurrency);
    // Alternating A/B pairs (bench/lib/pairs.ts): direct first in even pairs, the gateway first in
    // odd ones, so a change in the machine's load weighs on both sides alike; each ratio is taken
    // within its pair.
    const rps = new PairSamples();
    const p99 = new PairSamples();
    for (let pair = 0; pair < context.options.pairs; pair++) {
      const measured = new Map<string, { rps: number; p99: number }>();
      for (const side of pairOrder(pair, "direct", "gateway"))
        measured.set(side, await load(side === "direct" ? directPort : runtime.gateway.port, hostname, seconds, concurrency));
      const direct = measured.get("direct")!;
      const gateway = measured.get("gateway")!;
      rps.add(direct.rps, gateway.rps);
      p99.add(gateway.p99, direct.p99);
      context.log(
        `runtime: pair ${pair + 1}/${context.options.pairs}: direct ${direct.rps.toFixed(0)} req/s p99 ${direct.p99.toFixed(1)} ms; gateway ${gateway.rps.toFixed(0)} req/s p99 ${gateway.p99.toFixed(1)} ms`,
      );
    }
    return [
      figure("runtime.apply-to-serving.p50", "apply-to-serving p50 (deployment 200 -> new version answers)", median(samples), "ms", {
        runs,
        target: { op: "<=", bound: 500 },
      }),
      figure("runtime.direct.rps", `workerd direct, ${concurrency} in flight`, median(rps.a), "req/s", { runs: rps.a.length }),
      figure("runtime.gateway.rps", `through the gateway, ${concurrency} in flight`, median(rps.b), "req/s", { runs: rps.b.length }),
      pairedFigure("runtime.gateway.rps-ratio", "gateway overhead: direct req/s / gateway req/s", rps.ratios(), "x", rps.loads, { op: "<=", bound: 1.3 }),
      pairedFigure("runtime.gateway.p99-ratio", "gateway overhead: gateway p99 / direct p99", p99.ratios(), "x", p99.loads, { op: "<=", bound: 1.3 }),
    ];
  } finally {
    await host.close();
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

/**
 * RSS and apply-to-serving with `workers` workers deployed, spread round-robin over `tenants`
 * tenants: a change starts again the workerd of the changed worker's tenant (its cell, ADR 0300),
 * so with one tenant it costs time for all 50 workers, with ten for the five of that tenant.
 */
async function rssWithWorkers(context: BenchContext, workers: number, tenants: number): Promise<Figure[]> {
  const dir = context.scratch(mkdtempSync(path.join(os.tmpdir(), "takoform-bench-runtime-rss-")));
  const credentials = path.join(dir, "credentials.json");
  writeFileSync(credentials, JSON.stringify({ credentials: CREDENTIALS }));
  const gatewayPort = await freePort();
  const host = await startHostProcess({ dataDir: path.join(dir, "data"), credentials, hostArgs: ["--runtime", "on", "--gateway-port", String(gatewayPort)] });
  try {
    const hostnames: string[] = [];
    for (let i = 0; i < workers; i++)
      hostnames.push((await deployWorker(host.url, "bench", `w${i}`, { source: SOURCE, vars: { LABEL: String(i) } }, TENANT_TOKENS[i % tenants])).hostname);
    await waitFor(async () => (await Promise.all(hostnames.map((h) => get(gatewayPort, h, false)))).every((r) => r.status === 200), 180_000);
    const pids = [host.pid, ...descendantsOf(host.pid)];
    const rss = pids.reduce((sum, pid) => sum + (memoryOf(pid)?.rss ?? 0), 0);
    const pss = pids.reduce((sum, pid) => sum + (pssOf(pid) ?? 0), 0);
    const samples: number[] = [];
    for (let i = 1; i <= Math.max(3, context.options.runs); i++) {
      const next = await createVersion(host.url, "bench", "w0", { source: SOURCE, vars: { LABEL: `again-${i}` } }, TOKEN);
      await new Promise((resolve) => setTimeout(resolve, 1000)); // the version alone changes nothing that runs; let its reconcile end
      await deploy(host.url, "bench", "w0", [[next, 10000]], TOKEN);
      const t0 = performance.now();
      await waitFor(async () => (await get(gatewayPort, hostnames[0]!, false)).body === `v=again-${i}`);
      samples.push(performance.now() - t0);
    }
    const of = tenants === 1 ? `${workers} workers` : `${workers} workers of ${tenants} tenants`;
    const id = tenants === 1 ? `${workers}-workers` : `${workers}-workers-${tenants}-tenants`;
    context.log(`runtime: apply-to-serving with ${of}: samples ${samples.map((s) => s.toFixed(0)).join(", ")} ms`);
    return [
      figure(`runtime.rss.${id}`, `host RSS with the runtime on and ${of} (host + workerd)`, rss / (1 << 20), "MiB", {
        note: `${pids.length} processes`,
      }),
      figure(`runtime.pss.${id}`, `host PSS with the runtime on and ${of} (host + workerd; shared pages counted once)`, pss / (1 << 20), "MiB", {
        note: `${pids.length} processes`,
      }),
      figure(`runtime.apply-to-serving.${id}.p50`, `apply-to-serving p50 with ${of} deployed`, median(samples), "ms", {
        note: `median of ${samples.length}`,
      }),
    ];
  } finally {
    await host.stop();
  }
}

async function run(context: BenchContext): Promise<Figure[]> {
  return [...(await inProcess(context)), ...(await rssWithWorkers(context, 50, 1)), ...(await rssWithWorkers(context, 50, 10))];
}

export const runtimeBenchmark: Benchmark = {
  name: "runtime",
  title: "Data plane: apply-to-serving, gateway overhead, RSS with 50 workers of one tenant and of ten",
  run,
};
