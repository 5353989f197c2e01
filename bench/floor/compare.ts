// The host beside its floor (issue 19): the floor server (server.ts) seeded to the host's size,
// then reads and creates at 8 and at 32 in flight as alternating A/B pairs (host, floor), from the
// same separate load process. Every host figure is also a ratio to the floor's in the same pair:
// throughput, p99 and host CPU per operation. Creates on the host are deleted again after each
// pair so its size stays put; the floor keeps them (a few hundred rows on 10,000).
// Creates are also measured against the bare floor (server.ts --bare: no I-JSON, Form, schema,
// canonical digest or replay record), in a rotation of three, as recorded figures without a target.

import { mkdirSync } from "node:fs";
import path from "node:path";
import type { BenchContext } from "../lib/benchmark.js";
import { figure, type Figure, type Target } from "../lib/figure.js";
import type { HostProcess } from "../lib/host-process.js";
import { pairedFigure, pairOrder, PairSamples, rotation } from "../lib/pairs.js";
import { BENCH_TOKEN, scratchDir } from "../lib/paths.js";
import { cpuTimeOf } from "../lib/proc.js";
import { median } from "../lib/stats.js";
import type { WireFormRef } from "../host/api.js";
import type { LoadJob, LoadResult } from "../host/load-job.js";
import { runLoad } from "../host/load.js";
import { seed, SEED_SPACE } from "../host/seed.js";
import { startFloor } from "./process.js";

export const FLOOR_CONCURRENCIES = [8, 32] as const;

type Op = "read" | "create";
interface Side {
  url: string;
  pid: number;
}
interface Measured {
  result: LoadResult;
  cpuMsPerOp: number;
}

/** One load job against one side, with that side's CPU time per operation from /proc. */
async function measure(side: Side, job: Omit<LoadJob, "origin" | "token" | "space">): Promise<Measured> {
  let cpu0 = Number.NaN;
  const result = await runLoad(
    { ...job, origin: side.url, token: BENCH_TOKEN, space: SEED_SPACE },
    { onTimed: () => (cpu0 = cpuTimeOf(side.pid) ?? Number.NaN) },
  );
  const cpu1 = cpuTimeOf(side.pid) ?? Number.NaN;
  return { result, cpuMsPerOp: (cpu1 - cpu0) / result.ops };
}

/** rate, p99 and CPU per op, each as host/floor pairs. */
interface OpSamples {
  rate: PairSamples;
  p99: PairSamples;
  cpu: PairSamples;
  /** The load process's CPU per op against each side: the other half of what the two cores run. */
  clientCpu: PairSamples;
  /** Creates: the host against the bare floor (server.ts --bare), same rounds. */
  bare: { rate: PairSamples; p99: PairSamples; cpu: PairSamples };
  errors: string[];
}

function opSamples(): OpSamples {
  return {
    rate: new PairSamples(),
    p99: new PairSamples(),
    cpu: new PairSamples(),
    clientCpu: new PairSamples(),
    bare: { rate: new PairSamples(), p99: new PairSamples(), cpu: new PairSamples() },
    errors: [],
  };
}

const TARGETS: Record<Op, { rate: Target; p99?: Target; cpu?: Target }> = {
  read: { rate: { op: ">=", bound: 0.6 }, cpu: { op: "<=", bound: 2 } },
  create: { rate: { op: ">=", bound: 1 }, p99: { op: "<=", bound: 1 } },
};

export interface FloorInput {
  host: HostProcess;
  size: number;
  names: readonly string[];
  ref: WireFormRef;
}

export async function floorComparison(context: BenchContext, input: FloorInput): Promise<Figure[]> {
  const { options } = context;
  const pairs = options.pairs;
  const dir = context.scratch(scratchDir("floor"));
  mkdirSync(dir, { recursive: true });
  const floor = await startFloor(path.join(dir, "floor.sqlite"));
  const bare = await startFloor(path.join(dir, "bare.sqlite"), [], ["--bare"]);
  const figures: Figure[] = [];
  try {
    for (const [name, side] of [
      ["floor", floor],
      ["bare floor", bare],
    ] as const) {
      const seeded = await seed(side.url, input.ref, 0, input.size);
      context.log(`${name} pid ${side.pid} seeded to ${input.size} in ${(seeded.elapsedMs / 1000).toFixed(1)} s`);
    }
    const host: Side = { url: input.host.url, pid: input.host.pid };
    const samples = new Map<string, OpSamples>();
    const durationMs = options.seconds * 1000;
    for (let i = 0; i < pairs; i++) {
      for (const concurrency of FLOOR_CONCURRENCIES) {
        for (const op of ["read", "create"] as const) {
          const got = new Map<Side, Measured>();
          const sides = op === "read" ? pairOrder(i, host, floor) : rotation(i, [host, floor, bare]);
          for (const side of sides) {
            const tag = side === host ? "h" : side === floor ? "f" : "b";
            const job =
              op === "read"
                ? { ref: input.ref, op, concurrency, durationMs, names: [...input.names] }
                : {
                    ref: input.ref,
                    op,
                    concurrency,
                    warmup: options.createWarmup,
                    names: Array.from({ length: options.createWarmup + options.creates }, (_, k) => `f${tag}-${concurrency}-${i}-${k}`),
                  };
            got.set(side, await measure(side, job));
          }
          const h = got.get(host)!;
          const f = got.get(floor)!;
          const b = got.get(bare);
          if (op === "create") {
            const created = h.result.generations;
            await runLoad({
              origin: host.url,
              token: BENCH_TOKEN,
              space: SEED_SPACE,
              ref: input.ref,
              op: "delete",
              concurrency,
              names: Object.keys(created),
              generations: created,
            });
          }
          const key = `${op}.${concurrency}`;
          const s = samples.get(key) ?? opSamples();
          samples.set(key, s);
          s.rate.add(h.result.opsPerSecond, f.result.opsPerSecond);
          s.p99.add(h.result.latency.p99, f.result.latency.p99);
          s.cpu.add(h.cpuMsPerOp, f.cpuMsPerOp);
          s.clientCpu.add(h.result.clientCpuMsPerOp, f.result.clientCpuMsPerOp);
          if (b !== undefined) {
            s.bare.rate.add(h.result.opsPerSecond, b.result.opsPerSecond);
            s.bare.p99.add(h.result.latency.p99, b.result.latency.p99);
            s.bare.cpu.add(h.cpuMsPerOp, b.cpuMsPerOp);
          }
          for (const [who, m] of [
            ["host", h],
            ["floor", f],
            ["bare floor", b],
          ] as const)
            if (m !== undefined && m.result.errors > 0) s.errors.push(`${who}: ${m.result.errors} failed; first: ${m.result.firstError}`);
          context.log(
            `  floor pair ${i + 1}/${pairs} ${op} @${concurrency}: host ${h.result.opsPerSecond.toFixed(0)}/s p99 ${h.result.latency.p99.toFixed(1)} ms cpu ${h.cpuMsPerOp.toFixed(3)} ms (client ${h.result.clientCpuMsPerOp.toFixed(3)}); ` +
              `floor ${f.result.opsPerSecond.toFixed(0)}/s p99 ${f.result.latency.p99.toFixed(1)} ms cpu ${f.cpuMsPerOp.toFixed(3)} ms (client ${f.result.clientCpuMsPerOp.toFixed(3)}); ` +
              (b === undefined
                ? ""
                : `bare floor ${b.result.opsPerSecond.toFixed(0)}/s p99 ${b.result.latency.p99.toFixed(1)} ms cpu ${b.cpuMsPerOp.toFixed(3)} ms; `) +
              `load ${s.rate.loads.at(-1)!.toFixed(1)}`,
          );
        }
      }
    }
    for (const [key, s] of samples) figures.push(...opFigures(key, s, input.size));
  } finally {
    for (const [name, side] of [
      ["floor", floor],
      ["bare floor", bare],
    ] as const) {
      const code = await side.stop();
      if (code !== 0) context.log(`${name} exited with ${code}: ${side.stderrTail().slice(-500)}`);
    }
  }
  return figures;
}

function opFigures(key: string, s: OpSamples, size: number): Figure[] {
  const [op, concurrency] = key.split(".") as [Op, string];
  const at = `${op === "read" ? "read (GET)" : "create (prepare + PUT)"} @ ${size.toLocaleString("en-US")}, ${concurrency} in flight`;
  const id = `floor.${size}.${op}.${concurrency}`;
  const t = TARGETS[op];
  const runs = s.rate.a.length;
  const note = s.errors.length > 0 ? { note: s.errors[0]! } : {};
  const hostP99Target: Target | undefined = op === "read" && concurrency === "32" ? { op: "<=", bound: 50 } : undefined;
  return [
    figure(`${id}.host.rate`, `host ${at}`, median(s.rate.a), "ops/s", { runs, ...note }),
    figure(`${id}.floor.rate`, `floor ${at}`, median(s.rate.b), "ops/s", { runs }),
    pairedFigure(`${id}.rate.ratio`, `host / floor throughput, ${at}`, s.rate.ratios(), "x", s.rate.loads, t.rate),
    figure(`${id}.host.p99`, `host p99, ${at}`, median(s.p99.a), "ms", { runs, ...(hostP99Target === undefined ? {} : { target: hostP99Target }) }),
    figure(`${id}.floor.p99`, `floor p99, ${at}`, median(s.p99.b), "ms", { runs }),
    pairedFigure(`${id}.p99.ratio`, `host / floor p99, ${at}`, s.p99.ratios(), "x", s.p99.loads, t.p99),
    figure(`${id}.host.cpu`, `host CPU per op, ${at}`, median(s.cpu.a), "ms", { runs }),
    figure(`${id}.floor.cpu`, `floor CPU per op, ${at}`, median(s.cpu.b), "ms", { runs }),
    pairedFigure(`${id}.cpu.ratio`, `host / floor CPU per op, ${at}`, s.cpu.ratios(), "x", s.cpu.loads, t.cpu),
    ...(s.bare.rate.a.length === 0
      ? []
      : [
          figure(`${id}.bare.rate`, `bare floor ${at}`, median(s.bare.rate.b), "ops/s", { runs }),
          pairedFigure(`${id}.bare.rate.ratio`, `host / bare floor throughput, ${at}`, s.bare.rate.ratios(), "x", s.bare.rate.loads),
          pairedFigure(`${id}.bare.p99.ratio`, `host / bare floor p99, ${at}`, s.bare.p99.ratios(), "x", s.bare.p99.loads),
          pairedFigure(`${id}.bare.cpu.ratio`, `host / bare floor CPU per op, ${at}`, s.bare.cpu.ratios(), "x", s.bare.cpu.loads),
        ]),
    figure(`${id}.host.client-cpu`, `load process CPU per op against the host, ${at}`, median(s.clientCpu.a), "ms", { runs }),
    figure(`${id}.floor.client-cpu`, `load process CPU per op against the floor, ${at}`, median(s.clientCpu.b), "ms", { runs }),
  ];
}
