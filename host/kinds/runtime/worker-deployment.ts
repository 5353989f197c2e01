// WorkerDeployment -> the router worker of its ModuleWorker: picks a version by weight (split.ts),
// serves that version's static assets before its code (or after a 404 with runWorkerFirst), and
// answers on every hostname an endpoint or custom domain gives the worker (`routes`, which the front
// worker routes by, front.ts).

import type { WorkerOptions } from "miniflare";
import type { ResourceRecord } from "../../store/records.js";
import { refAt, type Ref } from "../../runtime/desired.js";
import { routerWorkerName, versionWorkerName } from "../../runtime/names.js";
import { cumulativeWeights, SPLIT_SOURCE } from "../../runtime/split.js";
import { assetLookup, ASSET_MISS_HEADER } from "./static-asset-bundle.js";
import {
  COMPATIBILITY_DATE,
  HOST_WORKER,
  ProjectionError,
  type DeploymentTarget,
  type NodeBinding,
  type ProjectionDeps,
  type RuntimeProjection,
} from "../../runtime/projection.js";

export function deploymentTarget(deployment: ResourceRecord, deps: ProjectionDeps): DeploymentTarget {
  const worker = deps.desired.resolve(deployment, refAt(deployment.spec, "worker"));
  if (worker === undefined) throw new ProjectionError(`the ModuleWorker ${refAt(deployment.spec, "worker")?.name} is gone`);
  const entries = (deployment.spec["versions"] ?? []) as unknown as { workerVersion: Ref; weight: number }[];
  const versions = entries.map((entry) => {
    const record = deps.desired.resolve(deployment, entry.workerVersion);
    if (record === undefined) throw new ProjectionError(`the WorkerVersion ${entry.workerVersion.name} is gone`);
    return { record, workerName: versionWorkerName(record), handlers: (record.spec["handlers"] ?? []) as string[] };
  });
  return {
    tenant: deployment.tenant,
    space: deployment.space,
    worker,
    router: routerWorkerName(worker),
    versions,
    cumulative: cumulativeWeights(entries.map((entry) => entry.weight)),
  };
}

export function routerWorker(target: DeploymentTarget, hostnames: readonly string[], deps: ProjectionDeps): WorkerOptions {
  const serviceBindings: Record<string, string | NodeBinding> = {};
  const table = target.versions.map((version, index) => {
    serviceBindings[`V${index}`] = version.workerName;
    const assets = version.record.spec["assets"] as { bundle: Ref; runWorkerFirst: boolean; notFoundHandling: "none" | "single_page_application" } | undefined;
    let lookup: NodeBinding | undefined;
    if (assets !== undefined) {
      const bundle = deps.desired.resolve(version.record, assets.bundle);
      lookup = bundle === undefined ? undefined : assetLookup(bundle, assets.notFoundHandling, deps);
      if (lookup === undefined) throw new ProjectionError(`the StaticAssetBundle ${assets.bundle.name} of ${version.record.name} is not available`);
      serviceBindings[`A${index}`] = lookup;
    }
    return { fetch: version.handlers.includes("fetch"), assets: assets === undefined ? null : { runWorkerFirst: assets.runWorkerFirst } };
  });
  const script = `${SPLIT_SOURCE}
const CUMULATIVE = ${JSON.stringify(target.cumulative)};
const VERSIONS = ${JSON.stringify(table)};
const MISS = ${JSON.stringify(ASSET_MISS_HEADER)};
let counter = 0;
export default {
  async fetch(request, env) {
    const index = pickVersion(CUMULATIVE, splitSlot(counter++));
    const version = VERSIONS[index];
    const lookup = version.assets !== null && (request.method === "GET" || request.method === "HEAD");
    if (lookup && !version.assets.runWorkerFirst) {
      const asset = await env["A" + index].fetch(new Request(request));
      if (!asset.headers.has(MISS)) return asset;
    }
    if (!version.fetch) return new Response("not found\\n", { status: 404 });
    const response = await env["V" + index].fetch(request);
    if (lookup && version.assets.runWorkerFirst && response.status === 404) {
      const asset = await env["A" + index].fetch(new Request(request.url, { method: request.method, headers: request.headers }));
      if (!asset.headers.has(MISS)) return asset;
    }
    return response;
  },
};`;
  return {
    ...HOST_WORKER,
    name: target.router,
    compatibilityDate: COMPATIBILITY_DATE,
    modulesRoot: "/",
    modules: [{ type: "ESModule", path: "/router.js", contents: script }],
    serviceBindings,
    routes: routesOf(hostnames),
  };
}

/**
 * One version with a fetch handler and no static assets takes every request the router would
 * hand it unchanged (the split of one version always picks it), so it answers on the hostnames
 * itself and no router runs: two isolates fewer at every workerd start (ADR 0297).
 */
export function directVersion(target: DeploymentTarget, hostnames: readonly string[]): { worker: string; routes: string[] } | undefined {
  if (target.versions.length !== 1) return undefined;
  const only = target.versions[0]!;
  if (!only.handlers.includes("fetch") || only.record.spec["assets"] !== undefined) return undefined;
  return { worker: only.workerName, routes: routesOf(hostnames) };
}

const routesOf = (hostnames: readonly string[]) => hostnames.map((hostname) => `${hostname}/*`);

export const workerDeploymentRuntime: RuntimeProjection = { deployment: { target: deploymentTarget, router: routerWorker, direct: directVersion } };
