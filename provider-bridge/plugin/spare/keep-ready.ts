// A served provider process starts the spare that Terraform's next call will claim (ADR 0282),
// unless one is waiting already. The spare is detached (its own session, no stdio of
// Terraform's), so Terraform neither waits for it nor signals it; it exits when it is not
// claimed within its idle time.
import { spawn } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import { basename, join } from "node:path";
import { processIdentity } from "../lifecycle.js";
import { log } from "../log.js";
import { CLAIMED, READY, prepareSpareDir, removeCommandFolder } from "./directory.js";
import { CARRIED, COMMAND_DIR_PREFIX, SPARE_ENV, spareSetting } from "./settings.js";

/** Whether pid runs: it exists and is not a zombie. */
function alive(pid: number): boolean {
  return processIdentity(pid) !== undefined;
}

/**
 * Ready spares that are alive. What spares that died without cleaning up left (SIGKILL, a crash)
 * is removed: their markers in ready/, their FIFOs, and the claims made of them in claimed/.
 */
export function readySpares(dir: string): number[] {
  const live: number[] = [];
  for (const name of namesIn(join(dir, READY))) {
    if (!/^\d+$/.test(name)) continue;
    if (alive(Number(name))) live.push(Number(name));
    else rmSync(join(dir, READY, name), { force: true });
  }
  const left = (pattern: RegExp, folder: string) => {
    for (const name of namesIn(folder)) {
      const pid = pattern.exec(name)?.[1];
      if (pid !== undefined && !alive(Number(pid))) rmSync(join(folder, name), { force: true });
    }
  };
  left(/^(\d+)-\d+\.out$/, dir);
  left(/^(\d+)\.\d+$/, join(dir, CLAIMED));
  return live;
}

/**
 * Removes the folders of commands that ended (ADR 0290) whose spares could not remove them
 * (SIGKILL): what their dead spares left, then the folders once empty.
 */
export function sweepCommandFolders(dir: string): void {
  for (const name of namesIn(dir)) {
    const owner = new RegExp(`^${COMMAND_DIR_PREFIX}(\\d+)$`).exec(name)?.[1];
    if (owner === undefined || alive(Number(owner))) continue;
    const folder = join(dir, name);
    readySpares(folder);
    removeCommandFolder(folder);
  }
}

function namesIn(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

/** Starts a spare when spares are on, this process runs the bundle, and none is ready. */
export function keepSpareReady(env: NodeJS.ProcessEnv, startFile: string | undefined = process.argv[1]): void {
  const setting = spareSetting(env);
  // A command's spares are started by its launcher (install/launcher.ts, ADR 0290).
  if (!setting.on || setting.scope !== "user") return;
  if (startFile === undefined || basename(startFile) !== "start.cjs") return;
  const unsafe = prepareSpareDir(setting.dir, process.getuid!());
  if (unsafe !== undefined) {
    log("warn", "provider spares off: the spare directory is not safe", { reason: unsafe });
    return;
  }
  if (readySpares(setting.dir).length > 0) return;
  const spareEnv: NodeJS.ProcessEnv = {};
  for (const name of CARRIED) if (env[name] !== undefined) spareEnv[name] = env[name];
  // Decided here (auto at a terminal included): the spare itself has no terminal to look at.
  spareEnv[SPARE_ENV] = "on";
  try {
    const child = spawn(process.execPath, [startFile, "--spare", setting.dir], { detached: true, stdio: "ignore", env: spareEnv });
    child.on("error", (error) => log("warn", "provider spare did not start", { error: error.message }));
    child.unref();
  } catch (error) {
    log("warn", "provider spare did not start", { error: (error as Error).message });
  }
}
