// The gateway: ONE listener (--gateway-port) that speaks plain HTTP and TLS on the same port (the
// first byte of a connection tells them apart) and routes by Host header. A hostname no endpoint or
// custom domain serves is 404 here; a served one is forwarded, streaming both ways, to the serving
// workerd instance, whose router worker for that hostname splits across the deployment's versions.

import http, { type IncomingMessage, type ServerResponse } from "node:http";
import https from "node:https";
import net, { type AddressInfo } from "node:net";
import type { GatewayCertificate } from "./tls.js";

export interface GatewayTarget {
  /** Hostname -> router worker (only membership matters here; workerd routes by Host). */
  hostnames: Map<string, string>;
  url: URL;
  agent: http.Agent;
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

export async function startGateway(port: number, certificate: GatewayCertificate): Promise<Gateway> {
  let target: GatewayTarget | undefined;
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const current = target;
    const host = hostOf(request.headers.host);
    if (current === undefined || host === undefined || !current.hostnames.has(host)) {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
      response.end(`no worker is deployed at ${host ?? "(no Host header)"}\n`);
      return;
    }
    const upstream = http.request(
      { host: current.url.hostname, port: current.url.port, method: request.method, path: request.url, headers: request.headers, agent: current.agent },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(response);
      },
    );
    upstream.on("error", () => {
      if (!response.headersSent) response.writeHead(502, { "content-type": "text/plain; charset=utf-8" });
      response.end("the runtime did not answer\n");
    });
    request.pipe(upstream);
    response.on("close", () => upstream.destroy());
  };
  const plain = http.createServer(handle);
  const secure = https.createServer({ key: certificate.key, cert: certificate.cert }, handle);
  const sockets = new Set<net.Socket>();
  const listener = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.once("readable", () => {
      const first = socket.read(1) as Buffer | null;
      if (first === null) return void socket.destroy();
      socket.unshift(first);
      (first[0] === 0x16 ? secure : plain).emit("connection", socket);
    });
  });
  await new Promise<void>((resolve, reject) => {
    listener.once("error", reject);
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
