// A/B comparison of two builds of the host in one run, alternating which goes first in each
// round, so machine load hits both alike: creates (prepare + PUT) and reads under load from the
// separate load process, host CPU per operation, cold start to the first discovery 200 (empty and
// seeded data dir), and the data dir's size after a clean stop.
//
// usage: npx tsx bench/tools/ab-host.ts --old DIR [--stored 3000] [--rounds 3] [--creates 600] [--warm-creates N]
//                                      [--store sqlite|postgres]
//        DIR is another checkout of this repository with its dist/ built (e.g. a git worktree
//        of an earlier commit, node_modules linked); "new" is this checkout. --warm-creates: creates
//        made (not measured) after the read warm-up, so the measured creates are a warm host's.

import http from "node:http";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { DISCOVERY } from "../host/api.js";
import { benchFormRef } from "../host/form.js";
import { runLoad } from "../host/load.js";
import { seed, seedName, SEED_SPACE } from "../host/seed.js";
import { startHost } from "../lib/host-process.js";
import { BENCH_TOKEN, launcher, scratchDir, writeCredentials } from "../lib/paths.js";
import { cpuTimeOf, loadAverage, treeSize } from "../lib/proc.js";
import { median } from "../lib/stats.js";
import pg from "pg";
import { startThrowawayPostgres } from "../../scripts/throwaway-postgres.js";

const { values } = parseArgs({
  options: {
    old: { type: "string" },
    stored: { type: "string", default: "3000" },
    rounds: { type: "string", default: "3" },
    creates: { type: "string", default: "600" },
    "warm-creates": { type: "string", default: "0" },
    store: { type: "string", default: "sqlite" },
  },
});
if (values.old === undefined) throw new Error("--old DIR is required");
const variants = [
  { name: "old", launcher: path.join(path.resolve(values.old), "bin/takoform.mjs") },
  { name: "new", launcher },
];
const stored = Number(values.stored);
const rounds = Number(values.rounds);
const creates = Number(values.creates);
const warmCreates = Number(values["warm-creates"]);
if (values.store !== "sqlite" && values.store !== "postgres") throw new Error("--store is sqlite or postgres");
// --store postgres: a throwaway PostgreSQL, one database per variant; cold starts are not measured.
const database = values.store === "postgres" ? await startThrowawayPostgres() : undefined;
const hostArgs: Record<string, string[]> = { old: [], new: [] };
for (const name of Object.keys(hostArgs)) {
  if (database === undefined) continue;
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query(`CREATE DATABASE ab_${name}`);
  await client.end();
  const url = new URL(database.url);
  url.pathname = `/ab_${name}`;
  hostArgs[name] = ["--store", "postgres", "--database-url", url.toString()];
}
const ref = benchFormRef();
const base = scratchDir("ab");
const credentials = writeCredentials(base);
const samples: Record<string, Record<string, number[]>> = { old: {}, new: {} };
const record = (variant: string, name: string, value: number) => (samples[variant]![name] ??= []).push(value);

function discovered(origin: string): Promise<boolean> {
  return new Promise((resolve) => {
    http
      .get(`${origin}${DISCOVERY}`, { headers: { authorization: `Bearer ${BENCH_TOKEN}` }, agent: false }, (res) => {
        res.resume();
        res.once("end", () => resolve(res.statusCode === 200));
      })
      .once("error", () => resolve(false));
  });
}

async function coldStart(variant: (typeof variants)[number], dataDir: string): Promise<number> {
  const host = await startHost({ dataDir, credentials, launcher: variant.launcher });
  try {
    while (!(await discovered(host.url))) await new Promise((resolve) => setTimeout(resolve, 2));
    return performance.now() - host.spawnedAt;
  } finally {
    await host.stop();
  }
}

try {
  const dataDirs: Record<string, string> = {};
  for (const variant of variants) {
    const dir = path.join(base, `data-${variant.name}`);
    mkdirSync(dir);
    const host = await startHost({ dataDir: dir, credentials, launcher: variant.launcher, hostArgs: hostArgs[variant.name]! });
    const seeded = await seed(host.url, ref, 0, stored);
    await host.stop();
    dataDirs[variant.name] = dir;
    console.log(
      `${variant.name}: seeded ${stored} in ${(seeded.elapsedMs / 1000).toFixed(1)} s; data dir ${(treeSize(dir) / 2 ** 20).toFixed(1)} MiB after stop`,
    );
  }
  let next = stored;
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? variants : [...variants].reverse();
    for (const variant of order) {
      const empty = path.join(base, `empty-${variant.name}-${round}`);
      mkdirSync(empty);
      if (database === undefined) {
        record(variant.name, "start.empty", await coldStart(variant, empty));
        record(variant.name, "start.stored", await coldStart(variant, dataDirs[variant.name]!));
      }
      const host = await startHost({ dataDir: dataDirs[variant.name]!, credentials, launcher: variant.launcher, hostArgs: hostArgs[variant.name]! });
      try {
        const job = { origin: host.url, token: BENCH_TOKEN, space: SEED_SPACE, ref, concurrency: 8 };
        await runLoad({ ...job, op: "read", durationMs: 1500, names: Array.from({ length: stored }, (_, i) => seedName(i)) }); // warm-up
        // The first warmCreates names are created untimed in the same load process (the job's
        // warm-up): steady state, not the host's first mutations.
        const names = Array.from({ length: warmCreates + creates }, (_, i) => seedName(next + i));
        next += warmCreates + creates;
        let cpu0 = Number.NaN;
        const created = await runLoad({ ...job, op: "create", names, warmup: warmCreates }, { onTimed: () => (cpu0 = cpuTimeOf(host.pid)!) });
        const cpu1 = cpuTimeOf(host.pid)!;
        const read = await runLoad({ ...job, op: "read", durationMs: 3000, names: Array.from({ length: stored }, (_, i) => seedName(i)) });
        const cpu2 = cpuTimeOf(host.pid)!;
        if (created.errors > 0 || read.errors > 0) throw new Error(`${variant.name}: errors: ${created.firstError ?? read.firstError}`);
        record(variant.name, "create.ops", created.opsPerSecond);
        record(variant.name, "create.p50", created.latency.p50);
        record(variant.name, "create.p99", created.latency.p99);
        record(variant.name, "create.cpu", (cpu1 - cpu0) / created.ops);
        record(variant.name, "read.ops", read.opsPerSecond);
        record(variant.name, "read.p99", read.latency.p99);
        record(variant.name, "read.cpu", (cpu2 - cpu1) / read.ops);
      } finally {
        await host.stop();
      }
      console.log(
        `round ${round + 1} ${variant.name}: ${Object.entries(samples[variant.name]!)
          .map(([k, v]) => `${k} ${v.at(-1)!.toFixed(k.includes("cpu") ? 2 : 0)}`)
          .join(", ")}; load ${loadAverage()[0]}`,
      );
    }
  }
  for (const variant of variants)
    console.log(
      `${variant.name}: data dir ${(treeSize(dataDirs[variant.name]!) / 2 ** 20).toFixed(1)} MiB after stop (${stored + rounds * creates} resources)`,
    );
  console.log(`\nmedians over ${rounds} rounds (stored ${stored}, creates ${creates} per round, 8 in flight):`);
  for (const name of Object.keys(samples.new!)) {
    const o = median(samples.old![name]!);
    const n = median(samples.new![name]!);
    console.log(`  ${name.padEnd(14)} old ${o.toFixed(2).padStart(9)}  new ${n.toFixed(2).padStart(9)}  new/old ${(n / o).toFixed(2)}`);
  }
} finally {
  rmSync(base, { recursive: true, force: true });
  await database?.stop();
}
