// The demo's host: `takoform host` on its embedded SQLite store, started detached so it keeps
// running after the demo exits, with a generated credential. A host recorded in host.json that
// still answers is reused.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { repoRoot, type DemoPaths } from "./paths.js";

export interface RunningHost {
  pid: number;
  url: string;
  token: string;
  reused: boolean;
  /** The gateway's port (the runtime serves every endpoint at http://<hostname>:PORT/). */
  gatewayPort?: number;
}

export interface HostStartOptions {
  /** Default 8787; 0 picks a free port (tests running side by side). */
  gatewayPort?: number;
}

function credentialToken(paths: DemoPaths): string {
  if (existsSync(paths.credentials)) {
    const doc = JSON.parse(readFileSync(paths.credentials, "utf8")) as { credentials: { token: string }[] };
    const token = doc.credentials[0]?.token;
    if (token !== undefined) return token;
  }
  const token = `demo-${randomBytes(24).toString("base64url")}`;
  writeFileSync(paths.credentials, JSON.stringify({ credentials: [{ token, tenant: "demo", principal: "demo" }] }, null, 2) + "\n", { mode: 0o600 });
  return token;
}

export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function answers(url: string, token: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/.well-known/takoform/v1beta1`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(3000) });
    return res.status === 200;
  } catch {
    return false;
  }
}

export function recordedHost(paths: DemoPaths): { pid: number; url: string; gatewayPort?: number } | undefined {
  if (!existsSync(paths.hostState)) return undefined;
  return JSON.parse(readFileSync(paths.hostState, "utf8")) as { pid: number; url: string; gatewayPort?: number };
}

export async function ensureHost(paths: DemoPaths, options: HostStartOptions = {}): Promise<RunningHost> {
  mkdirSync(paths.hostData, { recursive: true });
  const token = credentialToken(paths);
  const known = recordedHost(paths);
  if (known !== undefined && pidAlive(known.pid) && (await answers(known.url, token))) return { ...known, token, reused: true };

  const out = path.join(paths.root, "host.stdout");
  const outFd = openSync(out, "w");
  const errFd = openSync(paths.hostLog, "a");
  const child = spawn(
    process.execPath,
    [
      path.join(repoRoot, "bin", "takoform.mjs"),
      "host",
      "--port",
      "0",
      "--data",
      paths.hostData,
      "--credentials",
      paths.credentials,
      "--gateway-port",
      String(options.gatewayPort ?? 8787),
    ],
    {
      detached: true,
      stdio: ["ignore", outFd, errFd],
    },
  );
  child.unref();
  closeSync(outFd);
  closeSync(errFd);
  const pid = child.pid;
  if (pid === undefined) throw new Error("could not start takoform host");
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const lines = readFileSync(out, "utf8").split("\n");
    const match = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(lines[0] ?? "");
    const gateway = lines.map((line) => /^gateway on port (\d+)/.exec(line)).find((m) => m !== null);
    if (match !== null && gateway !== undefined) {
      const url = match[1]!;
      const gatewayPort = Number(gateway![1]);
      writeFileSync(paths.hostState, JSON.stringify({ pid, url, gatewayPort }, null, 2) + "\n");
      return { pid, url, token, reused: false, gatewayPort };
    }
    if (!pidAlive(pid)) throw new Error(`takoform host exited during start-up; see ${paths.hostLog}`);
    await sleep(200);
  }
  process.kill(pid, "SIGTERM");
  throw new Error("takoform host did not report its address within 60s");
}

/** Stops the recorded host (SIGTERM; it closes cleanly) and forgets it. */
export async function stopHost(paths: DemoPaths): Promise<boolean> {
  const known = recordedHost(paths);
  if (known === undefined || !pidAlive(known.pid)) return false;
  process.kill(known.pid, "SIGTERM");
  for (let i = 0; i < 100 && pidAlive(known.pid); i++) await sleep(100);
  return true;
}
