// EdgeKVNamespace as the edge.kv binding a version sees: a wrapper over the workerd KV namespace
// (kvNamespaceId, persisted per tenant) whose get() without a type answers the stored BYTES
// losslessly -- a string when they are UTF-8 text, a Uint8Array when they are not. edge.kv values
// are bytes; workerd's own get() defaults to text and replaces bytes that are not UTF-8 (the runtime
// ABI check kv-binding-round-trips-bytes-through-env, ADR 0201). Text stays text, so a worker that
// stores and reads strings sees no difference. Every other call is the namespace's own.

import type { WorkerOptions } from "miniflare";
import type { ResourceRecord } from "../../store/records.js";
import { wrapperWorkerName } from "../../runtime/names.js";
import { HOST_WORKER, type RuntimeProjection } from "../../runtime/projection.js";
import { kvNamespaceId } from "./edge-kv-namespace.js";

const WRAPPER = `
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
    put: (key, value, options) => kv.put(key, value, options),
    delete: (key) => kv.delete(key),
    list: (options) => kv.list(options),
  };
}`;

export function kvBindingName(namespace: ResourceRecord): string {
  return wrapperWorkerName("kv", namespace);
}

export function kvWrapperWorker(namespace: ResourceRecord): WorkerOptions {
  return {
    ...HOST_WORKER,
    name: kvBindingName(namespace),
    modulesRoot: "/",
    modules: [{ type: "ESModule", path: "/edge-kv.js", contents: WRAPPER }],
    kvNamespaces: { INNER: kvNamespaceId(namespace) },
  };
}

export const edgeKvNamespaceRuntime: RuntimeProjection = { binding: kvWrapperWorker };
