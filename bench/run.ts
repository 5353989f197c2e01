// `npm run bench -- [--json FILE] [--only NAME]`: runs the benchmarks, prints one table
// (figure, value, unit, target, met) and optionally writes every figure with its unit as JSON.
// Benchmarks measure and report; they never fail on a missed target, and one benchmark that
// cannot run reports its rows as unavailable instead of stopping the others.

import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { codegenBenchmark } from "./codegen.js";
import { floorBenchmark } from "./floor/bench.js";
import { hostBenchmark } from "./host/bench.js";
import { hostStartBenchmark } from "./host/start.js";
import { replicasBenchmark } from "./host/replicas.js";
import { hostUploadBenchmark } from "./host/upload.js";
import { parseBenchArgs, USAGE, type BenchArgs } from "./lib/args.js";
import type { Benchmark, BenchContext } from "./lib/benchmark.js";
import { unavailable, type Figure } from "./lib/figure.js";
import { repoRoot, requireBuiltCli } from "./lib/paths.js";
import { loadAverage } from "./lib/proc.js";
import { formatTable } from "./lib/table.js";
import { replaceMarked, targetsTable } from "./lib/readme.js";
import { runtimeBenchmark } from "./runtime.js";
import { terraformBenchmark } from "./terraform.js";

const BENCHMARKS: Benchmark[] = [
  hostBenchmark,
  hostStartBenchmark,
  floorBenchmark,
  hostUploadBenchmark,
  replicasBenchmark,
  terraformBenchmark,
  codegenBenchmark,
  runtimeBenchmark,
];

/** The commit measured, and how many paths differed from it (others work in this tree too). */
function checkout(): { commit: string; changedPaths: number } {
  try {
    const git = (...args: string[]) => execFileSync("git", args, { cwd: repoRoot, encoding: "utf8" });
    return {
      commit: git("rev-parse", "--short", "HEAD").trim(),
      changedPaths: git("status", "--porcelain")
        .split("\n")
        .filter((l) => l !== "").length,
    };
  } catch {
    return { commit: "unknown", changedPaths: -1 };
  }
}

async function main(argv: string[]): Promise<number> {
  let args: BenchArgs;
  try {
    args = parseBenchArgs(argv);
  } catch (error) {
    console.error(`bench: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const unknown = (args.only ?? []).filter((name) => !BENCHMARKS.some((b) => b.name === name));
  if (unknown.length > 0) {
    console.error(`bench: unknown benchmark ${unknown.join(", ")}\n${USAGE}`);
    return 2;
  }
  requireBuiltCli();
  const selected = BENCHMARKS.filter((b) => args.only === undefined || args.only.includes(b.name));

  const started = performance.now();
  const startedAt = new Date().toISOString();
  const scratch: string[] = [];
  const loadSamples: number[] = [loadAverage()[0]];
  const sampler = setInterval(() => loadSamples.push(loadAverage()[0]), 5000);
  const context: BenchContext = {
    options: args.options,
    shared: {},
    log: (line) => process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}\n`),
    scratch: (dir) => (scratch.push(dir), dir),
  };

  const sections: Array<{ name: string; title: string; figures: Figure[]; seconds: number }> = [];
  try {
    for (const benchmark of selected) {
      context.log(`${benchmark.name}: ${benchmark.title}`);
      const t0 = performance.now();
      let figures: Figure[];
      try {
        figures = await benchmark.run(context);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        context.log(`${benchmark.name} failed: ${message}`);
        figures = [unavailable(`${benchmark.name}.failed`, `${benchmark.title}`, "", `benchmark failed: ${message}`)];
      }
      sections.push({ name: benchmark.name, title: benchmark.title, figures, seconds: (performance.now() - t0) / 1000 });
    }
  } finally {
    clearInterval(sampler);
    if (!args.options.keep) for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  }
  loadSamples.push(loadAverage()[0]);

  const tree = checkout();
  const machine = {
    checkout: tree,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    memoryMiB: Math.round(os.totalmem() / 1024 / 1024),
    node: process.version,
    loadAverage1m: {
      start: loadSamples[0],
      end: loadSamples.at(-1),
      min: Math.min(...loadSamples),
      max: Math.max(...loadSamples),
      mean: loadSamples.reduce((a, b) => a + b, 0) / loadSamples.length,
    },
  };
  const load = machine.loadAverage1m;
  console.log(formatTable(sections));
  // One line per distinct note, naming every figure it belongs to.
  const notes = new Map<string, string[]>();
  for (const f of sections.flatMap((s) => s.figures)) if (f.note !== undefined) notes.set(f.note, [...(notes.get(f.note) ?? []), f.id]);
  if (notes.size > 0) console.log(["", "notes:", ...[...notes].map(([note, ids]) => `- ${ids.join(", ")}: ${note}`)].join("\n"));
  console.log(
    `\n${machine.cpus} × ${machine.cpuModel}, node ${machine.node}; 1-minute load average during the run: ` +
      `${load.min.toFixed(1)}–${load.max.toFixed(1)} (mean ${load.mean.toFixed(1)}), sampled every 5 s; ` +
      `total ${((performance.now() - started) / 1000).toFixed(0)} s; checkout ${tree.commit} with ${tree.changedPaths} changed paths (dist/ as built then)`,
  );
  if (args.readme) {
    const summary =
      `Written by \`npm run bench -- ${argv.join(" ")}\` from ${startedAt} to ${new Date().toISOString()}, checkout ${tree.commit} ` +
      `(${tree.changedPaths} changed paths), ${machine.cpus} × ${machine.cpuModel}, node ${machine.node}; 1-minute load average ` +
      `${load.min.toFixed(1)}–${load.max.toFixed(1)} (mean ${load.mean.toFixed(1)}). Paired figures show the median of the A/B pairs, ` +
      `then the smallest and largest pair in brackets, and the load over the pairs.`;
    const file = path.join(repoRoot, "bench/README.md");
    const block = [summary, "", "### Targets", "", targetsTable(sections), "", "### Every figure", "", formatTable(sections)].join("\n");
    writeFileSync(file, replaceMarked(readFileSync(file, "utf8"), block));
    context.log(`wrote the results into ${file}`);
  }
  if (args.json !== undefined) {
    const document = {
      command: `npm run bench -- ${argv.join(" ")}`.trim(),
      startedAt,
      finishedAt: new Date().toISOString(),
      machine,
      options: args.options,
      benchmarks: sections,
    };
    mkdirSync(path.dirname(path.resolve(args.json)), { recursive: true });
    writeFileSync(args.json, JSON.stringify(document, null, 2) + "\n");
    context.log(`wrote ${args.json}`);
  }
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
