// A/B of the host read path: two builds (another checkout's dist/ and this one's) serving copies of
// one seeded data dir, both alive at once, reads as alternating pairs (which build goes first
// alternates), each pair's ratio new/old of throughput, p99 and host CPU per read, with the load.
//
// usage: npx tsx bench/tools/ab-read.ts --old DIR [--stored 2000] [--pairs 7] [--seconds 3] [--concurrency 32]

import { cpSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { benchFormRef } from "../host/form.js";
import { runLoad } from "../host/load.js";
import { seed, seedName, SEED_SPACE } from "../host/seed.js";
import { startHost, type HostProcess } from "../lib/host-process.js";
import { pairedFigure, pairOrder, PairSamples } from "../lib/pairs.js";
import { BENCH_TOKEN, launcher, scratchDir, writeCredentials } from "../lib/paths.js";
import { cpuTimeOf } from "../lib/proc.js";
import { formatTable } from "../lib/table.js";

const { values } = parseArgs({
  options: {
    old: { type: "string" },
    stored: { type: "string", default: "2000" },
    pairs: { type: "string", default: "7" },
    seconds: { type: "string", default: "3" },
    concurrency: { type: "string", default: "32" },
  },
});
if (values.old === undefined) throw new Error("--old DIR is required");
const stored = Number(values.stored);
const ref = benchFormRef();
const base = scratchDir("ab-read");
const credentials = writeCredentials(base);
const names = Array.from({ length: stored }, (_, i) => seedName(i));
const hosts: HostProcess[] = [];
try {
  const seeded = path.join(base, "seeded");
  mkdirSync(seeded);
  const seeder = await startHost({ dataDir: seeded, credentials });
  await seed(seeder.url, ref, 0, stored);
  await seeder.stop();
  const start = async (name: string, bin: string) => {
    const dataDir = path.join(base, name);
    cpSync(seeded, dataDir, { recursive: true });
    const host = await startHost({ dataDir, credentials, launcher: bin });
    hosts.push(host);
    return host;
  };
  const old = await start("old", path.join(path.resolve(values.old), "bin/takoform.mjs"));
  const now = await start("new", launcher);
  const job = { token: BENCH_TOKEN, space: SEED_SPACE, ref, op: "read" as const, concurrency: Number(values.concurrency), names };
  for (const h of [old, now]) await runLoad({ ...job, origin: h.url, durationMs: 2000 }); // warm-up
  const rate = new PairSamples();
  const p99 = new PairSamples();
  const cpu = new PairSamples();
  for (let i = 0; i < Number(values.pairs); i++) {
    const got = new Map<HostProcess, { rate: number; p99: number; cpu: number }>();
    for (const h of pairOrder(i, old, now)) {
      const c0 = cpuTimeOf(h.pid)!;
      const r = await runLoad({ ...job, origin: h.url, durationMs: Number(values.seconds) * 1000 });
      if (r.errors > 0) throw new Error(`errors: ${r.firstError}`);
      got.set(h, { rate: r.opsPerSecond, p99: r.latency.p99, cpu: (cpuTimeOf(h.pid)! - c0) / r.ops });
    }
    const [o, n] = [got.get(old)!, got.get(now)!];
    rate.add(n.rate, o.rate);
    p99.add(n.p99, o.p99);
    cpu.add(n.cpu, o.cpu);
    console.error(
      `pair ${i + 1}: old ${o.rate.toFixed(0)}/s p99 ${o.p99.toFixed(1)} cpu ${o.cpu.toFixed(3)}; new ${n.rate.toFixed(0)}/s p99 ${n.p99.toFixed(1)} cpu ${n.cpu.toFixed(3)}; load ${rate.loads.at(-1)!.toFixed(1)}`,
    );
  }
  const at = `reads @ ${stored}, ${values.concurrency} in flight`;
  console.log(
    formatTable([
      {
        title: `new (this checkout) / old (${values.old})`,
        figures: [
          pairedFigure("rate", `throughput new/old, ${at}`, rate.ratios(), "x", rate.loads),
          pairedFigure("p99", `p99 new/old, ${at}`, p99.ratios(), "x", p99.loads),
          pairedFigure("cpu", `host CPU per read new/old, ${at}`, cpu.ratios(), "x", cpu.loads),
        ],
      },
    ]),
  );
} finally {
  for (const h of hosts) await h.stop();
  rmSync(base, { recursive: true, force: true });
}
