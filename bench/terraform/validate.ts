// `terraform validate` of one resource, takoform beside terraform_data, as alternating A/B pairs
// (issue 19 target: takoform within 4x). Each side is initialised once; validate reads no state
// and talks to no host, so what it measures is Terraform plus the provider processes it starts.

import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BenchContext } from "../lib/benchmark.js";
import { figure, unavailable, type Figure } from "../lib/figure.js";
import { pairedFigure, pairOrder, PairSamples } from "../lib/pairs.js";
import { median } from "../lib/stats.js";
import { takoformConfig, terraformDataConfig, type TakoformProviderSettings } from "./config.js";
import { terraformError } from "./errors.js";
import { runTerraform } from "./run-terraform.js";

/** variant "spare": the same with provider spares on (env says so); figures get ids and labels of their own. */
export async function validateFigures(
  context: BenchContext,
  dir: string,
  env: NodeJS.ProcessEnv,
  settings: TakoformProviderSettings,
  variant?: "spare",
): Promise<Figure[]> {
  const id = variant === undefined ? "terraform.1.validate" : "terraform.1.validate.spare";
  const takoform = variant === undefined ? "takoform" : "takoform with spares";
  const dirs = { data: path.join(dir, "data"), tako: path.join(dir, "tako") };
  mkdirSync(dirs.data, { recursive: true });
  mkdirSync(dirs.tako, { recursive: true });
  writeFileSync(path.join(dirs.data, "main.tf"), terraformDataConfig(1));
  writeFileSync(path.join(dirs.tako, "main.tf"), takoformConfig(1, settings, "validate"));
  await runTerraform(dirs.data, ["init", "-input=false"], env);
  await runTerraform(dirs.tako, ["init", "-input=false"], env); // with dev_overrides init may refuse; validate tells
  const samples = new PairSamples(); // a: takoform, b: terraform_data (seconds)
  const target = { op: "<=" as const, bound: 4 };
  for (let i = 0; i < context.options.pairs; i++) {
    const got: Record<string, number> = {};
    for (const side of pairOrder(i, "data", "tako") as Array<"data" | "tako">) {
      const ran = await runTerraform(dirs[side], ["validate"], env);
      if (ran.code !== 0) {
        const reason = `terraform validate (${side === "tako" ? takoform : "terraform_data"}) failed: ${terraformError(ran.stderr, ran.stdout)}`;
        return [unavailable(`${id}.ratio`, `validate ratio ${takoform} / terraform_data × 1`, "x", reason, { target })];
      }
      got[side] = ran.ms / 1000;
    }
    samples.add(got.tako!, got.data!);
    context.log(
      `  terraform validate × 1 pair ${i + 1}/${context.options.pairs} (load ${samples.loads.at(-1)!.toFixed(1)}): terraform_data ${got.data!.toFixed(2)} s; ${takoform} ${got.tako!.toFixed(2)} s`,
    );
  }
  const runs = samples.a.length;
  return [
    figure(`${id}.data`, "terraform validate, terraform_data × 1", median(samples.b), "s", { runs }),
    figure(`${id}.tako`, `terraform validate, ${takoform} × 1`, median(samples.a), "s", { runs }),
    pairedFigure(`${id}.ratio`, `validate ratio ${takoform} / terraform_data × 1`, samples.ratios(), "x", samples.loads, target),
  ];
}
