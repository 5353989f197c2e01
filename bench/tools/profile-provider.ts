// Profiles the provider processes of one Terraform command: installs the provider, starts a
// host, applies N takoform resources (unprofiled), then runs the chosen command with every
// provider process under `node --cpu-prof` (through TAKOFORM_PROVIDER_NODE_FLAGS, which the launcher passes to
// node; Terraform hands its environment to the plugins it starts) and prints, per process, its wall time from first to last sample, its
// busy time and where that time went.
//
// usage: npx tsx bench/tools/profile-provider.ts [--count 100] [--command plan|apply|validate]
//                                                 [--top 12] [--scope /dist/] [--out DIR]
// For --command apply the resources are applied under a second set of names. The .cpuprofile
// files are kept in --out (default: a scratch dir, printed).

import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { startHost } from "../lib/host-process.js";
import { BENCH_TOKEN, scratchDir, writeCredentials } from "../lib/paths.js";
import { appliedSet } from "../terraform/applied-set.js";
import { providerSourceIn, takoformConfig } from "../terraform/config.js";
import { terraformError } from "../terraform/errors.js";
import { installProvider } from "../terraform/provider.js";
import { runTerraform, terraformEnv } from "../terraform/run-terraform.js";
import { inclusiveTimes, selfTimes } from "./cpuprofile-top.js";

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "100" },
    command: { type: "string", default: "plan" },
    top: { type: "string", default: "12" },
    scope: { type: "string", default: "/dist/" },
    out: { type: "string" },
  },
});
const count = Number(values.count);
const top = Number(values.top);
const command = values.command!;
if (!["plan", "apply", "validate"].includes(command)) throw new Error(`--command is plan, apply or validate, not ${command}`);

const base = scratchDir("profile-provider");
const out = values.out ?? path.join(base, "profiles");
mkdirSync(out, { recursive: true });
const installed = await installProvider(path.join(base, "provider"));
if (!installed.ok) throw new Error(installed.reason);
const hostDir = path.join(base, "host");
mkdirSync(hostDir);
const host = await startHost({ dataDir: hostDir, credentials: writeCredentials(base) });
const env = terraformEnv(installed.value.cliConfigFile);
const work = path.join(base, "tf");
const settings = { source: providerSourceIn(installed.value.cliConfig), endpoint: host.url, token: BENCH_TOKEN, space: "profile-provider" };

async function tf(args: string[], extra: NodeJS.ProcessEnv = {}, ok: (code: number | null) => boolean = (c) => c === 0): Promise<number> {
  const ran = await runTerraform(work, args, { ...env, ...extra });
  if (!ok(ran.code)) throw new Error(`terraform ${args[0]} failed: ${terraformError(ran.stderr, ran.stdout)}`);
  return ran.ms;
}

try {
  await appliedSet(work, count, settings, "a", env, { apply: command === "plan" });
  if (command === "apply") writeFileSync(path.join(work, "main.tf"), takoformConfig(count, settings, "b"));
  const args =
    command === "plan" ? ["plan", "-input=false", "-detailed-exitcode"] : command === "apply" ? ["apply", "-auto-approve", "-input=false"] : ["validate"];
  // node refuses --cpu-prof in NODE_OPTIONS; the launcher passes this variable's words to node.
  const profiled = { TAKOFORM_PROVIDER_NODE_FLAGS: `--cpu-prof --cpu-prof-dir=${out}` };
  const ms = await tf(args, profiled, (c) => c === 0 || c === 2);
  console.log(`terraform ${command} over ${count} takoform resources: ${(ms / 1000).toFixed(2)} s wall; profiles in ${out}`);
  const files = readdirSync(out)
    .filter((f) => f.endsWith(".cpuprofile"))
    .sort();
  for (const file of files) {
    const profile = JSON.parse(readFileSync(path.join(out, file), "utf8"));
    const self = selfTimes(profile);
    const wall = (profile.endTime - profile.startTime) / 1000;
    console.log(`\n== ${file}: ${wall.toFixed(0)} ms from profiler start to exit, ${self.totalMs.toFixed(0)} ms busy, ${self.idleMs.toFixed(0)} ms idle`);
    console.log("  self time:");
    for (const f of self.frames.slice(0, top)) console.log(`    ${f.selfMs.toFixed(1).padStart(7)} ms ${f.percent.toFixed(1).padStart(5)}%  ${f.frame}`);
    console.log(`  inclusive time (frames under ${values.scope}):`);
    for (const f of inclusiveTimes(profile, values.scope!).slice(0, top))
      console.log(`    ${f.selfMs.toFixed(1).padStart(7)} ms ${f.percent.toFixed(1).padStart(5)}%  ${f.frame}`);
  }
  await tf(["destroy", "-auto-approve", "-input=false"]);
} finally {
  await host.stop();
}
