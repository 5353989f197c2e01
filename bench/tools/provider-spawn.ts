// Provider process start, measured the way issue 19 asks: in rounds, each round a bare
// `node -e 0` (spawn to exit) and then every provider variant in a rotating order, each timed
// from spawn to its go-plugin handshake line and to the answer of its first RPC (GetMetadata over
// the AutoMTLS connection Terraform would make: what the handlers cost to load). Prints every
// round, then per variant the median, min and max of the times and of the per-round ratio to the
// bare start of the same round, with the machine's load beside them.
//
// usage: npx tsx bench/tools/provider-spawn.ts [--runs 9] [--command PATH]
//          [--variant NAME=VAR=VALUE[,VAR=VALUE...]]...
// Without --command the provider is installed from this checkout into a scratch directory (the
// bundle included, as `takoform provider install` does). A variant runs the same executable with
// extra environment, e.g. --variant plain= --variant cache=TAKOFORM_PROVIDER_CODE_CACHE=off.
// The default variants are the two starts bench/terraform.ts reports: `cold` (spares off: the
// launcher execs node, the target row of issue 19) and `first-call` (a command's first call: the
// launcher starts the command's spare and relays its line, ADR 0290). A variant that does not set
// TAKOFORM_PROVIDER_SPARE gets the launcher's default, which here (stdin is not a terminal) is a
// first call, not a cold start. CPU is read from the process Terraform would have started; it is
// reported only when that process is node itself (a first call's node is not the launcher's
// child once the launcher's subshell has started it, so its CPU is not read).

import { spawn } from "node:child_process";
import http2 from "node:http2";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { parseArgs } from "node:util";
import { launcher, scratchDir } from "../lib/paths.js";
import { median } from "../lib/stats.js";
import { timeToExit } from "../lib/spawn-timing.js";
import { terminate } from "../lib/terminate.js";
import { clientCertificate, findProviderExecutable, installProvider, pluginEnvironment } from "../terraform/provider.js";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "9" },
    command: { type: "string" },
    variant: { type: "string", multiple: true, default: ["cold=TAKOFORM_PROVIDER_SPARE=off", "first-call=TAKOFORM_PROVIDER_SPARE=command"] },
  },
});
const runs = Math.max(1, Number(values.runs));

const FIGURES = ["handshake", "firstRpc", "handshakeCpu", "firstRpcCpu"] as const;
type FigureName = (typeof FIGURES)[number];

interface Variant {
  name: string;
  env: Record<string, string>;
  /** Per round: the time, and its ratio to the bare start of the same round. */
  ms: Record<FigureName, number[]>;
  ratio: Record<FigureName, number[]>;
}

function parseVariant(spec: string): Variant {
  const eq = spec.indexOf("=");
  const name = eq < 0 ? spec : spec.slice(0, eq);
  const env: Record<string, string> = {};
  for (const pair of (eq < 0 ? "" : spec.slice(eq + 1)).split(",").filter(Boolean)) {
    const at = pair.indexOf("=");
    env[pair.slice(0, at)] = pair.slice(at + 1);
  }
  const empty = () => ({ handshake: [], firstRpc: [], handshakeCpu: [], firstRpcCpu: [] });
  return { name, env, ms: empty(), ratio: empty() };
}

function pemFromUnpadded(b64: string): string {
  const padded = b64 + "=".repeat((4 - (b64.length % 4)) % 4);
  return `-----BEGIN CERTIFICATE-----\n${padded.replace(/.{64}/g, "$&\n")}\n-----END CERTIFICATE-----\n`;
}

/** One unary call with an empty request, as Terraform's go-plugin client makes it (mTLS, pinned server certificate). */
function emptyCall(line: string, client: { certPem: string; keyPem: string }, method: string): Promise<void> {
  const [, , network, address, , certB64] = line.trim().split("|");
  const authority = network === "unix" ? "https://localhost" : `https://${address}`;
  return new Promise((resolve, reject) => {
    const session = http2.connect(authority, {
      ...(network === "unix" ? { path: address } : {}),
      ca: pemFromUnpadded(certB64!),
      cert: client.certPem,
      key: client.keyPem,
      servername: "localhost",
    } as http2.SecureClientSessionOptions);
    session.once("error", reject);
    const req = session.request({ ":method": "POST", ":path": method, "content-type": "application/grpc", te: "trailers" });
    req.on("data", () => undefined);
    req.once("trailers", (t) => (t["grpc-status"] === "0" ? undefined : reject(new Error(`${method}: grpc-status ${String(t["grpc-status"])}`))));
    req.once("end", () => {
      session.close();
      resolve();
    });
    req.once("error", reject);
    req.end(Buffer.alloc(5));
  });
}

/**
 * CPU time a live process has used so far, ms: the sum over its threads of /proc's schedstat
 * (nanoseconds on the CPU). Far steadier than wall time on a loaded machine. NaN off Linux.
 */
function cpuMsOf(pid: number): number {
  try {
    let ns = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
    return ns / 1e6;
  } catch {
    return Number.NaN;
  }
}

/** `cpuMsOf(pid)` when pid runs node (not a launcher's shell that relays a spare's line), else NaN. */
function nodeCpuMsOf(pid: number): number {
  try {
    return path.basename(readlinkSync(`/proc/${pid}/exe`)).startsWith("node") ? cpuMsOf(pid) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Spawn to the first line of `node -e` that prints one line and idles: wall and CPU ms (the bare floor for CPU). */
function bareLine(): Promise<{ wall: number; cpu: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ["-e", "process.stdout.write('ready\\n'); setTimeout(() => {}, 30000)"], { stdio: ["ignore", "pipe", "ignore"] });
    child.once("error", reject);
    child.stdout.once("data", () => {
      const wall = performance.now() - t0;
      const cpu = cpuMsOf(child.pid!);
      child.kill("SIGKILL");
      resolve({ wall, cpu });
    });
  });
}

interface Sample {
  handshake: number;
  firstRpc: number;
  /** CPU ms of the provider when its handshake line arrived, and when its first RPC was answered. */
  handshakeCpu: number;
  firstRpcCpu: number;
}

/** Spawn -> handshake line -> first RPC answered; ms from spawn, and the provider's CPU ms at each. */
function startOnce(command: string, env: NodeJS.ProcessEnv, client: { certPem: string; keyPem: string }): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(command, [], { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    let handshake: number | undefined;
    const done = (e: Error | undefined, v?: Sample) => {
      if (e) {
        child.kill("SIGKILL");
        return reject(e);
      }
      // SIGTERM: the provider exits through its exit handlers (as after Terraform's Shutdown, which
      // is when it writes its code cache); the next start waits for this one to be gone.
      void terminate(child, 3000).then(() => resolve(v!));
    };
    child.stderr.on("data", (d: Buffer) => (err = (err + d.toString()).slice(-2000)));
    child.once("exit", (code) => {
      if (handshake === undefined) done(new Error(`provider exited (${code}) before its handshake: ${err}`));
    });
    child.stdout.on("data", (d: Buffer) => {
      if (handshake !== undefined) return;
      out += d.toString();
      if (!out.includes("\n")) return;
      handshake = performance.now() - t0;
      const h = handshake;
      const handshakeCpu = nodeCpuMsOf(child.pid!);
      emptyCall(out, client, "/tfplugin6.Provider/GetMetadata").then(
        () => done(undefined, { handshake: h, firstRpc: performance.now() - t0, handshakeCpu, firstRpcCpu: nodeCpuMsOf(child.pid!) }),
        (e: Error) => done(e),
      );
    });
  });
}

function row(label: string, xs: number[], unit: string): string {
  if (xs.some((x) => Number.isNaN(x))) return `${label.padEnd(44)} not read (the launcher relayed a spare's line)`;
  const f = (x: number) => (unit === "x" ? x.toFixed(2) : x.toFixed(1));
  return `${label.padEnd(44)} median ${f(median(xs))}${unit}  min ${f(Math.min(...xs))}${unit}  max ${f(Math.max(...xs))}${unit}`;
}

const dir = scratchDir("provider-spawn");
let command = values.command;
if (command === undefined) {
  const installed = await installProvider(path.join(dir, "provider"));
  if (!installed.ok) throw new Error(installed.reason);
  command = findProviderExecutable(path.join(dir, "provider"));
  if (command === undefined) throw new Error(`no provider executable below ${dir} (launcher ${launcher})`);
}
const cert = await clientCertificate(dir);
if (!cert.ok) throw new Error(cert.reason);
const client = { certPem: cert.value, keyPem: readFileSync(path.join(dir, "client-key.pem"), "utf8") };
const variants = values.variant.map(parseVariant);
const bare: number[] = [];
const bareCpu: number[] = [];
const loads: number[] = [];
const LABELS: Record<FigureName, string> = {
  handshake: "spawn to handshake",
  firstRpc: "spawn to first RPC",
  handshakeCpu: "CPU to handshake",
  firstRpcCpu: "CPU to first RPC",
};

console.log(`provider: ${command}`);
for (let i = 0; i < runs; i++) {
  loads.push(os.loadavg()[0]!);
  const b = await timeToExit(process.execPath, ["-e", "0"]);
  const line = await bareLine();
  bare.push(b);
  bareCpu.push(line.cpu);
  const order = variants.map((_, k) => variants[(k + i) % variants.length]!);
  const parts = [`round ${i + 1}: load ${loads[i]!.toFixed(2)}  bare ${b.toFixed(1)} ms (cpu ${line.cpu.toFixed(1)})`];
  for (const v of order) {
    const s = await startOnce(command, { ...pluginEnvironment(cert.value), ...v.env }, client);
    for (const f of FIGURES) {
      v.ms[f].push(s[f]);
      v.ratio[f].push(s[f] / (f.endsWith("Cpu") ? line.cpu : b));
    }
    const cpu = Number.isNaN(s.handshakeCpu) ? "" : ` (cpu ${s.handshakeCpu.toFixed(1)}/${s.firstRpcCpu.toFixed(1)})`;
    parts.push(`${v.name} ${s.handshake.toFixed(1)}/${s.firstRpc.toFixed(1)} ms${cpu}`);
  }
  console.log(parts.join("  "));
}
console.log(`\n${runs} rounds, load median ${median(loads).toFixed(2)} (min ${Math.min(...loads).toFixed(2)}, max ${Math.max(...loads).toFixed(2)})`);
console.log(row("bare `node -e 0`: spawn to exit", bare, " ms"));
console.log(row("bare node: CPU to its first line", bareCpu, " ms"));
for (const v of variants) {
  for (const f of FIGURES) {
    console.log(row(`${v.name}: ${LABELS[f]}`, v.ms[f], " ms"));
    console.log(row(`${v.name}: ${LABELS[f]} / bare`, v.ratio[f], "x"));
  }
}
