// The provider's own entry point, the one `takoform provider install` bundles
// into dist/provider-bridge/bundle/provider.cjs (install/bundle.ts) so that a
// provider process resolves and compiles one file instead of some seventy
// modules (Terraform starts three or four processes per command).
//
// The bundle checks its stamp first: when any module it was built from changed
// since, it runs the current compiled modules instead (../main.js, resolved at
// run time so the bundler leaves it alone).
import { fileURLToPath } from "node:url";
import { staleBecause } from "../../launch/stamp.js";
import { runProvider } from "../main.js";
import { log } from "./log.js";

/** Next to the bundle: provider.stamp.json. Absent when this file runs unbundled. */
const STAMP = "./provider.stamp.json";

export async function runEntry(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const here = import.meta.url;
  if (!here.endsWith("/bundle/provider.cjs")) return runProvider(env);
  const stale = staleBecause(fileURLToPath(new URL(STAMP, here)));
  if (stale === undefined) return runProvider(env);
  log("info", "provider bundle not used", { reason: stale });
  const current = new URL("../main.js", here).href;
  const loaded = (await import(current)) as { runProvider: typeof runProvider };
  return loaded.runProvider(env);
}

runEntry().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
  },
);
