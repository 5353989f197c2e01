// Shared helpers of the runtime tests: an in-process host WITH its runtime (real workerd through
// Miniflare, gateway on a free port), deploying a worker through the Host API, and requests
// through the gateway by Host header.

import { randomUUID, createHash } from "node:crypto";
import http from "node:http";
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RuntimeOptions } from "../../host/runtime/index.js";
import { startHost, type RunningHost } from "../../host/server.js";
import { builtinCatalog, CREDENTIALS, OTHER_TENANT, PRIMARY } from "../unit/host/harness.js";
import { apply, commitFiles, commitManifest, read, ref, refOf } from "../unit/host/client.js";

export { commitFiles };

export const kind = (k: string) => refOf(builtinCatalog(), k);
const sha256 = (bytes: Buffer) => "sha256:" + createHash("sha256").update(bytes).digest("hex");

export interface RuntimeHost {
  url: string;
  dataDir: string;
  host: RunningHost;
  gatewayPort: number;
  /** Moves the runtime's clock forward (cron). */
  advance(ms: number): void;
  close(): Promise<void>;
}

/** A host with its runtime on `dataDir`; without one, on a temporary folder removed at close. */
export async function startRuntimeHost(
  given?: string,
  runtime: Pick<
    RuntimeOptions,
    "stallLimitMs" | "stallCheckMs" | "stallPolicy" | "logBudget" | "workerOutput" | "storageQuota" | "memoryPolicy" | "graceMs"
  > = {},
): Promise<RuntimeHost> {
  const dataDir = given ?? mkdtempSync(path.join(os.tmpdir(), "takoform-runtime-"));
  let offset = 0;
  const host = await startHost({
    dataDir,
    engine: "sqlite",
    port: 0,
    catalog: builtinCatalog(),
    credentials: CREDENTIALS,
    asyncCommitDelayMs: 0,
    report: (error) => console.error(error),
    runtime: { gatewayPort: 0, now: () => Date.now() + offset, ...runtime },
  });
  return {
    url: host.url,
    dataDir,
    host,
    gatewayPort: host.runtime!.gateway.port,
    advance: (ms) => void (offset += ms),
    close: async () => {
      await host.close();
      if (given === undefined) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface GatewayReply {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** One request through the gateway, addressed by Host header. */
export function viaGateway(
  port: number,
  hostname: string,
  pathname = "/",
  options: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<GatewayReply> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, path: pathname, method: options.method ?? "GET", headers: { host: `${hostname}:${port}`, ...options.headers }, agent: false },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

/** Polls until `check` holds for a gateway answer (the runtime reconciles after the commit). */
export async function eventually<T>(probe: () => Promise<T>, check: (value: T) => boolean, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await probe();
    if (check(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms; last: ${JSON.stringify(last)}`);
}

/** A process's state letter and parent pid from /proc (Linux), or undefined once it is gone. */
export function processStat(pid: number): { state: string; ppid: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // "pid (comm) state ppid ...": comm may hold spaces, so read after its closing parenthesis
    const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: state!, ppid: Number(ppid) };
  } catch {
    return undefined;
  }
}

/** Whether `pid` runs (gone and zombie both count as ended). */
export function alive(pid: number): boolean {
  const stat = processStat(pid);
  return stat !== undefined && stat.state !== "Z";
}

/** The running workerd processes whose parent is `parent` (Miniflare starts workerd as its process's child). */
export function workerdChildrenOf(parent: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trimEnd() !== "workerd") continue;
    } catch {
      continue; // ended meanwhile
    }
    const stat = processStat(Number(entry));
    if (stat?.ppid === parent && stat.state !== "Z") pids.push(Number(entry));
  }
  return pids.sort((a, b) => a - b);
}

/** The process listening on 127.0.0.1:`port` (from /proc/net/tcp and the processes' socket fds), if any. */
export function listenerPid(port: number): number | undefined {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  const inode = readFileSync("/proc/net/tcp", "utf8")
    .split("\n")
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .find((fields) => fields[1] === `0100007F:${hexPort}` && fields[3] === "0A")?.[9];
  if (inode === undefined) return undefined;
  for (const pid of workerdChildrenOf(process.pid)) {
    try {
      if (readdirSync(`/proc/${pid}/fd`).some((fd) => readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`)) return pid;
    } catch {
      continue; // ended meanwhile
    }
  }
  return undefined;
}

export async function must(reply: Promise<{ status: number; text: string }>, what: string, status = 201): Promise<void> {
  const r = await reply;
  if (r.status !== status) throw new Error(`${what}: ${r.status} ${r.text}`);
}

export async function commitModules(base: string, modules: [string, string, string?][], token = PRIMARY): Promise<string> {
  const blobs = modules.map(([, source]) => Buffer.from(source));
  const manifest = {
    apiVersion: "artifacts.takoform.com/v1alpha1",
    kind: "WorkerBundle",
    mainModule: modules[0]![0],
    modules: modules.map(([name, , mediaType], i) => ({
      name,
      mediaType: mediaType ?? "application/javascript+module",
      size: blobs[i]!.length,
      digest: sha256(blobs[i]!),
    })),
  };
  return commitManifest(base, manifest, blobs, token);
}

export interface VersionSpec {
  source: string;
  handlers?: string[];
  vars?: Record<string, unknown>;
  extra?: Record<string, unknown>;
}

/** Creates a bundle + version of `worker` in `space`; returns the version name. */
export async function createVersion(base: string, space: string, worker: string, spec: VersionSpec, token = PRIMARY): Promise<string> {
  const salt = randomUUID().slice(0, 8);
  const digest = await commitModules(base, [["index.js", `// ${salt}\n${spec.source}`]], token);
  const bundle = `${worker}-b-${salt}`;
  await must(apply(base, kind("WorkerBundle"), bundle, space, { manifestDigest: digest }, { token }), "bundle");
  const version = `${worker}-v-${salt}`;
  await must(
    apply(
      base,
      kind("WorkerVersion"),
      version,
      space,
      {
        worker: ref("ModuleWorker", worker),
        bundle: ref("WorkerBundle", bundle),
        handlers: spec.handlers ?? ["fetch"],
        ...(spec.vars === undefined ? {} : { vars: spec.vars }),
        ...(spec.extra ?? {}),
      },
      { token },
    ),
    "version",
  );
  return version;
}

export async function generationOf(base: string, kindName: string, name: string, space: string, token = PRIMARY): Promise<string> {
  const r = await read(base, kind(kindName), name, space, token);
  return r.json.metadata.generation as string;
}

/** Sets the worker's deployment (creating it the first time). */
export async function deploy(base: string, space: string, worker: string, versions: [string, number][], token = PRIMARY): Promise<void> {
  const spec = { worker: ref("ModuleWorker", worker), versions: versions.map(([name, weight]) => ({ workerVersion: ref("WorkerVersion", name), weight })) };
  const existing = await read(base, kind("WorkerDeployment"), worker, space, token);
  if (existing.status === 404) await must(apply(base, kind("WorkerDeployment"), worker, space, spec, { token }), "deployment");
  else
    await must(apply(base, kind("WorkerDeployment"), worker, space, spec, { token, generation: existing.json.metadata.generation }), "deployment update", 200);
}

/** A worker with one version, its deployment and an endpoint; returns the endpoint's hostname. */
export async function deployWorker(
  base: string,
  space: string,
  worker: string,
  spec: VersionSpec,
  token = PRIMARY,
): Promise<{ hostname: string; version: string }> {
  await must(apply(base, kind("ModuleWorker"), worker, space, {}, { token }), "worker");
  const version = await createVersion(base, space, worker, spec, token);
  await deploy(base, space, worker, [[version, 10000]], token);
  const endpoint = await apply(base, kind("WorkerEndpoint"), worker, space, { worker: ref("ModuleWorker", worker) }, { token });
  if (endpoint.status !== 201) throw new Error(`endpoint: ${endpoint.status} ${endpoint.text}`);
  return { hostname: endpoint.json.status.outputs.hostname as string, version };
}

/** Two tenants of the test credentials: the primary token's and OTHER_TENANT's. */
export const FIRST_TENANT = CREDENTIALS[0]!.tenant;
export const SECOND_TENANT = CREDENTIALS.find((c) => c.token === OTHER_TENANT)!.tenant;

/**
 * Deploys one worker for each of the two tenants (named `first` and `second`, in `space`), has the
 * runtime reconcile and waits until both hostnames answer 200 through the gateway.
 */
export async function deployTwoTenants(
  host: RuntimeHost,
  space: string,
  first: [name: string, source: string],
  second: [name: string, source: string],
): Promise<{ first: string; second: string }> {
  const { hostname: a } = await deployWorker(host.url, space, first[0], { source: first[1] });
  const { hostname: b } = await deployWorker(host.url, space, second[0], { source: second[1] }, OTHER_TENANT);
  await host.host.runtime!.reconcile();
  for (const hostname of [a, b])
    await eventually(
      () => viaGateway(host.gatewayPort, hostname),
      (r) => r.status === 200,
      `${hostname} serves`,
    );
  return { first: a, second: b };
}
