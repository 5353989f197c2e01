// Whether a provider process keeps a spare ready for Terraform's next call, and where spares
// wait (ADR 0282, ADR 0287, ADR 0290). TAKOFORM_PROVIDER_SPARE is on, off, command or auto (the
// default). on: spares of the user, which wait for any later Terraform call until their idle time
// ends. command: spares of one Terraform command, which serve only that command's calls and end
// with it. auto is on when Terraform runs at a terminal (it hands its stdin to the provider) and
// the environment does not say it is automation (CI, TF_IN_AUTOMATION), and command otherwise. The
// launcher and the node side read the same variables; the launcher exports the directory it uses,
// so both agree.
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isatty } from "node:tty";

export const SPARE_ENV = "TAKOFORM_PROVIDER_SPARE";
export const SPARE_DIR_ENV = "TAKOFORM_PROVIDER_SPARE_DIR";
export const SPARE_IDLE_ENV = "TAKOFORM_PROVIDER_SPARE_IDLE_MS";
/** The variables a spare keeps as its own between sessions: where it lives and what node needs, no session's secrets. */
export const CARRIED = ["PATH", "HOME", "TMPDIR", "LANG", "TZ", "TAKOFORM_PROVIDER_CODE_CACHE", SPARE_DIR_ENV, SPARE_IDLE_ENV];
/** How long an unclaimed spare waits before it exits. */
export const DEFAULT_IDLE_MS = 300_000;

/** The folder of one Terraform command's spares under the spare directory: this prefix and Terraform's pid. */
export const COMMAND_DIR_PREFIX = "command-";

/** user: spares any later call of this user may claim (on); command: spares of one Terraform command only. */
export type SpareScope = "user" | "command";

export type SpareSetting = { on: false; why?: string } | { on: true; dir: string; idleMs: number; scope: SpareScope };

/** Whether the environment says Terraform runs in automation: CI set (not to false or 0), or TF_IN_AUTOMATION set. */
export function automated(env: NodeJS.ProcessEnv): boolean {
  const ci = env["CI"] ?? "";
  return (ci !== "" && ci !== "false" && ci !== "0") || (env["TF_IN_AUTOMATION"] ?? "") !== "";
}

/**
 * Spares serve only the sessions the launcher may hand them: not off, a directory, and no node flags (a spare started without them could not honour
 * them). `terminal`: whether Terraform's stdin, which it hands to the provider, is a terminal.
 */
export function spareSetting(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform, terminal: boolean = isatty(0)): SpareSetting {
  const mode = env[SPARE_ENV] ?? "";
  if (mode === "off") return { on: false };
  if (mode !== "on" && mode !== "command" && mode !== "auto" && mode !== "")
    return { on: false, why: `${SPARE_ENV} must be on, off, command or auto, not ${JSON.stringify(mode)}` };
  const scope: SpareScope = mode === "on" || (mode !== "command" && terminal && !automated(env)) ? "user" : "command";
  // A spare reads the launcher that claims it from /proc, and the launcher checks the spare there.
  if (platform !== "linux") return { on: false, why: `spares need Linux's /proc, not ${platform}` };
  const dir = env[SPARE_DIR_ENV];
  if (dir === undefined || dir === "") return { on: false, why: `${SPARE_DIR_ENV} is not set (the launcher sets it)` };
  if ((env["NODE_OPTIONS"] ?? "") !== "" || (env["TAKOFORM_PROVIDER_NODE_FLAGS"] ?? "") !== "") return { on: false, why: "node flags are set" };
  const raw = env[SPARE_IDLE_ENV];
  const idle = raw === undefined || raw === "" ? DEFAULT_IDLE_MS : Number(raw);
  if (!Number.isInteger(idle) || idle < 100 || idle > 86_400_000)
    return { on: false, why: `${SPARE_IDLE_ENV} must be a whole number of milliseconds from 100 to 86400000` };
  return { on: true, dir, idleMs: idle, scope };
}

/** The directory the launcher of the bundle at `bundle` uses unless TAKOFORM_PROVIDER_SPARE_DIR says otherwise. */
export function defaultSpareDir(bundle: string, uid: number, base = tmpdir()): string {
  const key = createHash("sha256").update(bundle).digest("hex").slice(0, 12);
  return join(base, `takoform-spares-${uid}`, key);
}
