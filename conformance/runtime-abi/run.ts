// takoform runtime-conformance: deploy the probe through the Host API, then measure the 18
// required checks of runtime-abi-v1 over the probe protocol, with one fresh run token per run,
// then remove everything the run created (a run leaves no space behind).

import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { RuntimeCheckFailure, Unmeasured, type RuntimeCheckContext, type RuntimeCheckResult } from "./check.js";
import { loadRuntimeAbiCorpus, RUNTIME_ABI_CHECKS, type RuntimeCheckName } from "./contract.js";
import { deployProbe } from "./deploy.js";
import { RuntimeHostApi } from "./host-api.js";
import { RUNTIME_REGISTRY } from "./registry.js";
import { exchange, pollUntil } from "./wire.js";

/** Where the host exposes the loader adapter, and only under --conformance-probes. */
export const LOADER_PATH = "/x-takoform/v1/conformance/runtime-abi/load";

export interface RuntimeRunOptions {
  host: string;
  credentialsFile: string;
  /** The gateway origin the probe's endpoint is served on (default http://127.0.0.1:8787). */
  gateway?: string;
  bundlesDir: string;
  only?: string[];
  deadlineScale?: number;
  onResult?: (result: RuntimeCheckResult) => void;
  /** Called once the probe is deployed (tests use it to put a mutant in front of the gateway). */
  log?: (line: string) => void;
}

export interface RuntimeReport {
  classification: "deployed-runtime-conformance-run";
  proves: string;
  completeness: "complete" | "partial";
  publicationReady: false;
  runToken: string;
  space: string;
  hostname: string;
  checks: RuntimeCheckResult[];
  /** What the run created and could not remove at its end (empty: its space is left empty). */
  leftBehind: string[];
}

export class RuntimeSetupError extends Error {}

/** Procedures that wait for the runtime to store an observation (light: one request per poll). */
const POLLING = new Set(["scheduledObservation", "queueRoundTrip", "kvRoundTrip", "waitUntil"]);
/** Procedures that judge when bytes arrive. */
const STREAMING = new Set(["requestStream", "responseStream"]);

function primaryToken(file: string): string {
  const doc = JSON.parse(readFileSync(file, "utf8")) as { credentials?: { token?: string }[] };
  const token = doc.credentials?.find((c) => typeof c.token === "string")?.token;
  if (token === undefined) throw new RuntimeSetupError(`${file}: no credential with a clear "token"`);
  return token;
}

export async function runRuntimeConformance(options: RuntimeRunOptions): Promise<RuntimeReport> {
  const corpus = loadRuntimeAbiCorpus(options.bundlesDir);
  const selected = (options.only?.length ? options.only : [...RUNTIME_ABI_CHECKS]) as RuntimeCheckName[];
  for (const name of selected) if (!(RUNTIME_ABI_CHECKS as readonly string[]).includes(name)) throw new RuntimeSetupError(`unknown check ${name}`);
  const host = options.host.replace(/\/+$/, "");
  const api = new RuntimeHostApi(host, primaryToken(options.credentialsFile));
  const token = randomBytes(corpus.contract.runCorrelation.tokenBytes).toString("hex");
  const space = `runtime-abi-${token.slice(0, 12)}`;
  // Whatever happens, the run removes what it created (its whole space) before it answers.
  let leftBehind: string[] | undefined;
  try {
    const report = await deployAndMeasure(options, corpus, selected, api, token, space);
    leftBehind = await api.teardown();
    if (leftBehind.length > 0) options.log?.(`cleanup left ${leftBehind.length} behind in space ${space}: ${leftBehind.join("; ")}`);
    return { ...report, leftBehind };
  } finally {
    if (leftBehind === undefined) await api.teardown().catch(() => undefined);
  }
}

async function deployAndMeasure(
  options: RuntimeRunOptions,
  corpus: ReturnType<typeof loadRuntimeAbiCorpus>,
  selected: RuntimeCheckName[],
  api: RuntimeHostApi,
  token: string,
  space: string,
): Promise<Omit<RuntimeReport, "leftBehind">> {
  const deployment = await deployProbe(api, corpus, space, `takoform-runtime-abi-${token}`);
  const gateway = { url: new URL(options.gateway ?? "http://127.0.0.1:8787"), hostname: deployment.hostname };
  options.log?.(`run token ${token}; probe deployed in space ${space} at ${deployment.hostname} (gateway ${gateway.url.origin})`);
  // The data plane reconciles after the commits: wait until the probe answers.
  const ready = await pollUntil(
    () => exchange(gateway, "GET", "/abi/health").catch(() => ({ status: 0 })),
    (r) => r.status === 200,
    60,
    250,
  );
  if (!ready.met)
    throw new RuntimeSetupError(
      `the deployed probe never answered GET /abi/health through ${gateway.url.origin} (Host: ${deployment.hostname}); last status ${ready.value.status}`,
    );
  const loaderProbe = await api.call("POST", LOADER_PATH, {});
  const hasLoader = loaderProbe.status !== 404 || loaderProbe.json?.error?.code !== "resource_not_found";
  const ctx: RuntimeCheckContext = {
    corpus,
    token,
    gateway,
    deadlineScale: options.deadlineScale ?? 1,
    ...(hasLoader ? { loader: async (body: unknown) => api.call("POST", LOADER_PATH, body) } : {}),
  };
  const attempt = async (name: RuntimeCheckName): Promise<RuntimeCheckResult> => {
    try {
      return { name, status: "passed", message: await RUNTIME_REGISTRY[name].run(ctx, corpus.check(name)), millis: 0 };
    } catch (error) {
      const status = error instanceof Unmeasured ? "unmeasured" : "failed";
      const message =
        error instanceof RuntimeCheckFailure || error instanceof Unmeasured ? error.message : `the check could not complete: ${(error as Error).message}`;
      return { name, status, message, millis: 0 };
    }
  };
  const runOne = async (name: RuntimeCheckName): Promise<RuntimeCheckResult> => {
    const started = Date.now();
    let result = await attempt(name);
    // A streaming check judges arrival times, which one stall of the machine (not of the runtime)
    // can bunch; a buffering runtime bunches every time. So a failed streaming check is measured
    // once more and the report keeps both observations.
    if (result.status === "failed" && STREAMING.has(corpus.check(name).procedure)) {
      const first = result.message;
      result = await attempt(name);
      result.message = `${result.message} (measured twice; the first measurement: ${first})`;
    }
    result.millis = Date.now() - started;
    options.onResult?.(result);
    return result;
  };
  // Checks that mostly wait (polling an observation the runtime stores later) run beside the rest;
  // everything else runs one at a time, so no load the run itself causes (a loader instance
  // starting, a concurrent check) can bunch the chunks a streaming check times.
  const waiting = selected.filter((name) => POLLING.has(corpus.check(name).procedure));
  const inTurn = selected.filter((name) => !waiting.includes(name));
  const background = Promise.all(waiting.map(runOne));
  const sequential: RuntimeCheckResult[] = [];
  for (const name of inTurn) sequential.push(await runOne(name));
  const byName = new Map([...(await background), ...sequential].map((r) => [r.name, r]));
  const results = selected.map((name) => byName.get(name)!);
  const complete = results.length === RUNTIME_ABI_CHECKS.length && results.every((r) => r.status !== "unmeasured");
  return {
    classification: "deployed-runtime-conformance-run",
    proves: "what the deployed runtime of this host did with the reference probe bundles during this run, and nothing about any other deployment",
    completeness: complete ? "complete" : "partial",
    publicationReady: false,
    runToken: token,
    space,
    hostname: deployment.hostname,
    checks: results,
  };
}
