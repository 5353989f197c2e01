// A/B of the environment one provider build runs under: installs the provider of this checkout,
// applies N takoform resources once, then times `terraform plan` (refresh included, the plan
// must be empty) under each named environment in rotation, on that one state and one host. Beside
// ab-provider.ts (two builds), this compares what a user sets: spare modes, node flags, and so on.
// Every variant starts from the environment the benchmark gives Terraform (automation,
// TF_IN_AUTOMATION), so a variant without settings is what CI gets, and from a spare directory of
// the run's own (TAKOFORM_PROVIDER_SPARE_DIR), whose spares are stopped at the end.
//
// usage: npx tsx bench/tools/ab-env.ts [--count 500] [--runs 7] [--timeline] LABEL=[VAR~VALUE,...] ...
// e.g.   npx tsx bench/tools/ab-env.ts --count 500 "command=" "user=TAKOFORM_PROVIDER_SPARE~on" \
//          "off=TAKOFORM_PROVIDER_SPARE~off" "sparkplug=TAKOFORM_PROVIDER_SPARE~off,TAKOFORM_PROVIDER_NODE_FLAGS~--always-sparkplug"
// (`~` separates a variable from its value, so values may hold `=`; a variant with node flags keeps
// a code cache of its own, written by an untimed plan of each variant before the timed ones.)
//
// It prints each run, then per variant the median wall time and the CPU (user + system) of
// terraform and the processes it reaped (a spare is not reaped by terraform, so with spares the
// CPU column counts terraform and its launchers only), and each variant's median ratio per run to
// the first (terraform/rotation.ts). With --timeline it first runs one plan per variant under TF_LOG=trace and prints where
// the time went (plan-timeline.ts).

import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { startHost } from "../lib/host-process.js";
import { BENCH_TOKEN, scratchDir, writeCredentials } from "../lib/paths.js";
import { stopSpares } from "../../provider-bridge/install/spares.js";
import { appliedSet } from "../terraform/applied-set.js";
import { providerSourceIn } from "../terraform/config.js";
import { installProvider } from "../terraform/provider.js";
import { terraformEnv } from "../terraform/run-terraform.js";
import { planInRotation, printMedians, type PlanVariant } from "../terraform/rotation.js";
import { timedPlan } from "../terraform/timed-plan.js";
import { formatTimeline, planTimeline } from "./plan-timeline.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    count: { type: "string", default: "500" },
    runs: { type: "string", default: "7" },
    timeline: { type: "boolean", default: false },
  },
});

interface Variant {
  label: string;
  settings: Record<string, string>;
}

/** "LABEL=VAR~VALUE,VAR~VALUE" (an empty list: the benchmark's environment as it is). */
function parseVariant(spec: string): Variant {
  const eq = spec.indexOf("=");
  if (eq <= 0) throw new Error(`variant ${JSON.stringify(spec)}: expected LABEL=[VAR~VALUE,...]`);
  const settings: Record<string, string> = {};
  for (const pair of spec
    .slice(eq + 1)
    .split(",")
    .filter(Boolean)) {
    const tilde = pair.indexOf("~");
    if (tilde <= 0) throw new Error(`variant ${JSON.stringify(spec)}: ${JSON.stringify(pair)} is not VAR~VALUE`);
    settings[pair.slice(0, tilde)] = pair.slice(tilde + 1);
  }
  return { label: spec.slice(0, eq), settings };
}

const variants = positionals.map(parseVariant);
if (variants.length === 0) throw new Error("name at least one variant, e.g. command= user=TAKOFORM_PROVIDER_SPARE~on");
const count = Number(values.count);
const base = scratchDir("ab-env");
const hostDir = path.join(base, "host");
mkdirSync(hostDir);
const spareDir = path.join(base, "spares");
const host = await startHost({ dataDir: hostDir, credentials: writeCredentials(base) });
try {
  const installed = await installProvider(path.join(base, "provider"));
  if (!installed.ok) throw new Error(installed.reason);
  const env = { ...terraformEnv(installed.value.cliConfigFile), TAKOFORM_PROVIDER_SPARE_DIR: spareDir };
  const settings = { source: providerSourceIn(installed.value.cliConfig), endpoint: host.url, token: BENCH_TOKEN, space: "ab-env" };
  const set = await appliedSet(path.join(base, "tf"), count, settings, "ab-env", env);
  const dir = set.dir;

  if (values.timeline) {
    for (const v of variants) {
      const log = path.join(base, `trace-${v.label}.log`);
      await timedPlan(v.label, dir, { ...env, ...v.settings, TF_LOG: "trace", TF_LOG_PATH: log }, { emptyOnly: true });
      console.log(`== ${v.label}: one plan under TF_LOG=trace (${log})`);
      console.log(formatTimeline(planTimeline(readFileSync(log, "utf8"))));
    }
  }

  const timed: PlanVariant[] = variants.map((v) => ({ label: v.label, dir, env: { ...env, ...v.settings }, ms: [], cpu: [] }));
  // One untimed plan per variant first: a variant with node flags writes its own code cache then
  // (launch/code-cache.ts, cacheFileForFlags), so no timed run compiles the bundle from source.
  for (const v of timed) await timedPlan(v.label, v.dir, v.env, { emptyOnly: true });
  await planInRotation(timed, Number(values.runs));
  printMedians(timed, `terraform plan over ${count} (refresh included), median of ${values.runs}:`);
  await set.destroy();
} finally {
  await stopSpares(spareDir);
  await host.stop();
}
