// `takoform provider install`: an offline filesystem mirror holding the
// provider for registry.terraform.io/takoform/takoform, and a CLI
// configuration that points Terraform at it. The mirror package holds only the
// launcher, which runs this takoform installation (ADR 0042).
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { bundleProvider, type BundleResult } from "./bundle.js";
import { cliConfigText } from "./cli-config.js";
import { defaultSpareDir } from "../plugin/spare/settings.js";
import { launcherScript } from "./launcher.js";
import { terraformPlatform } from "./platform.js";

export const PROVIDER_HOST = "registry.terraform.io";
export const PROVIDER_NAMESPACE = "takoform";
export const PROVIDER_TYPE = "takoform";
export const PROVIDER_SOURCE = `${PROVIDER_HOST}/${PROVIDER_NAMESPACE}/${PROVIDER_TYPE}`;

export interface InstallOptions {
  /** Directory receiving mirror/ and terraform.tfrc. */
  dir: string;
  /** The takoform installation root (holds bin/takoform.mjs and dist/). */
  root: string;
  version: string;
  nodePath?: string;
  platform?: string;
  /** Bundle the provider into one module (install/bundle.ts); default: unless TAKOFORM_PROVIDER_BUNDLE=off. */
  bundle?: boolean;
}

export interface InstallResult {
  mirrorDir: string;
  packageDir: string;
  launcher: string;
  cliConfigFile: string;
  /** True when a different launcher was there before: lock files recorded for it no longer match. */
  launcherReplaced: boolean;
  /** The bundle the launcher runs, or why the launcher runs the CLI instead. */
  bundle: BundleResult;
}

/** Writes unless identical; reports whether a different file was replaced. */
function writeIfChanged(file: string, text: string): boolean {
  const existed = existsSync(file);
  if (existed && readFileSync(file, "utf8") === text) return false;
  writeFileSync(file, text);
  return existed;
}

export function installProvider(opts: InstallOptions): InstallResult {
  const dir = resolve(opts.dir);
  const cli = join(opts.root, "bin", "takoform.mjs");
  const built = join(opts.root, "dist", "cli", "main.js");
  if (!existsSync(cli) || !existsSync(built)) throw new Error(`no built takoform at ${opts.root} (run npm run build there first)`);
  const platform = opts.platform ?? terraformPlatform();
  const mirrorDir = join(dir, "mirror");
  const packageDir = join(mirrorDir, PROVIDER_HOST, PROVIDER_NAMESPACE, PROVIDER_TYPE, opts.version, platform);
  mkdirSync(packageDir, { recursive: true });
  const launcher = join(packageDir, `terraform-provider-${PROVIDER_TYPE}`);
  const wanted = opts.bundle ?? process.env["TAKOFORM_PROVIDER_BUNDLE"] !== "off";
  const bundle: BundleResult = wanted ? bundleProvider(opts.root) : { ok: false, reason: "not requested" };
  const spareDir = bundle.ok && process.getuid ? defaultSpareDir(bundle.start, process.getuid()) : undefined;
  const script = launcherScript(opts.nodePath ?? process.execPath, cli, opts.version, bundle.ok ? bundle.start : undefined, spareDir);
  const launcherReplaced = writeIfChanged(launcher, script);
  chmodSync(launcher, 0o755);
  const cliConfigFile = join(dir, "terraform.tfrc");
  writeIfChanged(cliConfigFile, cliConfigText(mirrorDir, PROVIDER_SOURCE));
  return { mirrorDir, packageDir, launcher, cliConfigFile, launcherReplaced, bundle };
}

/**
 * Starts the launcher the way a stranger would (no handshake variables): it
 * must refuse with the plugin message, proving node, the CLI and the provider
 * entry point are all reachable.
 */
export function checkLauncher(launcher: string): { ok: true } | { ok: false; message: string } {
  try {
    // Spares off: node itself must start and refuse (a command's spare would refuse too, then leave it to node).
    const env = { ...process.env, TF_PLUGIN_MAGIC_COOKIE: "", TAKOFORM_PROVIDER_SPARE: "off" };
    execFileSync(launcher, [], { stdio: ["ignore", "pipe", "pipe"], env, timeout: 30_000 });
    return { ok: false, message: "the launcher served without Terraform's handshake variables" };
  } catch (err) {
    const e = err as { status?: number; stderr?: Buffer };
    const stderr = e.stderr?.toString() ?? "";
    if (e.status === 1 && stderr.includes("Terraform/OpenTofu provider plugin")) return { ok: true };
    return { ok: false, message: `the launcher failed: exit ${String(e.status)} ${stderr.trim()}` };
  }
}
