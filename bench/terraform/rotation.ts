// `terraform plan` of several applied sets (or one set under several environments) in rotation:
// each run plans every variant once, starting one later than the run before, so machine load and
// warm caches fall on all alike. The tools that compare plans (ab-env.ts, provider-floor.ts)
// print the same figures: each run, then per variant the median wall and CPU time and the median
// per-run ratio of its wall time to the first variant's.

import { rotation } from "../lib/pairs.js";
import { median } from "../lib/stats.js";
import { timedPlan } from "./timed-plan.js";

export interface PlanVariant {
  label: string;
  dir: string;
  env: NodeJS.ProcessEnv;
  /** Wall ms and CPU seconds (terraform and what it reaped) of each timed run, in run order. */
  ms: number[];
  cpu: number[];
}

/** Runs `runs` rounds of one empty plan per variant, rotating the order, and prints each round. */
export async function planInRotation(variants: PlanVariant[], runs: number): Promise<void> {
  for (let r = 0; r < runs; r++) {
    for (const v of rotation(r, variants)) {
      const t = await timedPlan(v.label, v.dir, v.env, { emptyOnly: true });
      v.ms.push(t.ms);
      v.cpu.push(t.cpu);
    }
    console.log(`run ${r + 1}: ${variants.map((v) => `${v.label} ${(v.ms[r]! / 1000).toFixed(2)} s (cpu ${v.cpu[r]!.toFixed(2)} s)`).join("; ")}`);
  }
}

/** Prints `title`, then per variant the medians and its wall time per run against the first variant's. */
export function printMedians(variants: PlanVariant[], title: string): void {
  const first = variants[0]!;
  const width = Math.max(...variants.map((v) => v.label.length));
  console.log(title);
  for (const v of variants) {
    const ratio = median(v.ms.map((ms, r) => ms / first.ms[r]!));
    console.log(
      `  ${v.label.padEnd(width)}  wall ${(median(v.ms) / 1000).toFixed(3)} s, cpu ${median(v.cpu).toFixed(2)} s, wall per run / ${first.label} ${ratio.toFixed(2)}x`,
    );
  }
}
