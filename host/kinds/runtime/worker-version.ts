// WorkerVersion -> one workerd worker: every module of its WorkerBundle with its media type
// (source maps are carried, never loaded), its vars, its required sensitive vars (when the
// host's sealed store supplies them) and its bindings, on env under EXACTLY the declared names.

import type { WorkerOptions } from "miniflare";
import type { JsonObject } from "../../../corpus/lib/index.js";
import type { ResourceRecord } from "../../store/records.js";
import { EDGE, refAt, type Ref } from "../../runtime/desired.js";
import { routerWorkerName, versionWorkerName, wrapperWorkerName, NOT_FOUND_WORKER } from "../../runtime/names.js";
import { kvBindingName } from "./edge-kv-bytes.js";
import { COMPATIBILITY_DATE, ProjectionError, TENANT_WORKER, type ProjectionDeps, type RuntimeProjection } from "../../runtime/projection.js";

type ModuleType = "ESModule" | "Text" | "Data" | "CompiledWasm";

const MODULE_TYPES: Record<string, ModuleType> = {
  "application/javascript+module": "ESModule",
  "text/plain": "Text",
  "application/octet-stream": "Data",
  "application/wasm": "CompiledWasm",
};

interface BindingEntry {
  name: string;
  resource: Ref;
}

function bindings(spec: JsonObject, member: string): BindingEntry[] {
  return (spec[member] ?? []) as unknown as BindingEntry[];
}

/** The bundle's modules as workerd modules, main module first. */
export function bundleModules(version: ResourceRecord, deps: ProjectionDeps): { type: ModuleType; path: string; contents: Uint8Array<ArrayBuffer> }[] {
  const bundle = deps.desired.resolve(version, refAt(version.spec, "bundle"));
  if (bundle === undefined) throw new ProjectionError(`the WorkerBundle ${refAt(version.spec, "bundle")?.name} is gone`);
  const manifest = deps.desired.manifest(bundle, String(bundle.spec["manifestDigest"]));
  if (manifest === undefined) throw new ProjectionError(`the manifest of WorkerBundle ${bundle.name} is not held`);
  const main = String(manifest["mainModule"]);
  const entries = (manifest["modules"] ?? []) as unknown as { name: string; mediaType: string; digest: string }[];
  const modules = entries
    .filter((m) => MODULE_TYPES[m.mediaType] !== undefined)
    .map((m) => {
      const contents = deps.blobs.read(m.digest);
      if (contents === undefined) throw new ProjectionError(`module ${m.name} (${m.digest}) has no stored bytes`);
      return { type: MODULE_TYPES[m.mediaType]!, path: `/${m.name}`, contents: new Uint8Array(contents) };
    });
  modules.sort((a, b) => (a.path === `/${main}` ? -1 : b.path === `/${main}` ? 1 : 0));
  return modules;
}

export function versionWorker(version: ResourceRecord, deps: ProjectionDeps): WorkerOptions {
  const spec = version.spec;
  const resolveOrFail = (entry: BindingEntry): ResourceRecord => {
    const target = deps.desired.resolve(version, entry.resource);
    if (target === undefined) throw new ProjectionError(`binding ${entry.name}: ${entry.resource.kind} ${entry.resource.name} is gone`);
    return target;
  };
  const vars: Record<string, unknown> = { ...((spec["vars"] ?? {}) as JsonObject) };
  for (const name of (spec["requiredSensitiveVars"] ?? []) as string[]) {
    const value = deps.secret?.(version.tenant, version.space, name);
    if (value !== undefined) vars[name] = value;
  }
  const wrappedBindings = Object.fromEntries([
    // edge.kv through its byte-lossless wrapper (edge-kv-bytes.ts).
    ...bindings(spec, "kvBindings").map((b) => [b.name, kvBindingName(resolveOrFail(b))]),
    // edge.objects through its wrapper, whose writes count against the storage quota (object-bucket.ts).
    ...bindings(spec, "bucketBindings").map((b) => [b.name, wrapperWorkerName("bucket", resolveOrFail(b))]),
    ...bindings(spec, "sqliteBindings").map((b) => [b.name, wrapperWorkerName("sql", resolveOrFail(b))]),
    ...bindings(spec, "queueProducerBindings").map((b) => [b.name, wrapperWorkerName("queue", resolveOrFail(b))]),
  ]);
  const serviceBindings = Object.fromEntries(
    bindings(spec, "serviceBindings").map((b) => {
      const target = resolveOrFail(b);
      const deployed = deps.desired
        .ofKind("WorkerDeployment")
        .some((d) => d.tenant === target.tenant && d.space === target.space && refAt(d.spec, "worker")?.name === target.name);
      return [b.name, deployed ? routerWorkerName(target) : NOT_FOUND_WORKER];
    }),
  );
  const options: WorkerOptions = {
    ...TENANT_WORKER,
    name: versionWorkerName(version),
    compatibilityDate: COMPATIBILITY_DATE,
    modulesRoot: "/",
    modules: bundleModules(version, deps),
    bindings: vars as WorkerOptions["bindings"],
    wrappedBindings,
    serviceBindings,
  };
  return deps.extendVersion?.(options, version) ?? options;
}

export function isEdge(record: ResourceRecord, kind: string): boolean {
  return record.ref.apiVersion === EDGE && record.ref.kind === kind;
}

export const workerVersionRuntime: RuntimeProjection = { version: versionWorker };
