// The gateway: ONE listener (--gateway-port) that speaks plain HTTP and TLS on the same port (the
// first byte of a connection tells them apart). It terminates TLS and otherwise moves bytes: each
// connection is piped to the serving workerd instance, which routes every request by its Host
// header (router workers carry Miniflare `routes` for their hostnames; any other Host reaches the
// not-found worker, 404). A connection stays with the instance it was opened on; a switch sends
// new connections to the new instance, and the old one closes its connections when it is
// disposed (reconcile.ts, after a grace period).

import net, { type AddressInfo } from "node:net";
import tls from "node:tls";
import type { GatewayCertificate } from "./tls.js";

export interface GatewayTarget {
  /** Hostname -> router worker (what serves; workerd itself routes by Host). */
  hostnames: Map<string, string>;
  url: URL;
}

/** The hostname a Host header names: lowercase, without port or trailing dot. */
export function hostOf(header: string | undefined): string | undefined {
  if (header === undefined || header === "") return undefined;
  const host = header.startsWith("[") ? header.slice(0, header.indexOf("]") + 1) : header.replace(/:\d+$/, "");
  return host.toLowerCase().replace(/\.$/, "");
}

export interface Gateway {
  port: number;
  setTarget(target: GatewayTarget | undefined): void;
  close(): Promise<void>;
}

const NOTHING_SERVES =
  "HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain\r\ncontent-length: 31\r\nconnection: close\r\n\r\nthe runtime is not serving yet\n";

export async function startGateway(port: number, certificate: GatewayCertificate): Promise<Gateway> {
  let target: GatewayTarget | undefined;
  const sockets = new Set<net.Socket>();
  const pipe = (client: net.Socket) => {
    const current = target;
    if (current === undefined) return void client.end(NOTHING_SERVES);
    const upstream = net.connect(Number(current.url.port), current.url.hostname);
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
  const secure = tls.createServer({ key: certificate.key, cert: certificate.cert }, pipe);
  secure.on("tlsClientError", (_error, socket) => socket.destroy());
  const listener = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    socket.once("readable", () => {
      const first = socket.read(1) as Buffer | null;
      if (first === null) return void socket.destroy();
      socket.unshift(first);
      if (first[0] === 0x16) secure.emit("connection", socket);
      else pipe(socket);
    });
  });
  await new Promise<void>((resolve, reject) => {
    listener.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE"
          ? new Error(
              `the gateway cannot listen on 127.0.0.1:${port}: another process holds that port. ` +
                `Stop it, or pass --gateway-port N (0 picks a free port), or --runtime off for a control plane only`,
            )
          : error,
      ),
    );
    listener.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    port: (listener.address() as AddressInfo).port,
    setTarget(next) {
      target = next;
    },
    async close() {
      await new Promise<void>((resolve) => {
        listener.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}
