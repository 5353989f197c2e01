// The body of `takoform test`: a throwaway host, a provider mirror, terraform init + test, teardown.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { corpusRoot } from "../../../corpus/lib/root.js";
import { installProvider } from "../../../provider-bridge/install/install.js";
import { startThrowawayHost, type ThrowawayHost } from "./throwaway-host.js";

export interface RunOptions {
  dir: string;
  keepLock: boolean;
  passThrough: string[];
}

/**
 * Runs a command; resolves to its exit code (128 + n for a signal). quiet: its output is kept and
 * printed only when it fails.
 */
function runInherited(
  file: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  track: (c: ChildProcess | undefined) => void,
  quiet = false,
): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(file, args, { cwd, env, stdio: ["ignore", quiet ? "pipe" : "inherit", quiet ? "pipe" : "inherit"] });
    const kept: Buffer[] = [];
    child.stdout?.on("data", (b: Buffer) => kept.push(b));
    child.stderr?.on("data", (b: Buffer) => kept.push(b));
    track(child);
    child.once("error", (err) => {
      console.error(`takoform test: could not run ${file}: ${err.message}`);
      track(undefined);
      resolve(127);
    });
    child.once("close", (code, signal) => {
      track(undefined);
      if (quiet && code !== 0) process.stderr.write(Buffer.concat(kept));
      resolve(code ?? (signal === "SIGINT" ? 130 : 143));
    });
  });
}

export async function runTerraformTest(opts: RunOptions): Promise<number> {
  const dir = path.resolve(opts.dir);
  if (!existsSync(dir)) {
    console.error(`takoform test: ${dir} does not exist (give the directory holding the configuration and its tests)`);
    return 2;
  }
  const root = path.dirname(corpusRoot());
  const version = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;
  const temp = mkdtempSync(path.join(tmpdir(), "takoform-test-"));
  const lockFile = path.join(dir, ".terraform.lock.hcl");
  const lockBefore = existsSync(lockFile) ? readFileSync(lockFile) : undefined;
  let host: ThrowawayHost | undefined;
  let current: ChildProcess | undefined;
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    interrupted = true;
    current?.kill(signal);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    const token = `test-${randomBytes(24).toString("base64url")}`;
    const credentials = path.join(temp, "credentials.json");
    writeFileSync(credentials, JSON.stringify({ credentials: [{ token, tenant: "test", principal: "takoform-test" }] }) + "\n", { mode: 0o600 });
    host = await startThrowawayHost({ root, data: path.join(temp, "data"), credentials, log: path.join(temp, "host.log") });
    if (interrupted) return 130;
    const installed = installProvider({ dir: path.join(temp, "terraform"), root, version });
    mkdirSync(path.join(temp, "tf-data"), { recursive: true });
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      TF_CLI_CONFIG_FILE: installed.cliConfigFile,
      TF_DATA_DIR: path.join(temp, "tf-data"),
      TAKOFORM_ENDPOINT: host.url,
      TAKOFORM_TOKEN: token,
      CHECKPOINT_DISABLE: "1",
      TF_IN_AUTOMATION: "1",
    };
    console.error(`takoform test: throwaway host ${host.url} (pid ${host.pid}, files in ${temp}), terraform test in ${dir}`);
    const track = (c: ChildProcess | undefined) => (current = c);
    const init = await runInherited("terraform", ["init", "-input=false", "-no-color"], dir, env, track, true);
    if (interrupted) return 130;
    if (init !== 0) {
      console.error(`takoform test: terraform init failed (exit ${init}), its output above`);
      return init;
    }
    const code = await runInherited("terraform", ["test", ...opts.passThrough], dir, env, track);
    if (interrupted) return 130;
    console.error(`takoform test: terraform test exited ${code}`);
    return code;
  } catch (err) {
    console.error(`takoform test: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    if (host !== undefined) await host.stop();
    if (!opts.keepLock) {
      if (lockBefore === undefined) rmSync(lockFile, { force: true });
      else writeFileSync(lockFile, lockBefore);
    }
    rmSync(temp, { recursive: true, force: true });
  }
}
