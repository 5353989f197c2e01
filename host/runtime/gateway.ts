// The gateway: ONE listener (--gateway-port) that speaks plain HTTP and TLS on the same port (the
// first byte of a connection tells them apart). It terminates TLS and otherwise moves bytes: each
// connection goes to the workerd instance of the tenant whose hostname it names (its cell, ADR
// 0300), to that instance's front worker (front.ts), which routes every request by its hostname
// and hands the worker a request whose platform headers are the host's (ADR 0298).
//
// The hostname of a connection is its TLS server name (SNI), or else the Host header of its first
// request, read before any byte is passed on. A hostname no cell serves is answered 404 here; one
// whose cell is being started again (a stalled workerd, watchdog.ts), 503. A later request on the
// same connection that names another tenant's hostname reaches the first one's front worker, which
// answers 421 Misdirected Request (RFC 9110, section 15.5.20): a client sends it again on a new
// connection. A connection stays with the instance it was opened on; a switch sends new
// connections to the new instance, and the old one closes its connections when it is disposed
// (reconcile.ts, after a grace period).
//
// The listener and every connection live on a thread of their own (ADR 0295), so workers' traffic
// keeps flowing while the host's main thread is busy with a control-plane request, a reconcile or
// a collection of its heap. The thread's source is inline (eval), as the store's writer thread's
// is, so it runs the same from TypeScript sources, from dist/ and from the host bundle.

import { Worker } from "node:worker_threads";
import type { GatewayCertificate } from "./tls.js";

/**
 * Hostname -> the front worker socket of the cell serving it; undefined while that cell has no
 * instance (503); `{ heldUntil }` while its tenant's workers are held (503 with Retry-After,
 * stall-policy.ts). A hostname not in the table is served by nobody (404).
 */
export type GatewayRoutes = ReadonlyMap<string, URL | undefined | { heldUntil: number }>;

export interface Gateway {
  port: number;
  /** Sends new connections by these routes (undefined: nothing serves yet, 503); resolves once the gateway's thread does. */
  setRoutes(routes: GatewayRoutes | undefined): Promise<void>;
  /** The thread serving now (undefined while it starts again); a test ends it to see it restart. */
  thread(): Worker | undefined;
  close(): Promise<void>;
}

/** How long a connection may take to send its first request's head (and its most bytes). */
export const HEAD_TIMEOUT_MS = 30_000;
export const HEAD_MAX_BYTES = 16 * 1024;

const SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const net = require("node:net");
const tls = require("node:tls");
const answer = (status, reason, text, headers = "") =>
  "HTTP/1.1 " + status + " " + reason + "\\r\\ncontent-type: text/plain\\r\\ncontent-length: " + Buffer.byteLength(text) +
  "\\r\\n" + headers + "connection: close\\r\\n\\r\\n" + text;
const NOTHING_SERVES = answer(503, "Service Unavailable", "the runtime is not serving yet\\n");
const NOT_FOUND = answer(404, "Not Found", "no worker is deployed here\\n");
const NO_HOST = answer(400, "Bad Request", "the request names no host (a Host header is required)\\n");
const held = (until) =>
  answer(
    503,
    "Service Unavailable",
    "the workers of this hostname are held until " + new Date(until).toISOString() + ": they kept stopping their workerd (a handler that never yields)\\n",
    "retry-after: " + Math.max(1, Math.ceil((until - Date.now()) / 1000)) + "\\r\\n",
  );
const TOO_LARGE = answer(431, "Request Header Fields Too Large", "the request head is larger than " + workerData.headMaxBytes + " bytes\\n");
/** hostname -> { port, hostname } | null (its cell is starting again) | { heldUntil }; null before the first plan. */
let routes = workerData.routes === null ? null : new Map(workerData.routes);
const sockets = new Set();
/** The hostname of an authority ("name:port", "[v6]:port"), lower-cased. */
const hostnameOf = (authority) => {
  const value = authority.trim().toLowerCase();
  if (value.startsWith("[")) return value.slice(0, value.indexOf("]") + 1);
  const colon = value.indexOf(":");
  return colon === -1 ? value : value.slice(0, colon);
};
/** The Host header of a request head, or undefined. */
const hostOf = (head) => {
  const match = /\\r\\nhost[ \\t]*:([^\\r\\n]*)/i.exec(head);
  return match === null ? undefined : hostnameOf(match[1]);
};
const pipe = (client, hostname) => {
  if (routes === null) return void client.end(NOTHING_SERVES);
  if (hostname === undefined) return void client.end(NO_HOST);
  const current = routes.get(hostname);
  if (current === undefined) return void client.end(NOT_FOUND);
  if (current === null) return void client.end(NOTHING_SERVES);
  if (current.heldUntil !== undefined) return void client.end(held(current.heldUntil));
  const upstream = net.connect(current.port, current.hostname);
  upstream.setNoDelay(true);
  client.setNoDelay(true);
  client.pipe(upstream).pipe(client);
  const close = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on("error", close).on("close", close);
  upstream.on("error", close).on("close", close);
};
/** Reads the first request's head, puts it back, and pipes by its Host header. */
const pipeByHost = (client) => {
  let head = Buffer.alloc(0);
  client.setTimeout(workerData.headTimeoutMs, () => client.destroy());
  const onData = (chunk) => {
    head = head.length === 0 ? chunk : Buffer.concat([head, chunk]);
    const end = head.indexOf("\\r\\n\\r\\n");
    if (end === -1 && head.length <= workerData.headMaxBytes) return;
    client.off("data", onData);
    client.pause();
    client.setTimeout(0);
    if (end === -1 || end > workerData.headMaxBytes) return void client.end(TOO_LARGE);
    client.unshift(head);
    pipe(client, hostOf(head.subarray(0, end).toString("latin1")));
  };
  client.on("data", onData);
  client.on("error", () => client.destroy());
};
const secure = tls.createServer({ key: workerData.key, cert: workerData.cert }, (client) =>
  typeof client.servername === "string" && client.servername !== "" ? pipe(client, hostnameOf(client.servername)) : pipeByHost(client),
);
secure.on("tlsClientError", (_error, socket) => socket.destroy());
const listener = net.createServer((socket) => {
  sockets.add(socket);
  socket.on("close", () => sockets.delete(socket));
  socket.on("error", () => socket.destroy());
  socket.once("readable", () => {
    const first = socket.read(1);
    if (first === null) return void socket.destroy();
    socket.unshift(first);
    if (first[0] === 0x16) secure.emit("connection", socket);
    else pipeByHost(socket);
  });
});
listener.once("error", (error) => parentPort.postMessage({ type: "failed", code: error.code, message: error.message }));
listener.listen(workerData.port, "127.0.0.1", () => parentPort.postMessage({ type: "listening", port: listener.address().port }));
parentPort.on("message", (message) => {
  if (message.type === "routes") {
    routes = message.routes === null ? null : new Map(message.routes);
    parentPort.postMessage({ type: "routed", id: message.id });
  } else if (message.type === "close") {
    listener.close(() => parentPort.postMessage({ type: "closed" }));
    for (const socket of sockets) socket.destroy();
  }
});
`;

/** How long a close waits for the thread to close its listener before it ends the thread. */
const CLOSE_WAIT_MS = 5000;

/** The routes as the gateway's thread takes them: [hostname, front socket, null (503) or a hold], or null (nothing serves yet). */
type Upstreams = [string, { port: number; hostname: string } | { heldUntil: number } | null][] | null;

type Reply = { type: "listening"; port: number } | { type: "failed"; code?: string; message: string } | { type: "routed"; id: number } | { type: "closed" };

function upstreamsOf(routes: GatewayRoutes | undefined): Upstreams {
  if (routes === undefined) return null;
  return [...routes].map(([hostname, to]) => [hostname, to === undefined ? null : to instanceof URL ? { port: Number(to.port), hostname: to.hostname } : to]);
}

/** One gateway thread, listening on `port` (0: a free one) once the promise resolves. */
async function startThread(port: number, certificate: GatewayCertificate, routes: Upstreams): Promise<{ worker: Worker; port: number }> {
  const worker = new Worker(SOURCE, {
    eval: true,
    workerData: { port, key: certificate.key, cert: certificate.cert, routes, headTimeoutMs: HEAD_TIMEOUT_MS, headMaxBytes: HEAD_MAX_BYTES },
  });
  // Only the listeners added here are removed: Worker keeps listeners of its own on itself.
  let onError: (error: Error) => void = () => undefined;
  let onExit: (code: number) => void = () => undefined;
  let onMessage: (reply: Reply) => void = () => undefined;
  try {
    const listening = await new Promise<number>((resolve, reject) => {
      onError = reject;
      onExit = (code) => reject(new Error(`the gateway's thread exited (code ${code}) before it listened`));
      onMessage = (reply) => {
        if (reply.type === "listening") resolve(reply.port);
        else if (reply.type === "failed")
          reject(
            reply.code === "EADDRINUSE"
              ? new Error(
                  `the gateway cannot listen on 127.0.0.1:${port}: another process holds that port. ` +
                    `Stop it, or pass --gateway-port N (0 picks a free port), or --runtime off for a control plane only`,
                )
              : new Error(`the gateway cannot listen on 127.0.0.1:${port}: ${reply.message}`),
          );
      };
      worker.on("error", onError).on("exit", onExit).on("message", onMessage);
    });
    return { worker, port: listening };
  } catch (error) {
    await worker.terminate();
    throw error;
  } finally {
    worker.off("error", onError).off("exit", onExit).off("message", onMessage);
  }
}

export async function startGateway(port: number, certificate: GatewayCertificate): Promise<Gateway> {
  let routes: Upstreams = null;
  let closing = false;
  let nextId = 0;
  const waiting = new Map<number, () => void>();
  const settleAll = () => {
    for (const resolve of waiting.values()) resolve();
    waiting.clear();
  };
  let closed: (() => void) | undefined;

  const first = await startThread(port, certificate, routes);
  const bound = first.port;
  let worker: Worker | undefined;

  const attach = (next: Worker) => {
    worker = next;
    next.on("message", (reply: Reply) => {
      if (reply.type === "routed") {
        waiting.get(reply.id)?.();
        waiting.delete(reply.id);
      } else if (reply.type === "closed") closed?.();
    });
    next.on("error", (error) => process.stderr.write(`takoform host: the gateway's thread failed: ${error.message}\n`));
    next.on("exit", (code) => {
      if (worker !== next) return;
      worker = undefined;
      settleAll(); // a restarted thread starts with the latest routes
      if (closing) return void closed?.();
      // Not asked to end: listen again on the same port, with the latest routes.
      process.stderr.write(`takoform host: the gateway's thread ended (code ${code}); starting it again on 127.0.0.1:${bound}\n`);
      startThread(bound, certificate, routes).then(
        (restarted) => (closing ? void restarted.worker.terminate() : attach(restarted.worker)),
        (error: Error) => process.stderr.write(`takoform host: the gateway could not start again: ${error.message}\n`),
      );
    });
  };
  attach(first.worker);

  return {
    port: bound,
    thread: () => worker,
    setRoutes(next) {
      routes = upstreamsOf(next);
      const current = worker;
      if (current === undefined) return Promise.resolve();
      const id = nextId++;
      return new Promise<void>((resolve) => {
        waiting.set(id, resolve);
        current.postMessage({ type: "routes", id, routes });
      });
    },
    async close() {
      if (closing) return;
      closing = true;
      const current = worker;
      if (current === undefined) return;
      // The thread answers once its listener has closed; a thread that does not within
      // CLOSE_WAIT_MS is ended all the same, so a close never waits for ever.
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        closed = resolve;
        timer = setTimeout(resolve, CLOSE_WAIT_MS);
        current.postMessage({ type: "close" });
      });
      clearTimeout(timer);
      worker = undefined;
      await current.terminate();
    },
  };
}
