// Benchmark 1: hosts holding 100, 1,000 and 10,000 stored resources (one host process each,
// measured in rotation), driven from a separate load process: throughput, p50/p99 latency and
// host CPU per operation of read, validate, create (prepare + apply), update (prepare + apply)
// and delete; each host's RSS and data dir size. See docs/decisions/0070.

import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Benchmark, BenchContext } from "../lib/benchmark.js";
import { figure, type Figure } from "../lib/figure.js";
import { startHost, type HostProcess } from "../lib/host-process.js";
import { BENCH_TOKEN, scratchDir, writeCredentials } from "../lib/paths.js";
import { pairedFigure } from "../lib/pairs.js";
import { cpuTimeOf, loadAverage, memoryOf, treeSize } from "../lib/proc.js";
import { median, ratio } from "../lib/stats.js";
import type { WireFormRef } from "./api.js";
import { benchFormRef } from "./form.js";
import type { LoadJob, LoadOp, LoadResult } from "./load-job.js";
import { runLoad } from "./load.js";
import { seed, SEED_CONCURRENCY, SEED_SPACE, type SeedResult } from "./seed.js";

const OPS: ReadonlyArray<{ op: LoadOp; label: string }> = [
  { op: "read", label: "read (GET)" },
  { op: "validate", label: "validate (POST)" },
  { op: "create", label: "create (prepare + PUT)" },
  { op: "update", label: "update (prepare + PUT)" },
  { op: "delete", label: "delete (DELETE)" },
];

const MIB = 1024 * 1024;
const TARGET_SIZE = 10_000;
const BASE_SIZE = 100;

/** A load run, plus the host CPU time (user + system, from /proc) it cost per operation. */
interface Measured extends LoadResult {
  hostCpuMsPerOp: number;
}

interface SizeMeasures {
  size: number;
  results: Map<LoadOp, Measured[]>;
}

function count(n: number): string {
  return n.toLocaleString("en-US");
}

/** Load jobs against one host: tracks every seeded name and its current generation. */
class Driver {
  readonly names: string[] = [];
  readonly generations: Record<string, string> = {};
  constructor(
    private readonly origin: string,
    private readonly hostPid: number,
    private readonly ref: WireFormRef,
    private readonly concurrency: number,
    /** Untimed creates before each timed create run (the first names of the run). */
    private readonly createWarmup = 0,
  ) {}

  async load(op: LoadOp, names: string[], durationMs?: number, generations?: Record<string, string>): Promise<Measured> {
    const job: LoadJob = { origin: this.origin, token: BENCH_TOKEN, space: SEED_SPACE, ref: this.ref, op, concurrency: this.concurrency, names };
    if (durationMs !== undefined) job.durationMs = durationMs;
    if (generations !== undefined) job.generations = generations;
    if (op === "create") job.warmup = this.createWarmup;
    // The host's CPU is counted from the load process's timed run on (not its start-up or warm-up).
    let cpu0 = Number.NaN;
    const result = await runLoad(job, { onTimed: () => (cpu0 = cpuTimeOf(this.hostPid) ?? Number.NaN) });
    const cpu1 = cpuTimeOf(this.hostPid) ?? Number.NaN;
    if (op === "update") Object.assign(this.generations, result.generations);
    return { ...result, hostCpuMsPerOp: (cpu1 - cpu0) / result.ops };
  }

  /** One measured round of every operation; creates/deletes touch fresh names only. */
  async round(tag: string, durationMs: number, creates: number): Promise<Map<LoadOp, Measured>> {
    const out = new Map<LoadOp, Measured>();
    out.set("read", await this.load("read", this.names, durationMs));
    out.set("validate", await this.load("validate", this.names, durationMs));
    out.set("update", await this.load("update", shuffled(this.names), durationMs, this.generations));
    const fresh = Array.from({ length: this.createWarmup + creates }, (_, i) => `c-${tag}-${i}`);
    const created = await this.load("create", fresh);
    out.set("create", created);
    out.set("delete", await this.load("delete", Object.keys(created.generations), undefined, created.generations));
    return out;
  }
}

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function errorNote(results: LoadResult[]): string | undefined {
  const errors = results.reduce((sum, r) => sum + r.errors, 0);
  if (errors === 0) return undefined;
  const first = results.find((r) => r.firstError !== undefined)?.firstError ?? "";
  return `${errors} failed operations; first: ${first}`;
}

function sizeFigures(m: SizeMeasures, runs: number): Figure[] {
  const figures: Figure[] = [];
  const atTarget = m.size === TARGET_SIZE;
  for (const { op, label } of OPS) {
    const results = m.results.get(op) ?? [];
    const note = errorNote(results);
    const rateTarget = atTarget && op === "read" ? 2000 : atTarget && op === "create" ? 500 : undefined;
    const p99Target = atTarget && (op === "read" || op === "create") ? 50 : undefined;
    figures.push(
      figure(`host.${m.size}.${op}.rate`, `${label} @ ${count(m.size)}`, median(results.map((r) => r.opsPerSecond)), "ops/s", {
        runs,
        ...(rateTarget === undefined ? {} : { target: { op: ">=", bound: rateTarget } }),
        ...(note === undefined ? {} : { note }),
      }),
      figure(`host.${m.size}.${op}.p50`, `${label} p50 @ ${count(m.size)}`, median(results.map((r) => r.latency.p50)), "ms", { runs }),
      figure(`host.${m.size}.${op}.p99`, `${label} p99 @ ${count(m.size)}`, median(results.map((r) => r.latency.p99)), "ms", {
        runs,
        ...(p99Target === undefined ? {} : { target: { op: "<=", bound: p99Target } }),
      }),
      figure(`host.${m.size}.${op}.cpu`, `${label} host CPU per op @ ${count(m.size)}`, median(results.map((r) => r.hostCpuMsPerOp)), "ms", { runs }),
    );
  }
  return figures;
}

/**
 * The growth ratios (issue 9: latency at 10,000 stored within 1.5x of 100): each round measures
 * every host once, in rotation, so round r's two runs form a pair and its ratio is taken within
 * it; the figure is the median of the per-round ratios with their range and the load of each round.
 */
function growthFigures(small: SizeMeasures, large: SizeMeasures, loads: readonly number[]): Figure[] {
  const figures: Figure[] = [];
  const targeted = small.size === BASE_SIZE && large.size === TARGET_SIZE;
  const versus = `${count(large.size)} vs ${count(small.size)} stored`;
  const perRound = (op: LoadOp, of: (r: Measured) => number): number[] => {
    const smallRuns = small.results.get(op) ?? [];
    return (large.results.get(op) ?? []).map((r, i) => ratio(of(r), smallRuns[i] === undefined ? Number.NaN : of(smallRuns[i])));
  };
  for (const op of ["read", "update", "create"] as const) {
    for (const q of ["p50", "p99"] as const) {
      const target = targeted ? ({ op: "<=", bound: 1.5 } as const) : undefined;
      figures.push(
        pairedFigure(
          `host.growth.${op}.${q}`,
          `${op} ${q} latency, ${versus}`,
          perRound(op, (r) => r.latency[q]),
          "x",
          loads,
          target,
        ),
      );
    }
    // CPU per operation is far less sensitive to other processes on the machine than latency.
    figures.push(
      pairedFigure(
        `host.growth.${op}.cpu`,
        `${op} host CPU per op, ${versus}`,
        perRound(op, (r) => r.hostCpuMsPerOp),
        "x",
        loads,
      ),
    );
  }
  return figures;
}

interface SizedHost {
  size: number;
  host: HostProcess;
  dataDir: string;
  credentials: string;
  driver: Driver;
  measures: SizeMeasures;
}

/** A fresh host of its own, seeded to `size` resources through the API. */
async function sizedHost(context: BenchContext, size: number, ref: WireFormRef, nodeArgs: string[]): Promise<{ sized: SizedHost; seeded: SeedResult }> {
  const dir = context.scratch(scratchDir(`host-${size}`));
  const dataDir = path.join(dir, "data");
  mkdirSync(dataDir);
  const credentials = writeCredentials(dir);
  const host = await startHost({ dataDir, credentials, nodeArgs });
  const driver = new Driver(host.url, host.pid, ref, context.options.concurrency, context.options.createWarmup);
  try {
    const seeded = await seed(host.url, ref, 0, size);
    driver.names.push(...seeded.names);
    context.log(`host pid ${host.pid} seeded to ${count(size)} in ${(seeded.elapsedMs / 1000).toFixed(1)} s (${dataDir})`);
    return { sized: { size, host, dataDir, credentials, driver, measures: { size, results: new Map() } }, seeded };
  } catch (error) {
    await host.stop();
    throw error;
  }
}

function formatRound(round: Map<LoadOp, Measured>): string {
  return [...round]
    .map(
      ([op, x]) =>
        `${op} ${x.opsPerSecond.toFixed(0)}/s p99 ${x.latency.p99.toFixed(1)} ms cpu ${x.hostCpuMsPerOp.toFixed(2)} ms${x.errors ? ` (${x.errors} errors)` : ""}`,
    )
    .join(", ");
}

async function run(context: BenchContext): Promise<Figure[]> {
  const { options } = context;
  const ref = benchFormRef();
  const nodeArgs: string[] = [];
  if (options.profileHostDir !== undefined) {
    mkdirSync(options.profileHostDir, { recursive: true });
    nodeArgs.push("--cpu-prof", "--cpu-prof-dir", options.profileHostDir);
  }
  const sizes = [...new Set(options.sizes)].sort((a, b) => a - b);
  const durationMs = options.seconds * 1000;
  const figures: Figure[] = [];
  // One host per size, all alive at once, so the sizes can be measured in rotation and a drift
  // in machine load hits every size alike (the growth ratios compare them).
  const hosts: SizedHost[] = [];
  /** The 1-minute load average at the end of each measured round. */
  const loads: number[] = [];
  try {
    for (const size of sizes) {
      const { sized, seeded } = await sizedHost(context, size, ref, nodeArgs);
      hosts.push(sized);
      figures.push(figure(`host.${size}.seed`, `seeding to ${count(size)} (prepare + PUT, ${SEED_CONCURRENCY} in flight)`, seeded.perSecond, "creates/s"));
    }
    // Warm-up, not recorded: as long as a measured round, so every host's JIT has settled.
    for (const h of hosts) await h.driver.round(`w${h.size}`, durationMs, Math.min(options.creates, 100));
    for (let r = 0; r < options.runs; r++) {
      const order = hosts.map((_, i) => hosts[(i + r) % hosts.length]!);
      for (const h of order) {
        const round = await h.driver.round(`${h.size}-${r}`, durationMs, options.creates);
        for (const [op, result] of round) h.measures.results.set(op, [...(h.measures.results.get(op) ?? []), result]);
        context.log(`  @${count(h.size)} run ${r + 1}/${options.runs}: ${formatRound(round)}`);
      }
      loads.push(loadAverage()[0]);
    }
    for (const h of hosts) {
      figures.push(...sizeFigures(h.measures, options.runs));
      const memory = memoryOf(h.host.pid);
      if (memory !== undefined) {
        figures.push(figure(`host.${h.size}.rss`, `host RSS (VmRSS) @ ${count(h.size)}`, memory.rss / MIB, "MiB"));
        figures.push(figure(`host.${h.size}.peak-rss`, `host peak RSS (VmHWM) @ ${count(h.size)}`, memory.peak / MIB, "MiB"));
      }
      figures.push(figure(`host.${h.size}.data-dir`, `data dir size, running @ ${count(h.size)}`, treeSize(h.dataDir) / MIB, "MiB"));
    }
  } finally {
    for (const h of hosts) {
      const code = await h.host.stop();
      if (code !== 0) context.log(`host @${h.size} exited with ${code}: ${h.host.stderrTail().slice(-500)}`);
    }
  }
  for (const h of hosts)
    figures.push(figure(`host.${h.size}.data-dir.stopped`, `data dir size after a clean stop @ ${count(h.size)}`, treeSize(h.dataDir) / MIB, "MiB"));
  if (hosts.length >= 2) figures.push(...growthFigures(hosts[0]!.measures, hosts[hosts.length - 1]!.measures, loads));
  const largest = hosts[hosts.length - 1];
  if (largest !== undefined) context.shared.seededDataDir = { dir: largest.dataDir, credentials: largest.credentials, resources: largest.size };
  return figures;
}

export const hostBenchmark: Benchmark = { name: "host", title: "Host under load from a separate process", run };
