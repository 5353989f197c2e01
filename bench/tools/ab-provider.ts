// A/B of provider builds under the same load: installs the provider of each takoform root (or
// the current root with and without its bundle), applies N takoform resources with each (names
// of their own), then times `terraform plan` (refresh included) with each in alternation and
// prints every run, the medians and the per-run ratio B/A: wall time, and the CPU time (user +
// system) of terraform and the provider processes it reaped, from GNU time. Absolute wall times
// on a shared machine drift with the load; CPU time and back-to-back ratios drift far less.
//
// usage: npx tsx bench/tools/ab-provider.ts [--a ROOT] [--b ROOT] [--count 100] [--runs 7]
// --a and --b default to this checkout; a variant named "ROOT:nobundle" installs without the
// bundle (TAKOFORM_PROVIDER_BUNDLE=off), "ROOT:spare" runs terraform with provider spares
// (TAKOFORM_PROVIDER_SPARE=on, ADR 0282; the CPU column then counts only what terraform reaped,
// not the spare), "ROOT:off" without any (TAKOFORM_PROVIDER_SPARE=off; without a flag terraform
// runs in automation, where a command's spares serve its later calls, ADR 0290). Both use one
// host started from this checkout.

import { execFile } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import { startHost } from "../lib/host-process.js";
import { BENCH_TOKEN, repoRoot, scratchDir, writeCredentials } from "../lib/paths.js";
import { median } from "../lib/stats.js";
import { appliedSet, type AppliedSet } from "../terraform/applied-set.js";
import { timedPlan } from "../terraform/timed-plan.js";
import { providerSourceIn } from "../terraform/config.js";
import { terraformEnv } from "../terraform/run-terraform.js";

const { values } = parseArgs({
  options: {
    a: { type: "string", default: `${repoRoot}:nobundle` },
    b: { type: "string", default: repoRoot },
    count: { type: "string", default: "100" },
    runs: { type: "string", default: "7" },
  },
});
const count = Number(values.count);
const runs = Number(values.runs);
const base = scratchDir("ab-provider");
const host = await startHost({ dataDir: (mkdirSync(path.join(base, "host")), path.join(base, "host")), credentials: writeCredentials(base) });

interface Variant extends AppliedSet {
  label: string;
  ms: number[];
  cpu: number[];
}

async function prepare(label: string, spec: string): Promise<Variant> {
  const [root, flag] = spec.split(":");
  const dir = path.join(base, label);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(root!, "bin/takoform.mjs"), "provider", "install", "--dir", path.join(base, `${label}-provider`)],
    {
      env: { ...process.env, ...(flag === "nobundle" ? { TAKOFORM_PROVIDER_BUNDLE: "off" } : {}) },
    },
  );
  const cliConfigFile = /TF_CLI_CONFIG_FILE=(["']?)([^"'\n]+)\1/.exec(stdout)![2]!;
  const spare = flag === "spare" ? "on" : flag === "off" ? "off" : undefined;
  const env = { ...terraformEnv(cliConfigFile), ...(spare === undefined ? {} : { TAKOFORM_PROVIDER_SPARE: spare }) };
  const settings = { source: providerSourceIn(""), endpoint: host.url, token: BENCH_TOKEN, space: "ab-provider" };
  const set = await appliedSet(dir, count, settings, label, env);
  return Object.assign(set, { label: `${label} (${spec})`, ms: [], cpu: [] });
}

try {
  const a = await prepare("a", values.a!);
  const b = await prepare("b", values.b!);
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  for (let r = 0; r < runs; r++) {
    for (const v of r % 2 === 0 ? [a, b] : [b, a]) {
      const t = await timedPlan(v.label, v.dir, v.env, { emptyOnly: false });
      v.ms.push(t.ms);
      v.cpu.push(t.cpu);
    }
    ratios.push(b.ms[r]! / a.ms[r]!);
    cpuRatios.push(b.cpu[r]! / a.cpu[r]!);
    console.log(
      `run ${r + 1}: A ${(a.ms[r]! / 1000).toFixed(2)} s (cpu ${a.cpu[r]!.toFixed(2)} s), B ${(b.ms[r]! / 1000).toFixed(2)} s (cpu ${b.cpu[r]!.toFixed(2)} s), B/A ${ratios[r]!.toFixed(2)} (cpu ${cpuRatios[r]!.toFixed(2)})`,
    );
  }
  const s = (x: number) => (x / 1000).toFixed(2);
  console.log(`terraform plan over ${count} (refresh included), median of ${runs}:`);
  console.log(`  A ${a.label}: wall ${s(median(a.ms))} s, cpu ${median(a.cpu).toFixed(2)} s`);
  console.log(`  B ${b.label}: wall ${s(median(b.ms))} s, cpu ${median(b.cpu).toFixed(2)} s`);
  console.log(`  B/A per run: wall ${median(ratios).toFixed(2)}, cpu ${median(cpuRatios).toFixed(2)}`);
  for (const v of [a, b]) await v.destroy();
} finally {
  await host.stop();
}
