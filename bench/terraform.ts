// Benchmark 3: the provider and Terraform. terraform apply and terraform plan (after apply,
// refresh included) over 10/100/500 takoform resources, each beside the same command over as many
// terraform_data resources (Terraform's own floor), alternating which side goes first; the ratio
// of each pair; the provider's cold start (spawn to handshake line) beside a bare `node -e 0`;
// the provider's peak RSS. Rows that cannot be measured (provider not installable yet, no
// terraform binary) say why instead of failing the run.

import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { Benchmark, BenchContext } from "./lib/benchmark.js";
import { figure, oneLine, unavailable, type Figure, type Target } from "./lib/figure.js";
import { startHost, type HostProcess } from "./lib/host-process.js";
import { BENCH_TOKEN, launcher, scratchDir, writeCredentials } from "./lib/paths.js";
import { timeToExit } from "./lib/spawn-timing.js";
import { median, ratio } from "./lib/stats.js";
import { providerSourceIn, takoformConfig, terraformDataConfig } from "./terraform/config.js";
import { terraformError } from "./terraform/errors.js";
import { clientCertificate, coldStart, findProviderExecutable, installProvider, pluginEnvironment, type InstalledProvider, type Outcome } from "./terraform/provider.js";
import { runTerraform, terraformEnv, type TerraformRun } from "./terraform/run-terraform.js";

const MIB = 1024 * 1024;
const COLD_START_MIN_RUNS = 7;
const PLAN_TARGETS: Record<number, Target> = { 500: { op: "<=", bound: 3 }, 100: { op: "<=", bound: 5 } };
const APPLY_TARGETS: Record<number, Target> = { 100: { op: "<=", bound: 5 } };

async function terraformVersion(): Promise<Outcome<string>> {
  try {
    const { stdout } = await promisify(execFile)("terraform", ["version", "-json"], { env: terraformEnv(undefined) });
    return { ok: true, value: String(JSON.parse(stdout).terraform_version) };
  } catch (error) {
    return { ok: false, reason: `no usable terraform binary: ${oneLine((error as Error).message)}` };
  }
}

async function coldStartFigures(context: BenchContext, dir: string, installed: Outcome<InstalledProvider>): Promise<Figure[]> {
  const runs = Math.max(context.options.runs, COLD_START_MIN_RUNS);
  const executable = installed.ok ? findProviderExecutable(path.join(dir, "provider")) : undefined;
  const [command, args] = executable !== undefined ? [executable, []] : [process.execPath, [launcher, "provider"]];
  const launched = executable !== undefined ? `launched ${path.basename(executable)} from the install dir` : "launched `node bin/takoform.mjs provider`";
  const cert = await clientCertificate(dir);
  const bare: number[] = [];
  const handshakes: number[] = [];
  const rss: number[] = [];
  let failure = cert.ok ? undefined : cert.reason;
  for (let i = 0; i < runs; i++) {
    bare.push(await timeToExit(process.execPath, ["-e", "0"]));
    if (failure !== undefined || !cert.ok) continue;
    try {
      const sample = await coldStart(command, args, pluginEnvironment(cert.value));
      handshakes.push(sample.handshakeMs);
      rss.push(sample.peakRssAtHandshake);
    } catch (error) {
      failure = (error as Error).message;
    }
  }
  const out = [figure("provider.node-bare", "bare `node -e 0`, spawn to exit", median(bare), "ms", { runs })];
  const target: Target = { op: "<=", bound: 2 };
  if (failure !== undefined) {
    out.push(
      unavailable("provider.cold-start", "provider cold start, spawn to handshake line", "ms", failure, { note: launched }),
      unavailable("provider.cold-start.ratio", "provider cold start vs bare node", "x", failure, { target }),
      unavailable("provider.rss-at-handshake", "provider peak RSS at handshake", "MiB", failure),
    );
    return out;
  }
  out.push(
    figure("provider.cold-start", "provider cold start, spawn to handshake line", median(handshakes), "ms", { runs, note: launched }),
    // each cold start paired with the bare start just before it
    figure("provider.cold-start.ratio", "provider cold start vs bare node", median(handshakes.map((h, i) => ratio(h, bare[i]!))), "x", { runs, target }),
    figure("provider.rss-at-handshake", "provider peak RSS at handshake", median(rss) / MIB, "MiB", { runs }),
  );
  return out;
}

type Side = "data" | "tako";

interface PairSamples {
  apply: Record<Side, number[]>;
  plan: Record<Side, number[]>;
  applyRatio: number[];
  planRatio: number[];
  providerPeak: number[];
  providerProcesses: { apply: number[]; plan: number[] };
  drift: number;
}

/** apply (timed) -> plan (timed) -> destroy (untimed) on one side. */
async function cycle(dir: string, env: NodeJS.ProcessEnv): Promise<{ apply: TerraformRun; plan: TerraformRun }> {
  const apply = await runTerraform(dir, ["apply", "-auto-approve", "-input=false"], env);
  if (apply.code !== 0) throw new Error(`apply failed: ${terraformError(apply.stderr, apply.stdout)}`);
  const plan = await runTerraform(dir, ["plan", "-input=false", "-detailed-exitcode"], env);
  if (plan.code !== 0 && plan.code !== 2) throw new Error(`plan failed: ${terraformError(plan.stderr, plan.stdout)}`);
  const destroy = await runTerraform(dir, ["destroy", "-auto-approve", "-input=false"], env);
  if (destroy.code !== 0) throw new Error(`destroy failed: ${terraformError(destroy.stderr, destroy.stdout)}`);
  return { apply, plan };
}

async function terraformFigures(context: BenchContext, dir: string, installed: Outcome<InstalledProvider>, version: string): Promise<Figure[]> {
  const { runs, terraformCounts } = context.options;
  const env = terraformEnv(installed.ok ? installed.value.cliConfigFile : undefined);
  let takoBroken: string | undefined = installed.ok ? undefined : installed.reason;
  let host: HostProcess | undefined;
  if (takoBroken === undefined) {
    const hostDir = path.join(dir, "host");
    mkdirSync(hostDir);
    host = await startHost({ dataDir: hostDir, credentials: writeCredentials(dir) });
  }
  const figures: Figure[] = [];
  try {
    for (const n of terraformCounts) {
      const dirs: Record<Side, string> = { data: path.join(dir, `data-${n}`), tako: path.join(dir, `tako-${n}`) };
      mkdirSync(dirs.data);
      writeFileSync(path.join(dirs.data, "main.tf"), terraformDataConfig(n));
      const init = await runTerraform(dirs.data, ["init", "-input=false"], env);
      if (init.code !== 0) throw new Error(`terraform init of the terraform_data configuration failed: ${terraformError(init.stderr, init.stdout)}`);
      let takoInit = "";
      if (takoBroken === undefined && installed.ok && host !== undefined) {
        mkdirSync(dirs.tako);
        const settings = { source: providerSourceIn(installed.value.cliConfig), endpoint: host.url, token: BENCH_TOKEN, space: "terraform-bench" };
        writeFileSync(path.join(dirs.tako, "main.tf"), takoformConfig(n, settings));
        const ran = await runTerraform(dirs.tako, ["init", "-input=false"], env);
        // With dev_overrides terraform needs no init and may refuse one offline; the apply will tell.
        if (ran.code !== 0) takoInit = `; terraform init had said: ${terraformError(ran.stderr, ran.stdout)}`;
      }
      const s: PairSamples = {
        apply: { data: [], tako: [] },
        plan: { data: [], tako: [] },
        applyRatio: [],
        planRatio: [],
        providerPeak: [],
        providerProcesses: { apply: [], plan: [] },
        drift: 0,
      };
      for (let r = 0; r < runs; r++) {
        const order: Side[] = r % 2 === 0 ? ["data", "tako"] : ["tako", "data"];
        const got: Partial<Record<Side, { apply: TerraformRun; plan: TerraformRun }>> = {};
        for (const side of order) {
          if (side === "tako" && takoBroken !== undefined) continue;
          try {
            got[side] = await cycle(dirs[side], env);
          } catch (error) {
            if (side === "data") throw error;
            takoBroken = `${(error as Error).message}${takoInit}`;
          }
        }
        for (const side of ["data", "tako"] as const) {
          const g = got[side];
          if (g === undefined) continue;
          s.apply[side].push(g.apply.ms / 1000);
          s.plan[side].push(g.plan.ms / 1000);
          if (g.plan.code === 2) s.drift++;
        }
        if (got.data !== undefined && got.tako !== undefined) {
          s.applyRatio.push(ratio(got.tako.apply.ms, got.data.apply.ms));
          s.planRatio.push(ratio(got.tako.plan.ms, got.data.plan.ms));
          s.providerPeak.push(Math.max(got.tako.apply.providerPeakRss, got.tako.plan.providerPeakRss));
          s.providerProcesses.apply.push(got.tako.apply.providerProcesses);
          s.providerProcesses.plan.push(got.tako.plan.providerProcesses);
        }
        context.log(
          `  terraform ${n} run ${r + 1}/${runs}: terraform_data apply ${s.apply.data.at(-1)?.toFixed(2)} s plan ${s.plan.data.at(-1)?.toFixed(2)} s; ` +
            (got.tako === undefined ? `takoform unavailable: ${takoBroken}` : `takoform apply ${s.apply.tako.at(-1)?.toFixed(2)} s plan ${s.plan.tako.at(-1)?.toFixed(2)} s`),
        );
      }
      figures.push(...pairFigures(n, s, runs, takoBroken));
    }
  } finally {
    await host?.stop();
  }
  if (figures[0] !== undefined) figures[0].note = `terraform ${version}; every figure includes the /proc poll both sides pay alike`;
  return figures;
}

function pairFigures(n: number, s: PairSamples, runs: number, broken: string | undefined): Figure[] {
  const label = (what: string) => `${what} × ${n}`;
  const takoOr = (id: string, text: string, values: number[], unit: string, options: { target?: Target; note?: string } = {}): Figure =>
    values.length === runs ? figure(id, text, median(values), unit, { runs, ...options }) : unavailable(id, text, unit, broken ?? "not measured in every run", options);
  const planTarget = PLAN_TARGETS[n];
  const applyTarget = APPLY_TARGETS[n];
  return [
    figure(`terraform.${n}.data.apply`, label("terraform apply, terraform_data"), median(s.apply.data), "s", { runs }),
    takoOr(`terraform.${n}.tako.apply`, label("terraform apply, takoform"), s.apply.tako, "s"),
    takoOr(`terraform.${n}.apply.ratio`, label("apply ratio takoform / terraform_data"), s.applyRatio, "x", applyTarget === undefined ? {} : { target: applyTarget }),
    figure(`terraform.${n}.data.plan`, label("terraform plan after apply, terraform_data"), median(s.plan.data), "s", { runs }),
    takoOr(`terraform.${n}.tako.plan`, label("terraform plan after apply, takoform"), s.plan.tako, "s", s.drift > 0 ? { note: `${s.drift} plan(s) after apply found changes` } : {}),
    takoOr(`terraform.${n}.plan.ratio`, label("plan ratio takoform / terraform_data"), s.planRatio, "x", planTarget === undefined ? {} : { target: planTarget }),
    takoOr(`terraform.${n}.provider.peak-rss`, label("provider peak RSS over apply and plan"), s.providerPeak.map((b) => b / MIB), "MiB"),
    takoOr(`terraform.${n}.provider.processes.apply`, label("provider processes per apply"), s.providerProcesses.apply, "processes"),
    takoOr(`terraform.${n}.provider.processes.plan`, label("provider processes per plan"), s.providerProcesses.plan, "processes"),
  ];
}

async function run(context: BenchContext): Promise<Figure[]> {
  const dir = context.scratch(scratchDir("terraform"));
  const version = await terraformVersion();
  const installed = await installProvider(path.join(dir, "provider"));
  if (!installed.ok) context.log(`provider unavailable: ${installed.reason}`);
  const figures = await coldStartFigures(context, dir, installed);
  if (!version.ok) {
    figures.push(unavailable("terraform", "terraform plan/apply", "", version.reason));
    return figures;
  }
  figures.push(...(await terraformFigures(context, dir, installed, version.value)));
  return figures;
}

export const terraformBenchmark: Benchmark = { name: "terraform", title: "Provider and Terraform, side by side with terraform_data", run };
