// `takoform provider spares [--stop]` (ADR 0282): the spare provider processes of an installation,
// listed or stopped. The CLI reaches the provider's spares through here (cli/ imports install/).
import { join } from "node:path";
import { describeSpare, sparesIn } from "../plugin/spare/inventory.js";
import { defaultSpareDir, SPARE_DIR_ENV } from "../plugin/spare/settings.js";
import { BUNDLE_DIR, START_FILE } from "./bundle.js";

/** TAKOFORM_PROVIDER_SPARE_DIR, else the directory `provider install` writes into the launcher for the bundle of `root`. */
export function installedSpareDir(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env[SPARE_DIR_ENV];
  if (fromEnv !== undefined && fromEnv !== "") return fromEnv;
  return defaultSpareDir(join(root, BUNDLE_DIR, START_FILE), process.getuid?.() ?? 0);
}

/** One line per spare process waiting in or serving from `dir`. */
export function listSpares(dir: string): string[] {
  return sparesIn(dir).map(describeSpare);
}

/** Sends SIGTERM to every spare of `dir` and waits up to `waitMs` for them to end; returns those stopped and those left. */
export async function stopSpares(dir: string, waitMs = 5000): Promise<{ stopped: number; left: number[] }> {
  const found = sparesIn(dir);
  for (const spare of found) {
    try {
      process.kill(spare.pid, "SIGTERM");
    } catch {
      // gone already
    }
  }
  const deadline = Date.now() + waitMs;
  while (sparesIn(dir).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  const left = sparesIn(dir).map((s) => s.pid);
  return { stopped: found.length - left.length, left };
}
