// The gateway: ONE listener (--gateway-port) that speaks plain HTTP and TLS on the same port (the
// first byte of a connection tells them apart). It terminates TLS and otherwise moves bytes: each
// connection is piped to the serving workerd instance's front worker (front.ts), which routes
// every request by its hostname (router workers, or a version answering in its router's place,
// carry `routes` for their hostnames; any other hostname reaches the not-found worker, 404) and
// hands the worker a request whose platform headers are the host's (ADR 0298). A connection stays
// with the instance it was opened on; a switch sends new connections to the new instance, and the
// old one closes its connections when it is disposed (reconcile.ts, after a grace period).
//
// The listener and every connection live on a thread of their own (ADR 0295), so workers' traffic
// keeps flowing while the host's main thread is busy with a control-plane request, a reconcile or
// a collection of its heap. The thread's source is inline (eval), as the store's writer thread's
// is, so it runs the same from TypeScript sources, from dist/ and from the host bundle.

import { Worker } from "node:worker_threads";
import type { GatewayCertificate } from "./tls.js";

export interface GatewayTarget {
  /** The serving workerd's front worker socket (it routes each request by its hostname). */
  url: URL;
}

export interface Gateway {
  port: number;
  /** Sends new connections to `target`; resolves once the gateway's thread does. */
  setTarget(target: GatewayTarget | undefined): Promise<void>;
  /** The thread serving now (undefined while it starts again); a test ends it to see it restart. */
  thread(): Worker | undefined;
  close(): Promise<void>;
}

const SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const net = require("node:net");
const tls = require("node:tls");
const NOTHING_SERVES =
  "HTTP/1.1 503 Service Unavailable\\r\\ncontent-type: text/plain\\r\\ncontent-length: 31\\r\\nconnection: close\\r\\n\\r\\nthe runtime is not serving yet\\n";
let target = workerData.target;
const sockets = new Set();
const pipe = (client) => {
  const current = target;
  if (current === undefined) return void client.end(NOTHING_SERVES);
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
const secure = tls.createServer({ key: workerData.key, cert: workerData.cert }, pipe);
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
    else pipe(socket);
  });
});
listener.once("error", (error) => parentPort.postMessage({ type: "failed", code: error.code, message: error.message }));
listener.listen(workerData.port, "127.0.0.1", () => parentPort.postMessage({ type: "listening", port: listener.address().port }));
parentPort.on("message", (message) => {
  if (message.type === "target") {
    target = message.target;
    parentPort.postMessage({ type: "targeted", id: message.id });
  } else if (message.type === "close") {
    listener.close(() => parentPort.postMessage({ type: "closed" }));
    for (const socket of sockets) socket.destroy();
  }
});
`;

/** How long a close waits for the thread to close its listener before it ends the thread. */
const CLOSE_WAIT_MS = 5000;

/** What the gateway's thread connects to: the front worker's socket in workerd. */
type Upstream = { port: number; hostname: string } | undefined;

type Reply = { type: "listening"; port: number } | { type: "failed"; code?: string; message: string } | { type: "targeted"; id: number } | { type: "closed" };

function upstreamOf(target: GatewayTarget | undefined): Upstream {
  return target === undefined ? undefined : { port: Number(target.url.port), hostname: target.url.hostname };
}

/** One gateway thread, listening on `port` (0: a free one) once the promise resolves. */
async function startThread(port: number, certificate: GatewayCertificate, target: Upstream): Promise<{ worker: Worker; port: number }> {
  const worker = new Worker(SOURCE, { eval: true, workerData: { port, key: certificate.key, cert: certificate.cert, target } });
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
  let target: Upstream;
  let closing = false;
  let nextId = 0;
  const waiting = new Map<number, () => void>();
  const settleAll = () => {
    for (const resolve of waiting.values()) resolve();
    waiting.clear();
  };
  let closed: (() => void) | undefined;

  const first = await startThread(port, certificate, target);
  const bound = first.port;
  let worker: Worker | undefined;

  const attach = (next: Worker) => {
    worker = next;
    next.on("message", (reply: Reply) => {
      if (reply.type === "targeted") {
        waiting.get(reply.id)?.();
        waiting.delete(reply.id);
      } else if (reply.type === "closed") closed?.();
    });
    next.on("error", (error) => process.stderr.write(`takoform host: the gateway's thread failed: ${error.message}\n`));
    next.on("exit", (code) => {
      if (worker !== next) return;
      worker = undefined;
      settleAll(); // a restarted thread starts with the latest target
      if (closing) return void closed?.();
      // Not asked to end: listen again on the same port, with the latest target.
      process.stderr.write(`takoform host: the gateway's thread ended (code ${code}); starting it again on 127.0.0.1:${bound}\n`);
      startThread(bound, certificate, target).then(
        (restarted) => (closing ? void restarted.worker.terminate() : attach(restarted.worker)),
        (error: Error) => process.stderr.write(`takoform host: the gateway could not start again: ${error.message}\n`),
      );
    });
  };
  attach(first.worker);

  return {
    port: bound,
    thread: () => worker,
    setTarget(next) {
      target = upstreamOf(next);
      const current = worker;
      if (current === undefined) return Promise.resolve();
      const id = nextId++;
      return new Promise<void>((resolve) => {
        waiting.set(id, resolve);
        current.postMessage({ type: "target", id, target });
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
