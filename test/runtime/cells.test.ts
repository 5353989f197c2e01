// One workerd per tenant (a cell, host/runtime/cells.ts, ADR 0300): the gateway sends a connection
// to the instance of the tenant whose hostname it names (its TLS server name, or its first
// request's Host), a request on that connection for a hostname the instance does not serve is
// answered 421 without reaching any worker, and a deploy starts again only the deploying tenant's
// instance.

import net from "node:net";
import tls from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createVersion,
  deploy,
  deployTwoTenants,
  FIRST_TENANT,
  listenerPid,
  SECOND_TENANT,
  startRuntimeHost,
  viaGateway,
  type RuntimeHost,
} from "./support.js";

let host: RuntimeHost;
let alpha: string;
let beta: string;
const SPACE = "cells";
const source = (who: string) => `export default { fetch(request) { return new Response("${who} " + new URL(request.url).hostname); } };`;

beforeAll(async () => {
  host = await startRuntimeHost();
  ({ first: alpha, second: beta } = await deployTwoTenants(host, SPACE, ["alpha", source("alpha")], ["beta", source("beta")]));
}, 60_000);
afterAll(async () => host.close());

const cellOf = (tenant: string) => host.host.runtime!.serving()!.cells.get(tenant)!;

/**
 * Writes `requests` on one connection (plain, or TLS: with `servername` as its SNI, or without SNI
 * as to an address) and returns everything read until `until` holds of it, the peer closes, or
 * `ms` pass (workerd keeps a connection open after a `Connection: close` request).
 */
function exchange(requests: string[], options: { tls?: boolean; servername?: string; ms?: number; until?: (raw: string) => boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const secure = options.tls === true || options.servername !== undefined;
    const socket = secure
      ? tls.connect({
          port: host.gatewayPort,
          host: "127.0.0.1",
          rejectUnauthorized: false,
          ...(options.servername === undefined ? {} : { servername: options.servername }),
        })
      : net.connect(host.gatewayPort, "127.0.0.1");
    let received = "";
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(received);
    };
    const timer = setTimeout(done, options.ms ?? 3000);
    socket.setEncoding("utf8");
    socket.on(secure ? "secureConnect" : "connect", () => socket.write(requests.join("")));
    socket.on("data", (chunk: string) => {
      received += chunk;
      if (options.until?.(received) === true) done();
    });
    socket.on("end", done);
    socket.on("close", done);
    socket.on("error", reject);
  });
}
const get = (hostname: string, close = false) => `GET / HTTP/1.1\r\nHost: ${hostname}\r\n${close ? "Connection: close\r\n" : ""}\r\n`;
/** Whether `raw` holds `count` whole responses (each with a Content-Length, as workerd's are). */
const responses = (count: number) => (raw: string) => {
  let at = 0;
  for (let n = 0; n < count; n++) {
    const head = raw.indexOf("\r\n\r\n", at);
    const length = /content-length: (\d+)/i.exec(raw.slice(at, head))?.[1];
    if (head === -1 || length === undefined || raw.length < head + 4 + Number(length)) return false;
    at = head + 4 + Number(length);
  }
  return true;
};
const statuses = (raw: string) => [...raw.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));

describe("the gateway", () => {
  it("gives each tenant a workerd of its own", () => {
    const ports = [cellOf(FIRST_TENANT), cellOf(SECOND_TENANT)].map((cell) => Number(cell.url.port));
    const pids = ports.map((port) => listenerPid(port));
    expect(pids.every((pid) => pid !== undefined)).toBe(true);
    expect(pids[0]).not.toBe(pids[1]);
    expect(cellOf(FIRST_TENANT).plan.hostnames).toEqual([alpha]);
    expect(cellOf(SECOND_TENANT).plan.hostnames).toEqual([beta]);
  });

  it("answers 421 for a second request naming another tenant's hostname, without reaching its worker", async () => {
    const raw = await exchange([get(alpha), get(beta, true)], { until: responses(2) });
    expect(statuses(raw)).toEqual([200, 421]);
    expect(raw).toContain(`alpha ${alpha}`);
    expect(raw).not.toContain("beta ");
    // the other way round as well, and each on a connection of its own is served
    expect(statuses(await exchange([get(beta), get(alpha, true)], { until: responses(2) }))).toEqual([200, 421]);
    expect(await exchange([get(beta, true)], { until: responses(1) })).toContain(`beta ${beta}`);
  });

  it("routes a TLS connection by its server name, else by its Host; a Host naming another tenant than the server name is 421", async () => {
    expect(await exchange([get(alpha, true)], { servername: alpha, until: responses(1) })).toContain(`alpha ${alpha}`);
    const fronted = await exchange([get(beta, true)], { servername: alpha, until: responses(1) });
    expect(statuses(fronted)).toEqual([421]);
    expect(fronted).not.toContain("beta ");
    // without a server name (a client connecting to an address), by the first request's Host
    expect(await exchange([get(beta, true)], { tls: true, until: responses(1) })).toContain(`beta ${beta}`);
  });

  it("answers a hostname nobody serves 404, a request without Host 400, and a head past its bound 431", async () => {
    const nowhere = await exchange([get("nothing-here.endpoints.takoform.localhost")]);
    expect(statuses(nowhere)).toEqual([404]);
    expect(nowhere).toContain("no worker is deployed here");
    expect(statuses(await exchange(["GET / HTTP/1.0\r\n\r\n"]))).toEqual([400]);
    expect(statuses(await exchange([`GET / HTTP/1.1\r\nHost: ${alpha}\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`]))).toEqual([431]);
  });
});

describe("a deploy", () => {
  it("starts again only the deploying tenant's workerd", async () => {
    const before = { alpha: cellOf(FIRST_TENANT), beta: cellOf(SECOND_TENANT) };
    const betaPid = listenerPid(Number(before.beta.url.port));
    const next = await createVersion(host.url, SPACE, "alpha", { source: source("alpha-2") });
    await deploy(host.url, SPACE, "alpha", [[next, 10000]]);
    await host.host.runtime!.reconcile();
    expect((await viaGateway(host.gatewayPort, alpha)).body).toBe(`alpha-2 ${alpha}`);
    expect(cellOf(FIRST_TENANT).mf).not.toBe(before.alpha.mf);
    expect(cellOf(SECOND_TENANT).mf, "the other tenant's instance is kept").toBe(before.beta.mf);
    expect(listenerPid(Number(cellOf(SECOND_TENANT).url.port))).toBe(betaPid);
    expect((await viaGateway(host.gatewayPort, beta)).body).toBe(`beta ${beta}`);
  });
});
