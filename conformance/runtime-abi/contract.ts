// The runtime ABI contract (takoform.runtime-abi-conformance@v1) as the runner reads it at run time
// from the reference corpus directory (never committed here, docs/decisions/0201-runtime-abi-
// runner.md): contract.json verified against manifest.json's sha256, every bundle module verified
// against its pinned sha256, and the required check list verified against the closed list below.

import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The 18 required checks, in the contract's order. The registry is typed over exactly these. */
export const RUNTIME_ABI_CHECKS = [
  "module-loads-and-exports-are-derived-from-bytes",
  "unsupported-module-media-type-refused",
  "main-module-missing-refused",
  "unparseable-module-refused",
  "declared-handler-not-exported-refused",
  "fetch-receives-request-env-and-context",
  "fetch-returns-a-response",
  "fetch-uncaught-throw-is-a-host-generated-response",
  "environment-projects-exactly-the-declared-names",
  "globals-floor-present",
  "kv-binding-round-trips-bytes-through-env",
  "request-body-streams-rather-than-buffering",
  "response-body-streams-rather-than-buffering",
  "service-request-body-streams-to-the-callee",
  "service-response-body-streams-from-the-callee",
  "wait-until-holds-the-isolate-and-a-rejection-leaves-the-response-alone",
  "scheduled-invoked-by-the-host-cron-attachment",
  "queue-batch-delivered-to-the-queue-handler",
] as const;

export type RuntimeCheckName = (typeof RUNTIME_ABI_CHECKS)[number];

export interface ContractModule {
  name: string;
  mediaType: string;
  source: string;
  sha256: string;
}

export interface ContractBundle {
  name: string;
  mainModule: string;
  modules: ContractModule[];
  exportedHandlers?: string[];
  unloadableError?: string;
}

export interface ContractTiming {
  deadlineSeconds: number;
  pollMillis?: number;
  gapMillis?: number;
  delayMillis?: number;
  chunks?: number;
  requestChunkSize?: [number, number];
}

export interface ContractCheck {
  name: RuntimeCheckName;
  procedure: string;
  bundle?: string;
  throughBinding?: string;
  request?: { method: string; path: string };
  expect?: { status: number; json?: Record<string, unknown> };
  payload?: { nonceTemplate?: string; bytesBase64?: string };
  timing?: ContractTiming;
  load?: { declaredHandlers: string[]; expectExportedHandlers?: string[]; expectError?: string };
}

export interface RuntimeAbiContract {
  format: string;
  loadableMediaTypes: string[];
  globalsFloor: string[];
  probeProtocol: { protocol: string; routePrefix: string; kvBinding: string; queueBinding: string; serviceBinding: string };
  runCorrelation: { placeholder: string; tokenBytes: number };
  deployment: {
    bundle: string;
    declaredHandlers: string[];
    vars: string[];
    sensitiveVars: string[];
    bindings: { name: string; interface: string }[];
    environmentPropertyNames: string[];
    cron: string;
    queue: string;
    peer: { bundle: string; declaredHandlers: string[]; identity: string };
  };
  bundles: ContractBundle[];
  checks: ContractCheck[];
  requiredChecks: string[];
}

/** A loaded, verified corpus: the contract and every module's bytes by source path. */
export interface RuntimeAbiCorpus {
  dir: string;
  contract: RuntimeAbiContract;
  bytes(source: string): Buffer;
  bundle(name: string): ContractBundle;
  check(name: RuntimeCheckName): ContractCheck;
}

export class CorpusError extends Error {}

const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

/** The reference corpus beside the repository (../shared/reference/...), when it is there. */
export function defaultBundlesDir(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // conformance/runtime-abi/ in the sources, dist/conformance/runtime-abi/ once built.
  for (const root of [path.resolve(here, "../.."), path.resolve(here, "../../..")]) {
    const dir = path.resolve(root, "../shared/reference/takoform/conformance/runtime-abi-v1");
    if (existsSync(path.join(dir, "contract.json"))) return dir;
  }
  return undefined;
}

export function loadRuntimeAbiCorpus(dir: string): RuntimeAbiCorpus {
  const read = (file: string) => {
    const at = path.join(dir, file);
    if (!existsSync(at)) throw new CorpusError(`${at} does not exist (pass --bundles DIR: the runtime-abi-v1 corpus directory)`);
    return readFileSync(at);
  };
  const manifest = JSON.parse(read("manifest.json").toString("utf8")) as { format: string; contract: string; sha256: string };
  const text = read(manifest.contract);
  if (sha256(text) !== manifest.sha256) throw new CorpusError(`${manifest.contract}: sha256 ${sha256(text)} is not the manifest's ${manifest.sha256}`);
  const contract = JSON.parse(text.toString("utf8")) as RuntimeAbiContract;
  if (contract.format !== "takoform.runtime-abi-conformance@v1") throw new CorpusError(`unknown contract format ${contract.format}`);
  const required = JSON.stringify(contract.requiredChecks);
  if (required !== JSON.stringify(RUNTIME_ABI_CHECKS)) throw new CorpusError(`the contract's requiredChecks ${required} are not the 18 this runner implements`);
  const bytes = new Map<string, Buffer>();
  for (const bundle of contract.bundles) {
    for (const module of bundle.modules) {
      const content = read(module.source);
      if (`sha256:${sha256(content)}` !== module.sha256) throw new CorpusError(`${module.source}: bytes do not match the pinned ${module.sha256}`);
      bytes.set(module.source, content);
    }
  }
  const peer = contract.bundles.find((b) => b.name === contract.deployment.peer.bundle);
  const identity = contract.deployment.peer.identity;
  if (peer === undefined || !peer.modules.some((m) => bytes.get(m.source)!.includes(identity)))
    throw new CorpusError("the peer identity is not derivable from the peer bundle's bytes");
  for (const bundle of contract.bundles) {
    if (bundle !== peer && bundle.modules.some((m) => bytes.get(m.source)!.includes(identity)))
      throw new CorpusError(`the peer identity appears in bundle ${bundle.name}`);
  }
  return {
    dir,
    contract,
    bytes: (source) => bytes.get(source)!,
    bundle(name) {
      const found = contract.bundles.find((b) => b.name === name);
      if (found === undefined) throw new CorpusError(`the contract has no bundle ${name}`);
      return found;
    },
    check(name) {
      const found = contract.checks.find((c) => c.name === name);
      if (found === undefined) throw new CorpusError(`the contract has no check ${name}`);
      return found;
    },
  };
}

/** The contract's template with the run token substituted for the placeholder. */
export function correlate(corpus: RuntimeAbiCorpus, template: string, token: string): string {
  return template.split(corpus.contract.runCorrelation.placeholder).join(token);
}
