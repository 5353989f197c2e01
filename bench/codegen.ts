// Benchmark 4: a full regeneration of generated/ for the whole family
// (`node bin/takoform.mjs codegen --out <temp dir>`): wall time and peak resident memory.

import { rmSync } from "node:fs";
import type { Benchmark, BenchContext } from "./lib/benchmark.js";
import { figure, unavailable, oneLine, type Figure } from "./lib/figure.js";
import { measureCommand, type CommandMeasure } from "./lib/measure-command.js";
import { launcher, repoRoot, scratchDir } from "./lib/paths.js";
import { median } from "./lib/stats.js";

const MIB = 1024 * 1024;

async function run(context: BenchContext): Promise<Figure[]> {
  const runs = context.options.runs;
  const samples: CommandMeasure[] = [];
  for (let i = 0; i < runs; i++) {
    const out = scratchDir("codegen");
    try {
      const measured = await measureCommand(process.execPath, [launcher, "codegen", "--out", out], { cwd: repoRoot });
      if (measured.exitCode !== 0) {
        const reason = `codegen exited with ${measured.exitCode}: ${oneLine(measured.stderr)}`;
        return [
          unavailable("codegen.wall", "codegen, whole family: wall time", "s", reason, { target: { op: "<=", bound: 15 } }),
          unavailable("codegen.peak-rss", "codegen, whole family: peak RSS", "MiB", reason, { target: { op: "<=", bound: 1024 } }),
        ];
      }
      samples.push(measured);
      context.log(
        `  codegen run ${i + 1}/${runs}: ${(measured.wallMs / 1000).toFixed(2)} s, ${(measured.peakRssBytes / MIB).toFixed(0)} MiB (${measured.method})`,
      );
    } finally {
      if (!context.options.keep) rmSync(out, { recursive: true, force: true });
    }
  }
  const method = samples[0]?.method ?? "";
  return [
    figure("codegen.wall", "codegen, whole family: wall time", median(samples.map((s) => s.wallMs)) / 1000, "s", {
      runs,
      target: { op: "<=", bound: 15 },
      note: method,
    }),
    figure("codegen.peak-rss", "codegen, whole family: peak RSS", median(samples.map((s) => s.peakRssBytes)) / MIB, "MiB", {
      runs,
      target: { op: "<=", bound: 1024 },
      note: method,
    }),
  ];
}

export const codegenBenchmark: Benchmark = { name: "codegen", title: "Codegen", run };
