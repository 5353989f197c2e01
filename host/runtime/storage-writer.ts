// The writer of one KV namespace or bucket (ADR 0303): a host-written worker, in an isolate of
// its own, through which every write of a version's binding to the store goes. The binding's
// wrapper runs in the tenant's isolate, where tenant code can change any global the wrapper would
// use to count, so the bytes are counted here: a KV value as it is read (at most the KV limit and
// one byte more), an object or part by the length its stream declares, which a FixedLengthStream
// then holds it to. Before it writes, the writer takes the bytes from its lease of the tenant's
// storage quota (storage-binding.ts), asking Node for a new lease (1 MiB, or the write's bytes when
// more; beyond the write, at most an eighth of what the tenant has left) when the lease runs short.

import type { WorkerOptions } from "miniflare";
import type { ResourceRecord } from "../store/records.js";
import { storeWriterName } from "./names.js";
import { COMPATIBILITY_DATE, HOST_WORKER, type ProjectionDeps } from "./projection.js";
import { storageBinding } from "./storage-binding.js";
import { BLOCK_BYTES, type StorageLedger } from "./storage-quota.js";

/** edge.kv's maxValueBytes. */
export const KV_MAX_VALUE_BYTES = 26_214_400;
/** The quota a writer asks for ahead of its next writes (the ledger grants less near the quota). */
const LEASE_BYTES = 1024 * 1024;
/** How long a writer spends one lease before it settles it and asks again. */
const LEASE_MS = 10_000;

const WRITER = `
const encoder = new TextEncoder();
/** A value of \`bytes\`, under \`key\`, with \`metadata\`: its blocks, its key's bytes and its metadata's. */
const charge = (bytes, key, metadata) => Math.max(1, Math.ceil(bytes / ${BLOCK_BYTES})) * ${BLOCK_BYTES} + encoder.encode(key).byteLength +
  (metadata === undefined ? 0 : encoder.encode(JSON.stringify(metadata)).byteLength);
function failure(error, status = 500) {
  return Response.json({ name: error?.name ?? "Error", message: error?.message ?? String(error), code: error?.code }, { status });
}
async function admit(env, bytes, most) {
  const out = await (await env.STORAGE.fetch("http://storage/admit", { method: "POST", body: JSON.stringify({ bytes, most }) })).json();
  if (out.error) { const error = new Error(out.error.message); error.code = out.error.code; throw error; }
  return out;
}
function settle(env, grant, stored) {
  return env.STORAGE.fetch("http://storage/settle", { method: "POST", body: JSON.stringify({ grant, stored }) }).then((r) => r.arrayBuffer(), () => undefined);
}
// This writer's lease: quota granted ahead and spent by the next writes, so that most writes ask
// Node nothing. It is settled with what was spent when it runs short or after ${LEASE_MS} ms.
let lease = null;
let asking = null;
function release(env, ctx) {
  const spent = lease;
  lease = null;
  if (spent !== null) ctx.waitUntil(settle(env, spent.grant, spent.granted - spent.left));
}
async function take(env, ctx, bytes) {
  for (;;) {
    if (lease !== null && lease.left >= bytes && Date.now() < lease.until) { lease.left -= bytes; return lease; }
    if (asking !== null) { await asking.catch(() => undefined); continue; }
    release(env, ctx);
    asking = admit(env, bytes, Math.max(bytes, ${LEASE_BYTES}))
      .then((out) => { lease = { grant: out.grant, granted: out.bytes, left: out.bytes, until: Date.now() + ${LEASE_MS} }; })
      .finally(() => { asking = null; });
    await asking;
  }
}
/** A write that stored nothing gives its bytes back, while its lease is still this writer's. */
function giveBack(taken, bytes) {
  if (taken !== undefined && taken === lease) taken.left += bytes;
}
async function readAtMost(body, limit) {
  if (body === null) return new Uint8Array(0);
  const chunks = [];
  let length = 0;
  for await (const chunk of body) {
    length += chunk.byteLength;
    if (length > limit) return { length };
    chunks.push(chunk);
  }
  const all = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) { all.set(chunk, at); at += chunk.byteLength; }
  return all;
}
/** The body as a stream workerd knows the length of, held to the length it declares. */
function declared(request) {
  const header = request.headers.get("content-length");
  if (request.body === null) return { length: 0, body: new Uint8Array(0) };
  if (header === null) {
    const error = new TypeError("Provided readable stream must have a known length (request/response body or readable half of FixedLengthStream)");
    throw error;
  }
  const length = Number(header);
  const fixed = new FixedLengthStream(length);
  request.body.pipeTo(fixed.writable).catch(() => undefined);
  return { length, body: fixed.readable };
}
function revive(options) {
  const o = options ?? {};
  if (o.httpMetadata?.cacheExpiry !== undefined) o.httpMetadata.cacheExpiry = new Date(o.httpMetadata.cacheExpiry);
  if (o.onlyIf?.headers !== undefined) o.onlyIf = new Headers(o.onlyIf.headers);
  else if (o.onlyIf !== undefined) for (const k of ["uploadedBefore", "uploadedAfter"]) if (o.onlyIf[k] !== undefined) o.onlyIf[k] = new Date(o.onlyIf[k]);
  return o;
}
function described(object) {
  if (object === null) return null;
  return { key: object.key, version: object.version, size: object.size, etag: object.etag, httpEtag: object.httpEtag,
    uploaded: object.uploaded.toISOString(), httpMetadata: object.httpMetadata, customMetadata: object.customMetadata,
    checksums: object.checksums.toJSON(), storageClass: object.storageClass };
}
export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    const key = decodeURIComponent(request.headers.get("x-key") ?? "");
    const options = JSON.parse(decodeURIComponent(request.headers.get("x-options") ?? "null"));
    let taken;
    let bytes = 0;
    try {
      if (url.pathname === "/kv/put") {
        const value = await readAtMost(request.body, ${KV_MAX_VALUE_BYTES});
        if (!(value instanceof Uint8Array)) {
          const error = new Error("KV PUT failed: 413 Value length of more than ${KV_MAX_VALUE_BYTES} exceeds limit of ${KV_MAX_VALUE_BYTES}.");
          return failure(error, 413);
        }
        bytes = charge(value.byteLength, key, options?.metadata);
        taken = await take(env, ctx, bytes);
        await env.STORE.put(key, value, options ?? undefined);
        return new Response(null, { status: 204 });
      }
      if (url.pathname === "/r2/put" || url.pathname === "/r2/part") {
        const { length, body } = declared(request);
        bytes = charge(length, key, options?.customMetadata);
        taken = await take(env, ctx, bytes);
        if (url.pathname === "/r2/part") {
          const upload = env.STORE.resumeMultipartUpload(key, request.headers.get("x-upload"));
          return Response.json(await upload.uploadPart(Number(request.headers.get("x-part")), body));
        }
        const object = await env.STORE.put(key, body, revive(options));
        if (object === null) giveBack(taken, bytes);
        return Response.json(described(object));
      }
      return failure(new Error("no such write " + url.pathname), 404);
    } catch (error) {
      giveBack(taken, bytes);
      return failure(error);
    }
  },
};`;

type StoreBinding = "kvNamespaces" | "r2Buckets";

/** The writer worker of one store, which binds the store itself as STORE. */
function storeWriterWorker(store: ResourceRecord, ledger: StorageLedger, binding: StoreBinding, id: string): WorkerOptions {
  return {
    ...HOST_WORKER,
    name: storeWriterName(store),
    compatibilityDate: COMPATIBILITY_DATE,
    modulesRoot: "/",
    modules: [{ type: "ESModule", path: "/store-writer.js", contents: WRITER }],
    [binding]: { STORE: id },
    serviceBindings: { STORAGE: storageBinding(store.tenant, ledger, id) },
  };
}

/**
 * The workers behind a version's binding to one store: the wrapper (a wrapped binding, in the
 * tenant's isolate, binding the store as INNER and its writer as WRITER) and the store's writer.
 */
export function storeWorkers(
  store: ResourceRecord,
  deps: ProjectionDeps,
  wrapper: { name: string; path: string; contents: string },
  binding: StoreBinding,
  id: string,
): WorkerOptions[] {
  return [
    {
      ...HOST_WORKER,
      name: wrapper.name,
      modulesRoot: "/",
      modules: [{ type: "ESModule", path: wrapper.path, contents: wrapper.contents }],
      [binding]: { INNER: id },
      serviceBindings: { WRITER: storeWriterName(store) },
    },
    storeWriterWorker(store, deps.storage, binding, id),
  ];
}

/** The wrapper's side: how a write's failure the writer answered becomes the error tenant code sees. */
export const WRITER_CLIENT = `
async function written(response) {
  if (response.ok) return response;
  const out = await response.json();
  const error = out.name === "TypeError" ? new TypeError(out.message) : out.name === "RangeError" ? new RangeError(out.message) : new Error(out.message);
  if (out.code !== undefined && out.code !== null) error.code = out.code;
  throw error;
}
// The key and the options travel percent-encoded: a header value never holds the raw text of a key or of metadata.
const writeHeaders = (key, options) => ({ "x-key": encodeURIComponent(String(key)), "x-options": encodeURIComponent(JSON.stringify(options ?? null)) });`;
