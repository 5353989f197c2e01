// The provider's own entry point, the one `takoform provider install` bundles
// into dist/provider-bridge/bundle/provider.cjs (install/bundle.ts) so that a
// provider process resolves and compiles one file instead of some seventy
// modules (Terraform starts three or four processes per command).
//
// The bundle checks its stamp first: when any module it was built from changed
// since, it runs the current compiled modules instead (../main.js, resolved at
// run time so the bundler leaves it alone).
import { fileURLToPath } from "node:url";
import { STAMP_CHECKED, staleBecause } from "../../launch/stamp.js";
import { preloadProvider, runProvider } from "../main.js";
import { log } from "./log.js";
import { runSpare } from "./spare/run.js";

/** Next to the bundle: provider.stamp.json. Absent when this file runs unbundled. */
const STAMP = "./provider.stamp.json";

export async function runEntry(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const here = import.meta.url;
  if (!here.endsWith("/bundle/provider.cjs")) return runProvider(env);
  const stampFile = fileURLToPath(new URL(STAMP, here));
  // start.cjs checked the stamp already when it ran this bundle (plugin/start.ts).
  const stale = (globalThis as Record<symbol, unknown>)[STAMP_CHECKED] === true ? undefined : staleBecause(stampFile);
  // A spare (ADR 0282) is started by a served process of this same bundle: `start.cjs --spare DIR`;
  // a command's spare (ADR 0290) by the launcher of the command's first call: `... --first <its pid>`.
  const spare = process.argv[2] === "--spare" ? process.argv[3] : undefined;
  if (spare !== undefined) {
    if (stale !== undefined) return 0;
    const first = process.argv[4] === "--first" ? process.argv[5] : undefined;
    return runSpare(spare, preloadProvider, runProvider, fileURLToPath(here), stampFile, first);
  }
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
