// EdgeKVNamespace as the edge.kv binding a version sees: a wrapper over the workerd KV namespace
// (kvNamespaceId, persisted per tenant) whose get() without a type answers the stored BYTES
// losslessly -- a string when they are UTF-8 text, a Uint8Array when they are not. edge.kv values
// are bytes; workerd's own get() defaults to text and replaces bytes that are not UTF-8 (the runtime
// ABI check kv-binding-round-trips-bytes-through-env, ADR 0201). Text stays text, so a worker that
// stores and reads strings sees no difference. A put goes to the namespace's writer worker
// (runtime/storage-writer.ts), which counts its bytes against the tenant's storage quota outside
// the tenant's isolate (ADR 0303). Every other call is the namespace's own.

import type { WorkerOptions } from "miniflare";
import type { ResourceRecord } from "../../store/records.js";
import { wrapperWorkerName } from "../../runtime/names.js";
import type { ProjectionDeps, RuntimeProjection } from "../../runtime/projection.js";
import { storeWorkers, WRITER_CLIENT } from "../../runtime/storage-writer.js";
import { kvNamespaceId } from "./edge-kv-namespace.js";

const WRAPPER = `${WRITER_CLIENT}
const utf8 = new TextDecoder("utf-8", { fatal: true });
function asBytesOrText(buffer) {
  if (buffer === null) return null;
  try { return utf8.decode(buffer); } catch { return new Uint8Array(buffer); }
}
export default function (env) {
  const kv = env.INNER;
  return {
    async get(key, options) {
      if (options === undefined) return asBytesOrText(await kv.get(key, "arrayBuffer"));
      return kv.get(key, options);
    },
    async getWithMetadata(key, options) {
      if (options === undefined) {
        const { value, metadata } = await kv.getWithMetadata(key, "arrayBuffer");
        return { value: asBytesOrText(value), metadata };
      }
      return kv.getWithMetadata(key, options);
    },
    async put(key, value, options) {
      const accepted = typeof value === "string" || value instanceof ArrayBuffer || ArrayBuffer.isView(value) || value instanceof ReadableStream;
      if (!accepted) throw new TypeError("KV put() accepts only strings, ArrayBuffers, ArrayBufferViews, and ReadableStreams as values.");
      if (String(key) === "") throw new TypeError("Key name cannot be empty.");
      await written(await env.WRITER.fetch("http://store/kv/put", { method: "PUT", headers: writeHeaders(key, options), body: value }));
    },
    delete: (key) => kv.delete(key),
    list: (options) => kv.list(options),
  };
}`;

export function kvBindingName(namespace: ResourceRecord): string {
  return wrapperWorkerName("kv", namespace);
}

export function kvWrapperWorker(namespace: ResourceRecord, deps: ProjectionDeps): WorkerOptions[] {
  const wrapper = { name: kvBindingName(namespace), path: "/edge-kv.js", contents: WRAPPER };
  return storeWorkers(namespace, deps, wrapper, "kvNamespaces", kvNamespaceId(namespace));
}

export const edgeKvNamespaceRuntime: RuntimeProjection = {
  binding: kvWrapperWorker,
  data: (namespace) => ({ area: "kv", tenant: namespace.tenant, id: kvNamespaceId(namespace) }),
};
