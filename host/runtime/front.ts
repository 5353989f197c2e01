// The front worker: where the gateway sends every connection (a socket of its own in each tenant's
// workerd, ADR 0300), and the only way a client's request reaches a worker. It routes by the
// request's hostname through a table its cell builds from the workers' `routes` (`<hostname>/*`),
// answers 421 for a hostname the cell does not serve, and hands the worker a request whose
// platform parts are the host's own: `CF-Connecting-IP` is the gateway's peer, `cf` is empty, and
// no `MF-*` header survives.
//
// Miniflare's own entry worker, which the gateway used to reach, is a development server: it lets
// a request choose its worker (`MF-Route-Override`, any worker of any tenant, routed or not), its
// `cf` object (`MF-CF-Blob`), its URL (`MF-Original-URL`) and its `CF-Connecting-IP`, and answers a
// throw with a page carrying the stack. Behind the front none of that is reachable from outside
// (docs/decisions/0298-tenant-traffic-and-egress-boundaries.md).

import type { WorkerOptions } from "miniflare";
import { FRONT_WORKER } from "./names.js";
import { COMPATIBILITY_DATE, HOST_WORKER } from "./projection.js";

/**
 * The address every client of the gateway connects from: the gateway listens on this loopback
 * address only (gateway.ts), so a peer is this machine.
 */
export const GATEWAY_ADDRESS = "127.0.0.1";

/** A worker's `routes` entries as hostnames; only `<hostname>/*` is a route the front serves. */
export function routedHostnames(options: WorkerOptions): string[] {
  return (options.routes ?? []).map((route) => {
    const hostname = /^([a-z0-9.-]+)\/\*$/i.exec(route)?.[1];
    if (hostname === undefined) throw new Error(`worker ${options.name}: route ${JSON.stringify(route)} is not of the form <hostname>/*`);
    return hostname.toLowerCase();
  });
}

/** Hostname -> the worker answering it, from every worker's routes (the first claim keeps it). */
export function routeTable(workers: readonly WorkerOptions[]): Map<string, string> {
  const table = new Map<string, string>();
  for (const options of workers) for (const hostname of routedHostnames(options)) if (!table.has(hostname)) table.set(hostname, options.name!);
  return table;
}

/**
 * The answer to a request for a hostname this instance does not serve. The gateway chose the
 * instance by the connection's first hostname (gateway.ts), so such a request came on a connection
 * opened for another hostname, maybe another tenant's: the client is to send it on a new one.
 */
export const MISDIRECTED = "this connection was opened for another hostname; send the request on a new connection\n";

const SCRIPT = `
export default {
  async fetch(request, env) {
    const binding = ROUTES.get(new URL(request.url).hostname);
    if (binding === undefined) return new Response(MISDIRECTED, { status: 421, headers: { "content-type": "text/plain" } });
    const headers = new Headers();
    for (const [name, value] of request.headers) if (!name.startsWith("mf-") && name !== "cf-connecting-ip") headers.append(name, value);
    headers.set("cf-connecting-ip", CLIENT_ADDRESS);
    const forwarded = new Request(request, { headers, cf: {} });
    try {
      return await env[binding].fetch(forwarded);
    } catch {
      return new Response("the worker threw an exception\\n", { status: 500, headers: { "content-type": "text/plain" } });
    }
  },
};`;

/** The front worker's options for a route table (hostname -> worker name). */
export function frontWorker(table: ReadonlyMap<string, string>): WorkerOptions {
  const serviceBindings: Record<string, string> = {};
  const routes: [string, string][] = [];
  let index = 0;
  const bindingOf = new Map<string, string>();
  for (const [hostname, worker] of [...table].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    let binding = bindingOf.get(worker);
    if (binding === undefined) {
      binding = `T${index++}`;
      bindingOf.set(worker, binding);
      serviceBindings[binding] = worker;
    }
    routes.push([hostname, binding]);
  }
  return {
    ...HOST_WORKER,
    name: FRONT_WORKER,
    compatibilityDate: COMPATIBILITY_DATE,
    modules: true,
    script: `const ROUTES = new Map(${JSON.stringify(routes)});\nconst CLIENT_ADDRESS = ${JSON.stringify(GATEWAY_ADDRESS)};\nconst MISDIRECTED = ${JSON.stringify(MISDIRECTED)};\n${SCRIPT}`,
    serviceBindings,
    unsafeDirectSockets: [{ host: GATEWAY_ADDRESS, port: 0 }],
  };
}
