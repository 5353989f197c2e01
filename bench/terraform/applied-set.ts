// One applied set of the profiling and A/B tools: N takoform resources in a working directory of
// their own, `terraform init` and `apply` done, so that each plan after it refreshes N resources
// and must be empty (appliedSet), or any configuration so (appliedConfig). The benchmark proper
// (bench/terraform.ts) manages its pairs' directories itself; this is the shared start of
// ab-env.ts, ab-provider.ts, profile-provider.ts and provider-floor.ts.

import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { takoformConfig, type TakoformProviderSettings } from "./config.js";
import { terraformError } from "./errors.js";
import { runTerraform } from "./run-terraform.js";

export interface AppliedSet {
  dir: string;
  env: NodeJS.ProcessEnv;
  /** `terraform destroy` of the set (the tools call it last, so the host holds nothing of it). */
  destroy(): Promise<void>;
}

/** Writes `dir`/main.tf with `count` resources named kv-`tag`-i, then inits and applies it. */
export function appliedSet(
  dir: string,
  count: number,
  settings: TakoformProviderSettings,
  tag: string,
  env: NodeJS.ProcessEnv,
  options: { apply?: boolean } = {},
): Promise<AppliedSet> {
  return appliedConfig(dir, takoformConfig(count, settings, tag), env, options);
}

/** Writes `config` as `dir`/main.tf, then inits and (unless told not to) applies it. */
export async function appliedConfig(dir: string, config: string, env: NodeJS.ProcessEnv, options: { apply?: boolean } = {}): Promise<AppliedSet> {
  const name = path.basename(dir);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "main.tf"), config);
  const init = await runTerraform(dir, ["init", "-input=false"], env);
  if (init.code !== 0) throw new Error(`${name}: init failed: ${terraformError(init.stderr, init.stdout)}`);
  if (options.apply !== false) {
    const applied = await runTerraform(dir, ["apply", "-auto-approve", "-input=false"], env);
    if (applied.code !== 0) throw new Error(`${name}: apply failed: ${terraformError(applied.stderr, applied.stdout)}`);
  }
  return {
    dir,
    env,
    async destroy() {
      const destroyed = await runTerraform(dir, ["destroy", "-auto-approve", "-input=false"], env);
      if (destroyed.code !== 0) throw new Error(`${name}: destroy failed: ${terraformError(destroyed.stderr, destroyed.stdout)}`);
    },
  };
}
