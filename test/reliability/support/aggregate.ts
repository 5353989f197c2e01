// Stands up what the relation races need, black-box over the lane: content-addressed artifact
// uploads, resources created through prepare + apply (a 202 is polled to its terminal state), and
// a live Worker aggregate (ModuleWorker, WorkerBundle, WorkerVersion, WorkerDeployment).
// Used only once the host serves artifacts and relations; every probe of what the host can do
// goes through here too, so a missing feature shows up as a refusal, never as an exception.

import { randomUUID } from "node:crypto";
import { canonicalDigest, fileDigest, type ExactFormRef } from "../../../corpus/lib/index.js";
import { API, call, type Reply } from "../../unit/host/harness.js";
import { document, exactQuery, prepare, refOf, resourcePath } from "../../unit/host/client.js";
import { builtinCatalog } from "../../unit/host/harness.js";

export const form = (kind: string): ExactFormRef => refOf(builtinCatalog(), kind);
export const reference = (kind: string, name: string) => ({ apiVersion: form(kind).apiVersion, kind, name });

/** Turns a 202 into its terminal answer by polling the Operation (status 200/201 with the resource, or the error's status). */
export async function settle(base: string, token: string, reply: Reply, deadlineMs = 20_000): Promise<Reply> {
  if (reply.status !== 202 || reply.json?.operation?.id === undefined) return reply;
  const id = reply.json.operation.id as string;
  const until = Date.now() + deadlineMs;
  for (;;) {
    const polled = await call(base, "GET", `${API}/operations/${encodeURIComponent(id)}`, { token });
    const operation = polled.json?.operation ?? polled.json;
    if (polled.status !== 200) return polled;
    if (operation.done === true) {
      if (operation.error !== undefined) {
        return { status: 400, headers: polled.headers, text: JSON.stringify({ error: operation.error }), json: { error: operation.error } };
      }
      const resource = operation.result?.resource;
      return { status: 200, headers: polled.headers, text: JSON.stringify(resource ?? null), json: resource };
    }
    if (Date.now() > until) throw new Error(`operation ${id} did not finish in ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * prepare now, and return the create (PUT under If-None-Match: *, settled) to send later, so a
 * race can fire the commit itself at one instant; or prepare's refusal.
 */
export async function prepareCreate(
  base: string,
  token: string,
  kind: string,
  name: string,
  space: string,
  spec: Record<string, unknown>,
): Promise<(() => Promise<Reply>) | Reply> {
  const ref = form(kind);
  const body = document(ref, name, space, spec);
  const prepared = await prepare(base, body, { token });
  if (prepared.status !== 200) return prepared;
  return async () => {
    const put = await call(base, "PUT", resourcePath(ref, name), {
      token,
      body: { ...body, review: { prepareDigest: prepared.json.review.prepareDigest } },
      headers: { "idempotency-key": randomUUID(), "if-none-match": "*" },
    });
    return settle(base, token, put);
  };
}

/** prepare + PUT (create under If-None-Match: *), settled. */
export async function create(base: string, token: string, kind: string, name: string, space: string, spec: Record<string, unknown>): Promise<Reply> {
  const commit = await prepareCreate(base, token, kind, name, space, spec);
  return typeof commit === "function" ? commit() : commit;
}

export async function remove(base: string, token: string, kind: string, name: string, space: string, generation: string): Promise<Reply> {
  const ref = form(kind);
  const reply = await call(base, "DELETE", `${resourcePath(ref, name)}?${exactQuery(space, ref)}`, {
    token,
    headers: { "idempotency-key": randomUUID(), "takoform-expected-generation": generation },
  });
  return settle(base, token, reply);
}

export function read(base: string, token: string, kind: string, name: string, space: string): Promise<Reply> {
  const ref = form(kind);
  return call(base, "GET", `${resourcePath(ref, name)}?${exactQuery(space, ref)}`, { token });
}

/** Uploads a manifest and its blobs and commits it: the manifest digest, or the refusal that stopped it. */
export async function upload(base: string, token: string, manifest: object, blobs: Buffer[]): Promise<string | Reply> {
  const start = await call(base, "POST", `${API}/artifacts/uploads`, {
    token,
    body: { manifest },
    headers: { "idempotency-key": randomUUID() },
  });
  if (start.status !== 200 && start.status !== 201) return start;
  const byDigest = new Map(blobs.map((bytes) => [fileDigest(bytes), bytes]));
  for (const digest of start.json.missingBlobs as string[]) {
    const bytes = byDigest.get(digest);
    if (bytes === undefined) continue;
    const put = await call(base, "PUT", `${API}/artifacts/uploads/${start.json.uploadId}/blobs/${digest}`, {
      token,
      rawBody: bytes,
      headers: { "content-type": "application/octet-stream" },
    });
    if (put.status !== 201 && put.status !== 204) return put;
  }
  const commit = await settle(
    base,
    token,
    await call(base, "POST", `${API}/artifacts/uploads/${start.json.uploadId}/commit`, { token, headers: { "idempotency-key": randomUUID() } }),
  );
  if (commit.status !== 200 && commit.status !== 201) return commit;
  if (commit.json.manifestDigest !== canonicalDigest(manifest)) throw new Error("commit answered another manifest digest");
  return commit.json.manifestDigest as string;
}

export function workerModule(handlers: string[], salt: string): Buffer {
  const members = handlers.map((handler) => `  async ${handler}() { return ${handler === "fetch" ? 'new Response("ok")' : "undefined"}; },`);
  return Buffer.from(`// reliability ${salt}\nexport default {\n${members.join("\n")}\n};\n`, "utf8");
}

export async function uploadWorkerBundle(base: string, token: string, handlers: string[], salt: string): Promise<string | Reply> {
  const bytes = workerModule(handlers, salt);
  const manifest = {
    apiVersion: "artifacts.takoform.com/v1alpha1",
    kind: "WorkerBundle",
    mainModule: "index.js",
    modules: [{ name: "index.js", mediaType: "application/javascript+module", size: bytes.length, digest: fileDigest(bytes) }],
  };
  return upload(base, token, manifest, [bytes]);
}

export async function uploadMigrations(base: string, token: string, files: { path: string; sql: string }[]): Promise<string | Reply> {
  const blobs = files.map((file) => Buffer.from(file.sql, "utf8"));
  const manifest = {
    apiVersion: "artifacts.takoform.com/v1alpha1",
    kind: "MigrationBundle",
    files: files.map((file, index) => ({ path: file.path, mediaType: "application/sql", size: blobs[index]!.length, digest: fileDigest(blobs[index]!) })),
  };
  return upload(base, token, manifest, blobs);
}

export class Refused extends Error {
  constructor(
    readonly step: string,
    readonly reply: Reply,
  ) {
    super(`${step}: ${reply.status} ${reply.text.slice(0, 300)}`);
  }
}

/** A create settled successfully (201 synchronously, or 200 from a settled 202). */
export function ok(reply: Reply): boolean {
  return reply.status === 200 || reply.status === 201;
}

function must(step: string, reply: Reply): Reply {
  if (!ok(reply)) throw new Refused(step, reply);
  return reply;
}

export interface Aggregate {
  worker: string;
  bundle: string;
  version: string;
  deployment: string;
  manifestDigest: string;
}

/** A live Worker aggregate whose only version exports `handlers`; throws Refused naming the step the host refused. */
export async function standUpWorker(base: string, token: string, space: string, prefix: string, handlers: string[]): Promise<Aggregate> {
  const digest = await uploadWorkerBundle(base, token, handlers, `${prefix}-${randomUUID()}`);
  if (typeof digest !== "string") throw new Refused("artifact upload", digest);
  const names = { worker: `${prefix}-worker`, bundle: `${prefix}-bundle`, version: `${prefix}-version`, deployment: `${prefix}-deploy` };
  must("ModuleWorker", await create(base, token, "ModuleWorker", names.worker, space, {}));
  must("WorkerBundle", await create(base, token, "WorkerBundle", names.bundle, space, { manifestDigest: digest }));
  must(
    "WorkerVersion",
    await create(base, token, "WorkerVersion", names.version, space, {
      worker: reference("ModuleWorker", names.worker),
      bundle: reference("WorkerBundle", names.bundle),
      handlers,
    }),
  );
  must(
    "WorkerDeployment",
    await create(base, token, "WorkerDeployment", names.deployment, space, {
      worker: reference("ModuleWorker", names.worker),
      versions: [{ weight: 10000, workerVersion: reference("WorkerVersion", names.version) }],
    }),
  );
  return { ...names, manifestDigest: digest };
}

export function mustCreate(step: string, reply: Reply): Reply {
  return must(step, reply);
}
