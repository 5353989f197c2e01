// Terraform against the provider floor (bench/floor/provider.ts): how much of a takoform plan is
// the transport every provider built on it pays, and how much is the takoform provider and its
// host. Applies N resources of each of terraform_data, the floor provider (`floor_value`) and
// takoform (EdgeKVNamespace, one host), then times `terraform plan` (refresh included, the plan
// must be empty) of each in rotation, in automation (TF_IN_AUTOMATION=1, no terminal: takoform
// with the command's own spare, ADR 0290), and takoform once more with spares off, which starts a
// cold process for every call as the floor does.
//
// usage: npx tsx bench/tools/provider-floor.ts [--count 500] [--runs 7] [--profile DIR]
// --profile DIR: first one plan of the floor with every provider process under `node --cpu-prof`
// (the floor's launcher passes the words of FLOOR_NODE_FLAGS to node), profiles written to DIR.
// Prints every run, then per variant the median wall time and CPU (terraform and the processes it
// reaped, GNU time: a command's spare is not reaped, so takoform's CPU there counts terraform and
// the launchers only) and the median per-run ratio to terraform_data (terraform/rotation.ts).

import { chmodSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { bundleCommonJs } from "../../provider-bridge/install/bundle.js";
import { cliConfigText } from "../../provider-bridge/install/cli-config.js";
import { terraformPlatform } from "../../provider-bridge/install/platform.js";
import { loadEsbuild } from "../../launch/esbuild.js";
import { startHost } from "../lib/host-process.js";
import { BENCH_TOKEN, repoRoot, scratchDir, writeCredentials } from "../lib/paths.js";
import { appliedConfig, appliedSet } from "../terraform/applied-set.js";
import { providerSourceIn, terraformDataConfig } from "../terraform/config.js";
import { installProvider } from "../terraform/provider.js";
import { terraformEnv } from "../terraform/run-terraform.js";
import { stopSpares } from "../../provider-bridge/install/spares.js";
import { planInRotation, printMedians, type PlanVariant } from "../terraform/rotation.js";
import { timedPlan } from "../terraform/timed-plan.js";

const { values } = parseArgs({
  options: { count: { type: "string", default: "500" }, runs: { type: "string", default: "7" }, profile: { type: "string" } },
});
const count = Number(values.count);
const runs = Number(values.runs);
const base = scratchDir("provider-floor");
const FLOOR_SOURCE = "registry.terraform.io/bench/floor";

/** Bundles the floor into a filesystem mirror with a launcher; returns the CLI configuration file. */
function installFloor(dir: string): string {
  const esbuild = loadEsbuild(repoRoot);
  if (esbuild === undefined) throw new Error("esbuild is not installed (it comes with the dev dependencies)");
  const mirror = path.join(dir, "mirror");
  const pkg = path.join(mirror, FLOOR_SOURCE, "0.0.1", terraformPlatform());
  mkdirSync(pkg, { recursive: true });
  // The bundle and its code cache live outside the package: Terraform's lock file hashes the
  // package directory, and the cache is written at the first process's exit (as the takoform
  // provider's package holds only its launcher).
  const bundleDir = path.join(dir, "bundle");
  bundleCommonJs(esbuild, repoRoot, "bench/floor/provider.ts", path.join(bundleDir, "floor.cjs"));
  bundleCommonJs(esbuild, repoRoot, "bench/floor/provider-start.ts", path.join(bundleDir, "start.cjs"));
  // As the takoform launcher does for its node (ADR 0281): the floor never makes a TLS call.
  const launcher = path.join(pkg, "terraform-provider-floor");
  writeFileSync(
    launcher,
    `#!/bin/sh\nunset NODE_EXTRA_CA_CERTS\n# shellcheck disable=SC2086\nexec ${JSON.stringify(process.execPath)} $FLOOR_NODE_FLAGS ${JSON.stringify(path.join(bundleDir, "start.cjs"))} "$@"\n`,
  );
  chmodSync(launcher, 0o755);
  const cliConfig = path.join(dir, "floor.tfrc");
  writeFileSync(cliConfig, cliConfigText(mirror, FLOOR_SOURCE));
  return cliConfig;
}

function floorConfig(n: number): string {
  return [
    `terraform {\n  required_providers {\n    floor = {\n      source = ${JSON.stringify(FLOOR_SOURCE)}\n    }\n  }\n}`,
    `resource "floor_value" "r" {\n  count = ${n}\n  input = "value-\${count.index}"\n}`,
    "",
  ].join("\n\n");
}

const spareDir = path.join(base, "spares");
const host = await startHost({ dataDir: (mkdirSync(path.join(base, "host")), path.join(base, "host")), credentials: writeCredentials(base) });
try {
  const installed = await installProvider(path.join(base, "provider"));
  if (!installed.ok) throw new Error(installed.reason);
  const takoEnv = { ...terraformEnv(installed.value.cliConfigFile), TAKOFORM_PROVIDER_SPARE_DIR: spareDir };
  const settings = { source: providerSourceIn(installed.value.cliConfig), endpoint: host.url, token: BENCH_TOKEN, space: "provider-floor" };
  const floorEnv = terraformEnv(installFloor(path.join(base, "floor-provider")));
  const dataSet = await appliedConfig(path.join(base, "terraform_data"), terraformDataConfig(count), terraformEnv(undefined));
  const floorSet = await appliedConfig(path.join(base, "floor"), floorConfig(count), floorEnv);
  const takoSet = await appliedSet(path.join(base, "takoform"), count, settings, "provider-floor", takoEnv);
  const variants: PlanVariant[] = [
    { label: "terraform_data", dir: dataSet.dir, env: dataSet.env, ms: [], cpu: [] },
    { label: "floor provider", dir: floorSet.dir, env: floorSet.env, ms: [], cpu: [] },
    { label: "takoform", dir: takoSet.dir, env: takoSet.env, ms: [], cpu: [] },
    { label: "takoform, spares off", dir: takoSet.dir, env: { ...takoSet.env, TAKOFORM_PROVIDER_SPARE: "off" }, ms: [], cpu: [] },
  ];
  if (values.profile !== undefined) {
    mkdirSync(values.profile, { recursive: true });
    await timedPlan(
      "floor provider",
      floorSet.dir,
      { ...floorSet.env, FLOOR_NODE_FLAGS: `--cpu-prof --cpu-prof-dir=${path.resolve(values.profile)}` },
      { emptyOnly: true },
    );
    console.log(`profiles of one floor plan in ${values.profile} (summarize them with bench/tools/cpuprofile-top.ts)`);
  }
  await planInRotation(variants, runs);
  printMedians(variants, `terraform plan over ${count} (refresh included), in automation, median of ${runs}:`);
  for (const set of [dataSet, floorSet, takoSet]) await set.destroy();
} finally {
  await stopSpares(spareDir);
  await host.stop();
}
if (values.profile === undefined || !path.resolve(values.profile).startsWith(base)) rmSync(base, { recursive: true, force: true });
