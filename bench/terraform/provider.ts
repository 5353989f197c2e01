// The provider as Terraform sees it: installed with `takoform provider install --dir DIR` (which
// prints an export line for TF_CLI_CONFIG_FILE), launched with go-plugin's environment, and timed
// from spawn to its handshake line.

import { execFile, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { promisify } from "node:util";
import { oneLine } from "../lib/figure.js";
import { launcher, repoRoot } from "../lib/paths.js";
import { memoryOf } from "../lib/proc.js";
import { terminate } from "../lib/terminate.js";

const run = promisify(execFile);

export const MAGIC_COOKIE = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";
const HANDSHAKE = /^1\|6\|(unix|tcp)\|[^|]+\|grpc\|/;

export interface InstalledProvider {
  cliConfigFile: string;
  cliConfig: string;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; reason: string };

export async function installProvider(dir: string): Promise<Outcome<InstalledProvider>> {
  let stdout: string;
  try {
    ({ stdout } = await run(process.execPath, [launcher, "provider", "install", "--dir", dir], { cwd: repoRoot }));
  } catch (error) {
    const e = error as { stderr?: string; message: string; code?: number };
    return { ok: false, reason: `\`takoform provider install\` failed (exit ${e.code ?? "?"}): ${oneLine(e.stderr || e.message)}` };
  }
  const match = /export\s+TF_CLI_CONFIG_FILE=(["']?)([^"'\n]+)\1/.exec(stdout);
  if (match === null) return { ok: false, reason: `\`takoform provider install\` printed no TF_CLI_CONFIG_FILE export line: ${oneLine(stdout)}` };
  const cliConfigFile = match[2]!.trim();
  if (!existsSync(cliConfigFile)) return { ok: false, reason: `the installed CLI configuration ${cliConfigFile} does not exist` };
  return { ok: true, value: { cliConfigFile, cliConfig: readFileSync(cliConfigFile, "utf8") } };
}

/** The executable Terraform will launch: terraform-provider-takoform* below dir, if any. */
export function findProviderExecutable(dir: string): string | undefined {
  if (!existsSync(dir)) return undefined;
  const stack = [dir];
  while (stack.length > 0) {
    const current = stack.pop()!;
    for (const name of readdirSync(current)) {
      const full = path.join(current, name);
      const st = statSync(full);
      if (st.isDirectory()) stack.push(full);
      else if (name.startsWith("terraform-provider-takoform") && (st.mode & 0o111) !== 0) return full;
    }
  }
  return undefined;
}

/** A self-signed client certificate PEM, as go-plugin's AutoMTLS passes in PLUGIN_CLIENT_CERT. */
export async function clientCertificate(dir: string): Promise<Outcome<string>> {
  const cert = path.join(dir, "client-cert.pem");
  try {
    await run("openssl", [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      path.join(dir, "client-key.pem"),
      "-out",
      cert,
      "-days",
      "1",
      "-subj",
      "/O=HashiCorp/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost",
    ]);
  } catch (error) {
    return { ok: false, reason: `openssl could not make a client certificate: ${oneLine((error as Error).message)}` };
  }
  return { ok: true, value: readFileSync(cert, "utf8") };
}

export function pluginEnvironment(clientCertPem: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE,
    PLUGIN_PROTOCOL_VERSIONS: "6",
    PLUGIN_MIN_PORT: "10000",
    PLUGIN_MAX_PORT: "25000",
    PLUGIN_CLIENT_CERT: clientCertPem,
  };
}

export interface ColdStart {
  /** Spawn to the handshake line, ms. */
  handshakeMs: number;
  /** VmHWM when the handshake line arrived, bytes. */
  peakRssAtHandshake: number;
}

/**
 * Spawns the provider, waits for its handshake line, then stops it: SIGTERM, so that it removes
 * its socket folder as it does when Terraform ends it, and SIGKILL only if it has not exited 2 s
 * later. Settles once the process is gone, so that samples never overlap.
 */
export function coldStart(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<ColdStart> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    let settled = false;
    child.stderr.on("data", (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)));
    const lines = createInterface({ input: child.stdout });
    const timer = setTimeout(() => finish(new Error("no handshake line within 30 s")), 30_000);
    const finish = (error: Error | undefined, value?: ColdStart) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void terminate(child, 2_000).then(() => (error !== undefined ? reject(error) : resolve(value!)));
    };
    lines.once("line", (line) => {
      const handshakeMs = performance.now() - t0;
      if (!HANDSHAKE.test(line)) return finish(new Error(`first stdout line is not a go-plugin handshake: ${oneLine(line, 120)}`));
      finish(undefined, { handshakeMs, peakRssAtHandshake: memoryOf(child.pid!)?.peak ?? Number.NaN });
    });
    child.once("error", (error) => finish(error));
    child.once("exit", (code, signal) => {
      // Give a buffered last line or stderr a moment to arrive before explaining the exit.
      setTimeout(() => finish(new Error(`provider exited (${signal ?? code}) before its handshake: ${oneLine(stderr || "(no stderr)")}`)), 50);
    });
  });
}
