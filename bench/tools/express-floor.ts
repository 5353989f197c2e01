// What Express costs per request by itself, against node:http, on this machine: the three servers
// of express-floor-server.ts (same body, same headers, no other work) driven by the benchmark's
// load process (GET, 8 in flight, one keep-alive connection each), in alternating rounds, CPU
// time of the server process per request read from /proc. It answers whether a host read can be
// within 2x of the floor's CPU (issue 19) while every request goes through Express.
// usage: npx tsx bench/tools/express-floor.ts [--rounds 5] [--seconds 3] [--concurrency 8]

import path from "node:path";
import { parseArgs } from "node:util";
import { spawnListening, type HostProcess } from "../lib/host-process.js";
import { BENCH_TOKEN, repoRoot } from "../lib/paths.js";
import { cpuTimeOf, loadAverage } from "../lib/proc.js";
import { median } from "../lib/stats.js";
import { benchFormRef } from "../host/form.js";
import { runLoad } from "../host/load.js";

const { values } = parseArgs({
  options: { rounds: { type: "string", default: "5" }, seconds: { type: "string", default: "3" }, concurrency: { type: "string", default: "8" } },
});
const MODES = ["node", "express", "shaped"] as const;
type Mode = (typeof MODES)[number];

async function main(): Promise<void> {
  const file = path.join(repoRoot, "bench/tools/express-floor-server.ts");
  const servers = {} as Record<Mode, HostProcess>;
  for (const mode of MODES) servers[mode] = await spawnListening(["--import", "tsx", file, mode]);
  const cpu: Record<Mode, number[]> = { node: [], express: [], shaped: [] };
  const rate: Record<Mode, number[]> = { node: [], express: [], shaped: [] };
  try {
    for (let round = 0; round < Number(values.rounds); round++) {
      const order = MODES.map((_, i) => MODES[(i + round) % MODES.length]!);
      for (const mode of order) {
        const server = servers[mode];
        const before = cpuTimeOf(server.pid)!;
        const result = await runLoad({
          origin: server.url,
          token: BENCH_TOKEN,
          space: "bench",
          ref: benchFormRef(),
          op: "read",
          concurrency: Number(values.concurrency),
          names: ["kv-000123"],
          durationMs: Number(values.seconds) * 1000,
        });
        if (result.errors > 0) throw new Error(`${mode}: ${result.errors} failed: ${result.firstError}`);
        const perRequestUs = ((cpuTimeOf(server.pid)! - before) / result.ops) * 1000;
        cpu[mode].push(perRequestUs);
        rate[mode].push(result.opsPerSecond);
        console.log(
          `round ${round + 1} ${mode.padEnd(7)} ${result.opsPerSecond.toFixed(0).padStart(6)}/s  ${perRequestUs.toFixed(1)} µs CPU per request  (load ${loadAverage()[0].toFixed(1)})`,
        );
      }
    }
  } finally {
    for (const server of Object.values(servers)) await server.stop();
  }
  const base = median(cpu.node);
  for (const mode of MODES) {
    console.log(
      `${mode.padEnd(7)} median ${median(rate[mode]).toFixed(0)}/s, ${median(cpu[mode]).toFixed(1)} µs CPU per request, ${(median(cpu[mode]) / base).toFixed(2)}x node:http's`,
    );
  }
}

void main();
