// Benchmark "replicas": creates/s and reads/s with p99 at the largest --sizes stored (10,000 by
// default) on the sqlite host; one postgres replica alone on its database ("postgres-1", which
// holds the sole-replica claim, ADR 0307); and two replicas of another database, loaded one of
// them ("postgres-1-of-2", the other registered and idle) and both ("postgres-2"); all in one run
// so the ratios compare like with like. The PostgreSQL server is a throwaway one
// (scripts/throwaway-postgres.ts; fsync off, as in the tests: this measures the host, not a disk).
// Two replicas are driven by two load processes at once, half the concurrency each (a round-robin
// balancer's split); their rates add up and the p99 is the worse of the two. On this two-core
// machine no scaling is measurable: the second replica shares the same cores.

import { mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { startThrowawayPostgres } from "../../scripts/throwaway-postgres.js";
import type { Benchmark, BenchContext } from "../lib/benchmark.js";
import { figure, type Figure } from "../lib/figure.js";
import { pairedFigure } from "../lib/pairs.js";
import { startHost, type HostProcess } from "../lib/host-process.js";
import { BENCH_TOKEN, scratchDir, writeCredentials } from "../lib/paths.js";
import { loadAverage } from "../lib/proc.js";
import { median, ratio } from "../lib/stats.js";
import { benchFormRef } from "./form.js";
import type { LoadOp, LoadResult } from "./load-job.js";
import { runLoad } from "./load.js";
import { seed, SEED_SPACE } from "./seed.js";

type Setup = "sqlite" | "postgres-1" | "postgres-1-of-2" | "postgres-2";

interface Measure {
  rate: number;
  p99: number;
}

/** One load over every origin at once, concurrency split between them. */
async function loadAll(origins: string[], op: LoadOp, names: string[], concurrency: number, durationMs?: number, warmup = 0): Promise<Measure> {
  const share = Math.max(1, Math.floor(concurrency / origins.length));
  const slices = origins.map((_, i) => names.filter((__, k) => k % origins.length === i));
  const results: LoadResult[] = await Promise.all(
    origins.map((origin, i) =>
      runLoad({
        origin,
        token: BENCH_TOKEN,
        space: SEED_SPACE,
        ref: benchFormRef(),
        op,
        concurrency: share,
        names: op === "create" ? slices[i]! : names,
        ...(warmup > 0 ? { warmup: Math.floor(warmup / origins.length) } : {}),
        ...(durationMs === undefined ? {} : { durationMs }),
      }),
    ),
  );
  const errors = results.reduce((sum, r) => sum + r.errors, 0);
  if (errors > 0) throw new Error(`${op}: ${errors} failed; first: ${results.find((r) => r.firstError)?.firstError}`);
  return { rate: results.reduce((sum, r) => sum + r.opsPerSecond, 0), p99: Math.max(...results.map((r) => r.latency.p99)) };
}

/** The sole-replica claim's holder recorded in a database (null when none holds it). */
async function claimHolder(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, application_name: "takoform-bench" });
  await client.connect();
  try {
    return (await client.query<{ holder: string | null }>("SELECT holder FROM takoform_sole_claim")).rows[0]?.holder ?? null;
  } finally {
    await client.end();
  }
}

async function createDatabase(base: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

const setups = ["sqlite", "postgres-1", "postgres-1-of-2", "postgres-2"] as const;

async function run(context: BenchContext): Promise<Figure[]> {
  const { options } = context;
  const size = Math.max(...options.sizes);
  const durationMs = options.seconds * 1000;
  const database = await startThrowawayPostgres();
  const hosts: HostProcess[] = [];
  const loads: number[] = [];
  const origins: Record<Setup, string[]> = { sqlite: [], "postgres-1": [], "postgres-1-of-2": [], "postgres-2": [] };
  const results: Record<Setup, { create: Measure[]; read: Measure[] }> = {
    sqlite: { create: [], read: [] },
    "postgres-1": { create: [], read: [] },
    "postgres-1-of-2": { create: [], read: [] },
    "postgres-2": { create: [], read: [] },
  };
  try {
    const alone = await createDatabase(database.url, "bench_alone");
    const shared = await createDatabase(database.url, "bench_shared");
    const start = async (tag: string, hostArgs: string[]) => {
      const dir = context.scratch(scratchDir(`replicas-${tag}`));
      const dataDir = path.join(dir, "data");
      mkdirSync(dataDir);
      const host = await startHost({ dataDir, credentials: writeCredentials(dir), hostArgs });
      hosts.push(host);
      return host.url;
    };
    origins.sqlite.push(await start("sqlite", []));
    origins["postgres-1"].push(await start("pg-a", ["--store", "postgres", "--database-url", alone]));
    origins["postgres-1-of-2"].push(await start("pg-b", ["--store", "postgres", "--database-url", shared]));
    for (const setup of ["sqlite", "postgres-1", "postgres-1-of-2"] as const) {
      const seeded = await seed(origins[setup][0]!, benchFormRef(), 0, size);
      context.log(`replicas: ${setup} seeded to ${size} in ${(seeded.elapsedMs / 1000).toFixed(1)} s (${seeded.perSecond.toFixed(0)}/s)`);
    }
    origins["postgres-2"].push(origins["postgres-1-of-2"][0]!, await start("pg-c", ["--store", "postgres", "--database-url", shared]));
    const claims = async (when: string) =>
      context.log(
        `replicas: sole-replica claim ${when}: postgres-1 ${(await claimHolder(alone)) === null ? "not held" : "held"}, postgres-1-of-2 ${(await claimHolder(shared)) === null ? "not held" : "held"}`,
      );
    await claims("before the runs");
    const names = Array.from({ length: size }, (_, i) => `s-${String(i).padStart(6, "0")}`);
    for (let r = 0; r < options.runs; r++) {
      // In rotation, so a drift in machine load hits every setup alike.
      for (const setup of setups.map((_, i) => setups[(i + r) % setups.length]!)) {
        loads.push(loadAverage()[0]);
        const read = await loadAll(origins[setup], "read", names, options.concurrency, durationMs);
        const fresh = Array.from({ length: options.createWarmup + options.creates }, (_, i) => `r-${setup}-${r}-${i}`);
        const create = await loadAll(origins[setup], "create", fresh, options.concurrency, undefined, options.createWarmup);
        results[setup].read.push(read);
        results[setup].create.push(create);
        context.log(
          `replicas run ${r + 1} ${setup} (load ${loads.at(-1)!.toFixed(1)}): read ${read.rate.toFixed(0)}/s p99 ${read.p99.toFixed(1)} ms, create ${create.rate.toFixed(0)}/s p99 ${create.p99.toFixed(1)} ms`,
        );
      }
    }
    await claims("after the runs");
  } finally {
    for (const host of hosts) await host.stop();
    database.stop();
  }
  const runs = options.runs;
  const figures: Figure[] = [];
  const at = (setup: Setup, op: "create" | "read", field: keyof Measure) => median(results[setup][op].map((m) => m[field]));
  for (const setup of setups) {
    for (const op of ["create", "read"] as const) {
      figures.push(
        figure(`replicas.${setup}.${op}.rate`, `${op} @ ${size} stored, ${setup}`, at(setup, op, "rate"), "ops/s", { runs }),
        figure(`replicas.${setup}.${op}.p99`, `${op} p99 @ ${size} stored, ${setup}`, at(setup, op, "p99"), "ms", {
          runs,
          ...(setup === "postgres-1" ? { target: { op: "<=", bound: 50 } } : {}),
        }),
      );
    }
  }
  // Each ratio is taken within one round of the rotation (the setups one right after the other)
  // and the figure is the median of the rounds, with the smallest and largest round and the load.
  const perRound = (a: Setup, b: Setup, op: "create" | "read") => results[a][op].map((m, r) => ratio(m.rate, results[b][op][r]!.rate));
  const roundLoads = Array.from({ length: runs }, (_, r) => median(loads.slice(r * setups.length, (r + 1) * setups.length)));
  figures.push(
    pairedFigure("replicas.postgres-1.create.ratio", "postgres (1 replica) creates/s vs sqlite", perRound("postgres-1", "sqlite", "create"), "x", roundLoads, {
      op: ">=",
      bound: 0.7,
    }),
    pairedFigure("replicas.postgres-1.read.ratio", "postgres (1 replica) reads/s vs sqlite", perRound("postgres-1", "sqlite", "read"), "x", roundLoads, {
      op: ">=",
      bound: 0.8,
    }),
    pairedFigure(
      "replicas.postgres-1-of-2.create.ratio",
      "postgres (1 of 2 replicas) creates/s vs sqlite",
      perRound("postgres-1-of-2", "sqlite", "create"),
      "x",
      roundLoads,
    ),
    pairedFigure(
      "replicas.postgres-1-of-2.read.ratio",
      "postgres (1 of 2 replicas) reads/s vs sqlite",
      perRound("postgres-1-of-2", "sqlite", "read"),
      "x",
      roundLoads,
    ),
    pairedFigure(
      "replicas.postgres-2.create.ratio",
      "postgres (2 replicas) creates/s vs 1 of 2",
      perRound("postgres-2", "postgres-1-of-2", "create"),
      "x",
      roundLoads,
    ),
    pairedFigure(
      "replicas.postgres-2.read.ratio",
      "postgres (2 replicas) reads/s vs 1 of 2",
      perRound("postgres-2", "postgres-1-of-2", "read"),
      "x",
      roundLoads,
    ),
  );
  return figures;
}

export const replicasBenchmark: Benchmark = { name: "replicas", title: "PostgreSQL store: one and two replicas beside sqlite", run };
