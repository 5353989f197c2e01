// Benchmark 3: the provider and Terraform. terraform apply and terraform plan (after apply,
// refresh included) over 10/100/500 takoform resources, each beside the same command over as many
// terraform_data resources (Terraform's own floor), alternating which side goes first; the ratio
// of each pair; the provider's cold start (spawn to handshake line) beside a bare `node -e 0`;
// the provider's peak RSS. The takoform side runs Terraform in automation (TF_IN_AUTOMATION, no
// terminal), where each command's first provider process is its own spare, which serves the
// command's later calls (ADR 0290); a third side runs the same configuration with the user's
// provider spares (TAKOFORM_PROVIDER_SPARE=on, what a terminal gets, ADR 0282 and 0287), paired
// with the same terraform_data runs. Rows that
// cannot be measured (provider not installable yet, no terraform binary) say why instead of
// failing the run.

import { execFile } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { staleBecause } from "../launch/stamp.js";
import { stopSpares } from "../provider-bridge/install/spares.js";
import type { Benchmark, BenchContext } from "./lib/benchmark.js";
import { figure, oneLine, unavailable, type Figure, type Target } from "./lib/figure.js";
import { startHost, type HostProcess } from "./lib/host-process.js";
import { BENCH_TOKEN, launcher, repoRoot, scratchDir, writeCredentials } from "./lib/paths.js";
import { pairedFigure, pairOrder } from "./lib/pairs.js";
import { loadAverage } from "./lib/proc.js";
import { timeToExit } from "./lib/spawn-timing.js";
import { median, ratio } from "./lib/stats.js";
import { providerSourceIn, takoformConfig, terraformDataConfig } from "./terraform/config.js";
import { terraformError } from "./terraform/errors.js";
import {
  clientCertificate,
  coldStart,
  findProviderExecutable,
  installProvider,
  pluginEnvironment,
  type InstalledProvider,
  type Outcome,
} from "./terraform/provider.js";
import { runTerraform, terraformEnv, type TerraformRun } from "./terraform/run-terraform.js";
import { validateFigures } from "./terraform/validate.js";

const MIB = 1024 * 1024;
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
  const runs = context.options.pairs;
  const executable = installed.ok ? findProviderExecutable(path.join(dir, "provider")) : undefined;
  const [command, args] = executable !== undefined ? [executable, []] : [process.execPath, [launcher, "provider"]];
  const launched = executable !== undefined ? `launched ${path.basename(executable)} from the install dir` : "launched `node bin/takoform.mjs provider`";
  const cert = await clientCertificate(dir);
  const bare: number[] = [];
  const handshakes: number[] = [];
  const firstCalls: number[] = [];
  const rss: number[] = [];
  const loads: number[] = [];
  let failure = cert.ok ? undefined : cert.reason;
  // Alternating A/B pairs: bare node first in even pairs, the provider first in odd ones.
  for (let i = 0; i < runs; i++) {
    loads.push(loadAverage()[0]);
    for (const side of pairOrder(i, "bare", "provider")) {
      if (side === "bare") {
        bare.push(await timeToExit(process.execPath, ["-e", "0"]));
        continue;
      }
      if (failure !== undefined || !cert.ok) continue;
      try {
        // A cold start: spares off (node itself, as Terraform starts it when no spare serves).
        const sample = await coldStart(command, args, { ...pluginEnvironment(cert.value), TAKOFORM_PROVIDER_SPARE: "off" });
        handshakes.push(sample.handshakeMs);
        rss.push(sample.peakRssAtHandshake);
        // The first call of a command in automation: the launcher starts the command's spare (ADR 0290).
        if (executable !== undefined) {
          const env = {
            ...pluginEnvironment(cert.value),
            TAKOFORM_PROVIDER_SPARE: "command",
            TAKOFORM_PROVIDER_SPARE_DIR: path.join(dir, "first-call-spares"),
          };
          firstCalls.push((await coldStart(command, args, env)).handshakeMs);
        }
      } catch (error) {
        failure = (error as Error).message;
      }
    }
  }
  const out = [figure("provider.node-bare", "bare `node -e 0`, spawn to exit", median(bare), "ms", { runs })];
  // Spawn to handshake within 1.5x of `node -e 0`, paired per run (as bench/tools/provider-spawn.ts does).
  const target: Target = { op: "<=", bound: 1.5 };
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
    // each cold start paired with the bare start of the same pair
    pairedFigure(
      "provider.cold-start.ratio",
      "provider cold start vs bare node",
      handshakes.map((h, i) => ratio(h, bare[i]!)),
      "x",
      loads,
      target,
    ),
    figure("provider.rss-at-handshake", "provider peak RSS at handshake", median(rss) / MIB, "MiB", { runs }),
    firstCalls.length === 0
      ? unavailable("provider.command-first-call", "a command's first call (its own spare started), spawn to handshake line", "ms", "no installed launcher")
      : figure("provider.command-first-call", "a command's first call (its own spare started), spawn to handshake line", median(firstCalls), "ms", {
          runs: firstCalls.length,
          note: `ADR 0290; ${median(firstCalls.map((f, i) => ratio(f, bare[i]!))).toFixed(2)}x the same pair's bare node`,
        }),
  );
  return out;
}

type Side = "data" | "tako" | "spare";
type TakoSide = Exclude<Side, "data">;
const TAKO_SIDES: readonly TakoSide[] = ["tako", "spare"];
/** Round r runs the sides in this order: each goes first, second and last alike over three rounds. */
const ORDERS: readonly (readonly Side[])[] = [
  ["data", "tako", "spare"],
  ["tako", "spare", "data"],
  ["spare", "data", "tako"],
];
type Phase = "planEmpty" | "apply" | "plan";
const PHASES: readonly Phase[] = ["planEmpty", "apply", "plan"];

/** What one side yielded in one run: each phase that completed, and why the rest did not. */
interface Cycle {
  runs: Partial<Record<Phase, TerraformRun>>;
  failure?: string;
  /** The destroy after a failure failed too: the state is no longer empty, stop using this side. */
  dirty?: boolean;
}

/**
 * plan from empty state (timed) -> apply (timed) -> plan after apply (timed) -> destroy (untimed).
 * Stops at the first failure, destroying whatever an apply left behind.
 */
async function cycle(dir: string, env: NodeJS.ProcessEnv): Promise<Cycle> {
  const out: Cycle = { runs: {} };
  const step = async (phase: Phase | "destroy", args: string[], ok: (code: number | null) => boolean): Promise<boolean> => {
    const ran = await runTerraform(dir, args, env);
    if (phase !== "destroy") out.runs[phase] = ran;
    if (ok(ran.code)) return true;
    if (phase !== "destroy") delete out.runs[phase];
    out.failure ??= `${phase === "planEmpty" ? "plan" : phase} failed: ${terraformError(ran.stderr, ran.stdout)}`;
    return false;
  };
  const plan = ["plan", "-input=false", "-detailed-exitcode"];
  const planned = (code: number | null) => code === 0 || code === 2;
  if (!(await step("planEmpty", plan, planned))) return out;
  const applied = await step("apply", ["apply", "-auto-approve", "-input=false"], (c) => c === 0);
  if (applied) await step("plan", plan, planned);
  if (!(await step("destroy", ["destroy", "-auto-approve", "-input=false"], (c) => c === 0))) out.dirty = true;
  return out;
}

interface PairSamples {
  seconds: Record<Phase, Record<Side, number[]>>;
  ratios: Record<TakoSide, Record<Phase, number[]>>;
  providerPeak: number[];
  providerProcesses: Record<Phase, number[]>;
  drift: number;
  /** 1-minute load average at the start of each pair. */
  loads: number[];
}

function emptySamples(): PairSamples {
  const bySide = () => ({ data: [] as number[], tako: [] as number[], spare: [] as number[] });
  const byPhase = () => ({ planEmpty: [] as number[], apply: [] as number[], plan: [] as number[] });
  return {
    seconds: { planEmpty: bySide(), apply: bySide(), plan: bySide() },
    ratios: { tako: byPhase(), spare: byPhase() },
    providerPeak: [],
    providerProcesses: { planEmpty: [], apply: [], plan: [] },
    drift: 0,
    loads: [],
  };
}

async function terraformFigures(context: BenchContext, dir: string, installed: Outcome<InstalledProvider>, version: string): Promise<Figure[]> {
  const { pairs: runs, terraformCounts } = context.options;
  const env = terraformEnv(installed.ok ? installed.value.cliConfigFile : undefined);
  const spares = path.join(dir, "spares");
  const spareEnv = { ...env, TAKOFORM_PROVIDER_SPARE: "on", TAKOFORM_PROVIDER_SPARE_DIR: spares };
  const envOf = (side: Side) => (side === "spare" ? spareEnv : env);
  let takoUnusable = !installed.ok;
  // Why takoform phases are missing, per configuration size: the first failure at that size.
  let unusableBecause: string | undefined = installed.ok ? undefined : installed.reason;
  let host: HostProcess | undefined;
  if (!takoUnusable) {
    const hostDir = path.join(dir, "host");
    mkdirSync(hostDir);
    host = await startHost({ dataDir: hostDir, credentials: writeCredentials(dir) });
  }
  const figures: Figure[] = [];
  try {
    for (const n of terraformCounts) {
      // Rebundle from dist/ as it is now (other builds may have changed it); see bundleNote.
      if (installed.ok) await installProvider(path.join(dir, "provider"));
      const dirs: Record<Side, string> = { data: path.join(dir, `data-${n}`), tako: path.join(dir, `tako-${n}`), spare: path.join(dir, `spare-${n}`) };
      mkdirSync(dirs.data);
      writeFileSync(path.join(dirs.data, "main.tf"), terraformDataConfig(n));
      const init = await runTerraform(dirs.data, ["init", "-input=false"], env);
      if (init.code !== 0) throw new Error(`terraform init of the terraform_data configuration failed: ${terraformError(init.stderr, init.stdout)}`);
      let takoInit = "";
      const settings =
        installed.ok && host !== undefined
          ? { source: providerSourceIn(installed.value.cliConfig), endpoint: host.url, token: BENCH_TOKEN, space: "terraform-bench" }
          : undefined;
      if (!takoUnusable && settings !== undefined) {
        for (const side of TAKO_SIDES) {
          mkdirSync(dirs[side]);
          writeFileSync(path.join(dirs[side], "main.tf"), takoformConfig(n, settings, `${n}-${side}-r0`));
          const ran = await runTerraform(dirs[side], ["init", "-input=false"], env);
          // With dev_overrides terraform needs no init and may refuse one offline; the plan will tell.
          if (ran.code !== 0) takoInit = `; terraform init had said: ${terraformError(ran.stderr, ran.stdout)}`;
        }
      }
      const s = emptySamples();
      let takoFailure = takoUnusable ? unusableBecause : undefined;
      for (let r = 0; r < runs; r++) {
        const order = ORDERS[r % ORDERS.length]!;
        s.loads.push(loadAverage()[0]);
        const got: Partial<Record<Side, Cycle>> = {};
        // Fresh names every run (see takoformConfig).
        if (!takoUnusable && settings !== undefined)
          for (const side of TAKO_SIDES) writeFileSync(path.join(dirs[side], "main.tf"), takoformConfig(n, settings, `${n}-${side}-r${r}`));
        for (const side of order) {
          if (side !== "data" && takoUnusable) continue;
          const c = await cycle(dirs[side], envOf(side));
          if (c.failure !== undefined && side === "data") throw new Error(`terraform_data: ${c.failure}`);
          if (c.failure !== undefined) takoFailure ??= `${c.failure}${takoInit}`;
          if (c.dirty === true) {
            takoUnusable = true;
            unusableBecause = `an earlier destroy failed, so the takoform state is not empty; first failure: ${c.failure}`;
          }
          got[side] = c;
        }
        for (const phase of PHASES) {
          const data = got.data?.runs[phase];
          if (data !== undefined) s.seconds[phase].data.push(data.ms / 1000);
          for (const side of TAKO_SIDES) {
            const tako = got[side]?.runs[phase];
            if (tako === undefined) continue;
            s.seconds[phase][side].push(tako.ms / 1000);
            if (data !== undefined) s.ratios[side][phase].push(ratio(tako.ms, data.ms));
          }
        }
        if (got.tako?.runs.plan?.code === 2) s.drift++;
        const show = (side: Side) =>
          PHASES.map((phase) => {
            const t = got[side]?.runs[phase];
            return `${phase} ${t === undefined ? "-" : (t.ms / 1000).toFixed(2)}`;
          }).join(" ");
        context.log(
          `  terraform ${n} round ${r + 1}/${runs} (load ${s.loads.at(-1)!.toFixed(1)}): terraform_data ${show("data")}; takoform ${show("tako")}; with spares ${show("spare")}${got.tako?.failure === undefined ? "" : ` (${got.tako.failure.slice(0, 120)})`}${got.spare?.failure === undefined ? "" : ` (spares: ${got.spare.failure.slice(0, 120)})`}`,
        );
      }
      // The processes Terraform starts and their peak RSS come from one more cycle with spares off:
      // a command's spare (ADR 0290) is no descendant of Terraform, so the /proc poll of the
      // takoform side sees only its launchers (sh, cat).
      if (!takoUnusable && settings !== undefined) {
        writeFileSync(path.join(dirs.tako, "main.tf"), takoformConfig(n, settings, `${n}-tako-off`));
        const off = await cycle(dirs.tako, { ...env, TAKOFORM_PROVIDER_SPARE: "off" });
        for (const phase of PHASES) {
          const t = off.runs[phase];
          if (t !== undefined) s.providerProcesses[phase].push(t.providerProcesses);
        }
        const offRuns = Object.values(off.runs);
        if (offRuns.length > 0) s.providerPeak.push(Math.max(...offRuns.map((t) => t.providerPeakRss)));
      }
      const pair = pairFigures(n, s, runs, takoFailure);
      const note = bundleNote();
      const processes = pair.find((f) => f.id === `terraform.${n}.plan.provider-processes`);
      if (processes !== undefined) processes.note = [processes.note, note].filter((t) => t !== undefined).join("; ");
      figures.push(...pair);
    }
    if (!takoUnusable && installed.ok && host !== undefined) {
      const settings = { source: providerSourceIn(installed.value.cliConfig), endpoint: host.url, token: BENCH_TOKEN, space: "terraform-bench" };
      figures.push(...(await validateFigures(context, path.join(dir, "validate"), env, settings)));
      figures.push(...(await validateFigures(context, path.join(dir, "validate-spare"), spareEnv, settings, "spare")));
    }
  } finally {
    await host?.stop();
    // the spares of the runs with TAKOFORM_PROVIDER_SPARE=on would otherwise idle out later
    await stopSpares(spares);
  }
  if (figures[0] !== undefined) figures[0].note = `terraform ${version}; every figure includes the /proc poll both sides pay alike`;
  return figures;
}

/**
 * Whether the provider processes ran the one-file bundle `takoform provider install` builds: a
 * dist/ rebuilt with other output during the runs sends them to the compiled modules instead.
 */
function bundleNote(): string {
  const stamp = path.join(repoRoot, "dist/provider-bridge/bundle/provider.stamp.json");
  if (!existsSync(stamp)) return "provider ran unbundled (no bundle)";
  const stale = staleBecause(stamp);
  return stale === undefined ? "provider ran from its bundle" : `provider bundle went stale during these runs (${stale})`;
}

const PHASE_LABELS: Record<Phase, string> = {
  planEmpty: "terraform plan from empty state",
  apply: "terraform apply from empty state",
  plan: "terraform plan after apply (refresh included)",
};
const PHASE_IDS: Record<Phase, string> = { planEmpty: "plan-empty", apply: "apply", plan: "plan" };
const TARGETS: Record<Phase, Record<number, Target>> = { planEmpty: {}, apply: APPLY_TARGETS, plan: PLAN_TARGETS };

function pairFigures(n: number, s: PairSamples, runs: number, failure: string | undefined): Figure[] {
  const label = (what: string) => `${what} × ${n}`;
  // The median of the runs that completed; a run that failed is named in the note.
  const complete = (id: string, text: string, values: number[], unit: string, options: { target?: Target; note?: string } = {}): Figure => {
    if (values.length === 0) return unavailable(id, text, unit, failure ?? "not measured", options);
    const out = figure(id, text, median(values), unit, { ...options, runs: values.length });
    if (values.length < runs)
      out.note = [options.note, `measured in ${values.length} of ${runs} runs; the others failed: ${failure ?? "unknown"}`]
        .filter((n) => n !== undefined)
        .join("; ");
    return out;
  };
  const offCycle = (id: string, text: string, values: number[], unit: string): Figure =>
    values.length === 0
      ? unavailable(id, text, unit, failure ?? "not measured")
      : figure(id, text, median(values), unit, { runs: values.length, note: "one cycle with spares off (TAKOFORM_PROVIDER_SPARE=off)" });
  const out: Figure[] = [];
  for (const phase of PHASES) {
    const id = `terraform.${n}.${PHASE_IDS[phase]}`;
    const target = TARGETS[phase][n];
    const ratioFigure = (figureId: string, text: string, values: number[]): Figure =>
      values.length === 0
        ? complete(figureId, text, [], "x", target === undefined ? {} : { target })
        : pairedFigure(figureId, text, values, "x", s.loads, target);
    out.push(
      figure(`${id}.data`, label(`${PHASE_LABELS[phase]}, terraform_data`), median(s.seconds[phase].data), "s", { runs }),
      complete(
        `${id}.tako`,
        label(`${PHASE_LABELS[phase]}, takoform`),
        s.seconds[phase].tako,
        "s",
        phase === "plan" && s.drift > 0 ? { note: `${s.drift} plan(s) after apply found changes` } : {},
      ),
      ratioFigure(`${id}.ratio`, label(`${PHASE_IDS[phase]} ratio takoform / terraform_data`), s.ratios.tako[phase]),
      offCycle(`${id}.provider-processes`, label(`provider processes per ${PHASE_IDS[phase]}`), s.providerProcesses[phase], "processes"),
      complete(`${id}.spare`, label(`${PHASE_LABELS[phase]}, takoform with spares`), s.seconds[phase].spare, "s"),
      ratioFigure(`${id}.spare-ratio`, label(`${PHASE_IDS[phase]} ratio takoform with spares / terraform_data`), s.ratios.spare[phase]),
    );
  }
  out.push(
    offCycle(
      `terraform.${n}.provider.peak-rss`,
      label("provider peak RSS over the run's commands"),
      s.providerPeak.map((b) => b / MIB),
      "MiB",
    ),
  );
  return out;
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
