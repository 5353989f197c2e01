// AtLeastOnceQueue -> the edge.queue producer binding: a wrapper worker gives the version
// env.NAME.send(body, {delaySeconds}) and sendBatch([{body, delaySeconds}]), and forwards each call
// to Node, where the message is committed to the tenant's durable queue file before send resolves.

import type { WorkerOptions } from "miniflare";
import type { ResourceRecord } from "../../store/records.js";
import { EDGE_QUEUE_LIMITS, type StoredBody } from "../../runtime/queue-store.js";
import { wrapperWorkerName } from "../../runtime/names.js";
import { HOST_WORKER, json, tagged, type ProjectionDeps, type RuntimeProjection } from "../../runtime/projection.js";

/** What a stored message takes beyond its body: its id, queue, times and index entries. */
const MESSAGE_OVERHEAD_BYTES = 128;

const WRAPPER = `
function encode(body) {
  if (typeof body === "string") return { t: "text", v: body };
  let bytes = null;
  if (body instanceof ArrayBuffer) bytes = new Uint8Array(body);
  else if (ArrayBuffer.isView(body)) bytes = new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  if (bytes !== null) { let s = ""; for (const b of bytes) s += String.fromCharCode(b); return { t: "bytes", v: btoa(s) }; }
  const text = JSON.stringify(body);
  if (text === undefined) { const e = new Error("the message body cannot be serialized"); e.code = "invalid_body"; throw e; }
  return { t: "json", v: body };
}
export default function (env) {
  async function call(messages) {
    const response = await env.RPC.fetch("http://edge.queue/send", { method: "POST", body: JSON.stringify(messages) });
    const out = await response.json();
    if (out.error) { const error = new Error(out.error.message); error.code = out.error.code; throw error; }
  }
  return {
    send: (body, options) => call([{ body: encode(body), delaySeconds: options?.delaySeconds }]),
    sendBatch: (messages, options) => call([...messages].map((m) => ({ body: encode(m.body), delaySeconds: m.delaySeconds ?? options?.delaySeconds }))),
  };
}`;

interface Outgoing {
  body: StoredBody;
  delaySeconds?: number;
}

/** Why a batch of outgoing messages is refused (edge.queue's codes), or undefined. */
export function outgoingProblem(messages: readonly Outgoing[]): { code: string; message: string } | undefined {
  if (!Array.isArray(messages) || messages.length === 0) return { code: "invalid_body", message: "no message to send" };
  if (messages.length > EDGE_QUEUE_LIMITS.maxBatchMessages)
    return { code: "batch_too_large", message: `at most ${EDGE_QUEUE_LIMITS.maxBatchMessages} messages per batch` };
  for (const m of messages) {
    const size =
      m.body.t === "bytes"
        ? Buffer.from(String(m.body.v), "base64").length
        : Buffer.byteLength(m.body.t === "text" ? String(m.body.v) : JSON.stringify(m.body.v));
    if (size > EDGE_QUEUE_LIMITS.maxMessageBytes)
      return { code: "message_too_large", message: `a message of ${size} bytes exceeds ${EDGE_QUEUE_LIMITS.maxMessageBytes}` };
    const delay = m.delaySeconds ?? 0;
    if (!Number.isInteger(delay) || delay < 0 || delay > EDGE_QUEUE_LIMITS.maxDelaySeconds)
      return { code: "invalid_body", message: `delaySeconds must be 0..${EDGE_QUEUE_LIMITS.maxDelaySeconds}` };
  }
  return undefined;
}

/** Seconds a message of this queue is kept undelivered (its required messageRetentionSeconds). */
export function retentionOf(queue: ResourceRecord): number {
  return Number(queue.spec["messageRetentionSeconds"]);
}

export function queueProducerWorker(queue: ResourceRecord, deps: ProjectionDeps): WorkerOptions {
  const defaultDelay = Number(queue.spec["deliveryDelaySeconds"] ?? 0);
  const retention = retentionOf(queue);
  return {
    ...HOST_WORKER,
    name: wrapperWorkerName("queue", queue),
    modulesRoot: "/",
    modules: [{ type: "ESModule", path: "/edge-queue.js", contents: WRAPPER }],
    serviceBindings: {
      RPC: tagged(`queue:${queue.tenant}:${queue.uid}:${defaultDelay}`, async (request) => {
        try {
          const messages = (await request.json()) as Outgoing[];
          const problem = outgoingProblem(messages);
          if (problem !== undefined) return json({ error: problem });
          // The messages' bytes count against the tenant's storage quota while they are kept (ADR 0303).
          const bytes = messages.reduce((sum, m) => sum + Buffer.byteLength(JSON.stringify(m.body)) + MESSAGE_OVERHEAD_BYTES, 0);
          const sent = await deps.storage.within(queue.tenant, bytes, async () => {
            const ids = await deps.queues.send(
              queue.tenant,
              queue.uid,
              messages.map((m) => ({ body: m.body, delaySeconds: m.delaySeconds ?? defaultDelay })),
              retention,
            );
            return { result: ids, stored: bytes };
          });
          if (!sent.ok) return json({ error: { code: "backend_unavailable", message: sent.message } });
          return json({ ok: true });
        } catch (error) {
          return json({ error: { code: "backend_unavailable", message: error instanceof Error ? error.message : String(error) } });
        }
      }),
    },
  };
}

export const atLeastOnceQueueRuntime: RuntimeProjection = {
  binding: queueProducerWorker,
  data: (queue) => ({ area: "queue", tenant: queue.tenant, uid: queue.uid }),
};
