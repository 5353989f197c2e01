// A small typed client of the lane for the host tests: request documents, paths, exact queries,
// and the prepare-then-apply flow a provider performs.

import { createHash, randomUUID } from "node:crypto";
import type { ExactFormRef } from "../../../corpus/lib/index.js";
import type { HostCatalog } from "../../../host/catalog/host-catalog.js";
import { API, call, PRIMARY, type Reply } from "./harness.js";
import { EDGE_GROUP } from "../../../corpus/lib/index.js";

export const EDGE = EDGE_GROUP;

export function refOf(catalog: HostCatalog, kind: string, definitionVersion = "0.1.0", apiVersion = EDGE): ExactFormRef {
  const form = catalog.line(apiVersion, kind, definitionVersion);
  if (form === undefined) throw new Error(`test setup: ${apiVersion} ${kind}@${definitionVersion} is not installed`);
  return { ...form.ref };
}

export function document(ref: ExactFormRef, name: string, space: string, spec: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { apiVersion: ref.apiVersion, kind: ref.kind, form: { formRef: ref }, metadata: { name, space }, spec, ...extra };
}

export function resourcePath(ref: ExactFormRef, name: string, suffix = ""): string {
  return `${API}/resources/${ref.apiVersion}/${ref.kind}/${name}${suffix === "" ? "" : "/" + suffix}`;
}

export function exactQuery(space: string, ref: ExactFormRef): string {
  return new URLSearchParams({
    space,
    group: ref.apiVersion,
    kind: ref.kind,
    definitionVersion: ref.definitionVersion,
    schemaDigest: ref.schemaDigest,
  }).toString();
}

export function uniqueName(prefix = "r"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

export interface ApplyOptions {
  token?: string;
  /** Expected generation: an update. Absent: a create under If-None-Match: *. */
  generation?: string;
  key?: string;
  headers?: Record<string, string>;
  extra?: Record<string, unknown>;
}

export async function prepare(base: string, body: object, options: { token?: string; generation?: string } = {}): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (options.generation !== undefined) headers["takoform-expected-generation"] = options.generation;
  return call(base, "POST", `${API}/resources/prepare`, { token: options.token ?? PRIMARY, body, headers });
}

/** prepare, then PUT the applyRequest carrying its prepareDigest. */
export async function apply(
  base: string,
  ref: ExactFormRef,
  name: string,
  space: string,
  spec: Record<string, unknown>,
  options: ApplyOptions = {},
): Promise<Reply> {
  const body = document(ref, name, space, spec);
  const prepared = await prepare(base, body, options);
  if (prepared.status !== 200) return prepared;
  return put(base, { ...body, review: { prepareDigest: prepared.json.review.prepareDigest }, ...(options.extra ?? {}) }, options);
}

export async function put(base: string, body: any, options: ApplyOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { "idempotency-key": options.key ?? randomUUID(), ...(options.headers ?? {}) };
  if (options.generation === undefined) headers["if-none-match"] = "*";
  else headers["takoform-expected-generation"] = options.generation;
  const ref = body.form.formRef as ExactFormRef;
  return call(base, "PUT", resourcePath(ref, body.metadata.name), { token: options.token ?? PRIMARY, body, headers });
}

export async function read(base: string, ref: ExactFormRef, name: string, space: string, token = PRIMARY): Promise<Reply> {
  return call(base, "GET", `${resourcePath(ref, name)}?${exactQuery(space, ref)}`, { token });
}

export async function observe(
  base: string,
  ref: ExactFormRef,
  name: string,
  space: string,
  generation: string,
  options: { token?: string; key?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  return call(base, "POST", `${resourcePath(ref, name, "observe")}?${exactQuery(space, ref)}`, {
    token: options.token ?? PRIMARY,
    headers: { "idempotency-key": options.key ?? randomUUID(), "takoform-expected-generation": generation, ...(options.headers ?? {}) },
  });
}

export async function remove(
  base: string,
  ref: ExactFormRef,
  name: string,
  space: string,
  generation: string | undefined,
  options: { token?: string; key?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { "idempotency-key": options.key ?? randomUUID(), ...(options.headers ?? {}) };
  if (generation !== undefined) headers["takoform-expected-generation"] = generation;
  return call(base, "DELETE", `${resourcePath(ref, name)}?${exactQuery(space, ref)}`, { token: options.token ?? PRIMARY, headers });
}

export async function importResource(
  base: string,
  ref: ExactFormRef,
  name: string,
  space: string,
  spec: Record<string, unknown>,
  nativeId: string,
  options: { token?: string; generation?: string; key?: string } = {},
): Promise<Reply> {
  const body = document(ref, name, space, spec, { nativeId });
  const headers: Record<string, string> = { "idempotency-key": options.key ?? randomUUID() };
  if (options.generation === undefined) headers["if-none-match"] = "*";
  else headers["takoform-expected-generation"] = options.generation;
  return call(base, "POST", resourcePath(ref, name, "import"), { token: options.token ?? PRIMARY, body, headers });
}

export const ref = (kind: string, name: string) => ({ apiVersion: EDGE, kind, name });

export interface WorkerAggregate {
  worker: string;
  bundle: string;
  versions: string[];
  deployment: string;
}

/**
 * A Module Worker with a bundle, one version per handler set, and a deployment weighting them
 * evenly; every step is expected to succeed. Returns the names it created.
 */
export async function createWorkerAggregate(
  base: string,
  catalog: HostCatalog,
  space: string,
  prefix: string,
  handlerSets: string[][] = [["fetch", "scheduled", "queue"]],
  token = PRIMARY,
): Promise<WorkerAggregate> {
  const must = (reply: Reply, what: string) => {
    if (reply.status !== 201) throw new Error(`${what}: ${reply.status} ${reply.text}`);
  };
  const names: WorkerAggregate = { worker: `${prefix}-w`, bundle: `${prefix}-b`, versions: [], deployment: `${prefix}-d` };
  must(await apply(base, refOf(catalog, "ModuleWorker"), names.worker, space, {}, { token }), "worker");
  const handlers = [...new Set(handlerSets.flat())];
  const manifestDigest = await commitWorkerBundle(base, handlers, token);
  must(await apply(base, refOf(catalog, "WorkerBundle"), names.bundle, space, { manifestDigest }, { token }), "bundle");
  for (const [index, handlers] of handlerSets.entries()) {
    const name = `${prefix}-v${index}`;
    must(
      await apply(
        base,
        refOf(catalog, "WorkerVersion"),
        name,
        space,
        { worker: ref("ModuleWorker", names.worker), bundle: ref("WorkerBundle", names.bundle), handlers },
        { token },
      ),
      `version ${index}`,
    );
    names.versions.push(name);
  }
  const weights = evenWeights(names.versions.length);
  must(
    await apply(
      base,
      refOf(catalog, "WorkerDeployment"),
      names.deployment,
      space,
      {
        worker: ref("ModuleWorker", names.worker),
        versions: names.versions.map((name, i) => ({ workerVersion: ref("WorkerVersion", name), weight: weights[i] })),
      },
      { token },
    ),
    "deployment",
  );
  return names;
}

export function evenWeights(count: number): number[] {
  const base = Math.floor(10000 / count);
  return Array.from({ length: count }, (_, i) => (i === 0 ? 10000 - base * (count - 1) : base));
}

/** An ES module whose default export defines exactly `handlers`; `salt` makes its bytes unique. */
export function moduleSource(handlers: string[], salt: string): Buffer {
  const members = handlers.map((h) => `  async ${h}() { return ${h === "fetch" ? 'new Response("ok")' : "undefined"}; },`);
  return Buffer.from(`// ${salt}\nexport default {\n${members.join("\n")}\n};\n`, "utf8");
}

const sha256 = (bytes: Buffer) => "sha256:" + createHash("sha256").update(bytes).digest("hex");

/** Uploads and commits a manifest with its blobs through the artifact API; returns the manifest digest. */
export async function commitManifest(base: string, manifest: object, blobs: Buffer[], token = PRIMARY): Promise<string> {
  const start = await call(base, "POST", `${API}/artifacts/uploads`, { token, body: { manifest }, headers: { "idempotency-key": randomUUID() } });
  if (start.status !== 201) throw new Error(`upload start: ${start.status} ${start.text}`);
  const byDigest = new Map(blobs.map((blob) => [sha256(blob), blob]));
  for (const digest of start.json.missingBlobs as string[]) {
    const put = await call(base, "PUT", `${API}/artifacts/uploads/${start.json.uploadId}/blobs/${digest}`, { token, rawBody: byDigest.get(digest)! });
    if (put.status !== 201 && put.status !== 204) throw new Error(`blob: ${put.status} ${put.text}`);
  }
  const commit = await call(base, "POST", `${API}/artifacts/uploads/${start.json.uploadId}/commit`, { token, headers: { "idempotency-key": randomUUID() } });
  if (commit.status !== 201 && commit.status !== 200) throw new Error(`commit: ${commit.status} ${commit.text}`);
  return commit.json.manifestDigest;
}

/** Commits a bundle of text files ([path, text, mediaType]) through the artifact API; returns its manifest digest. */
export async function commitFiles(
  base: string,
  kindName: "StaticAssetBundle" | "MigrationBundle",
  files: [string, string, string][],
  token = PRIMARY,
): Promise<string> {
  const blobs = files.map(([, text]) => Buffer.from(text));
  const manifest = {
    apiVersion: "artifacts.takoform.com/v1alpha1",
    kind: kindName,
    files: files.map(([p, , mediaType], i) => ({ path: p, mediaType, size: blobs[i]!.length, digest: sha256(blobs[i]!) })),
  };
  return commitManifest(base, manifest, blobs, token);
}

export function workerBundleManifest(source: Buffer, name = "index.js") {
  return {
    apiVersion: "artifacts.takoform.com/v1alpha1",
    kind: "WorkerBundle",
    mainModule: name,
    modules: [{ name, mediaType: "application/javascript+module", size: source.length, digest: sha256(source) }],
  };
}

/** A committed WorkerBundle manifest whose main module exports `handlers`. */
export async function commitWorkerBundle(base: string, handlers: string[], token = PRIMARY): Promise<string> {
  const source = moduleSource(handlers, randomUUID());
  return commitManifest(base, workerBundleManifest(source), [source], token);
}
