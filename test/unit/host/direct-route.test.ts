// The direct resource read (host/http/direct-route.ts) answers exactly as the Express app does.
// One HostApp, two servers over it: one on `listener` (direct routes first, as `takoform host`
// serves), one on the Express `app` alone. The same raw requests go to both, byte for byte, and
// the answers are compared whole (status, every header but Date and the request id, the body with
// the request id masked), together with the request log line each wrote. The requests cover the
// route's happy path and every refusal the chain in front of it makes; a direct route that
// skipped a layer, decoded differently or rendered an error its own way would differ.

import { Socket } from "node:net";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getRouteMatcher } from "../../../host/http/direct-route.js";
import { startAppHost, type AppHost } from "./app-host.js";
import { API, builtinCatalog, OTHER_TENANT, PRIMARY } from "./harness.js";
import { apply, exactQuery, refOf, resourcePath, uniqueName } from "./client.js";

const lines: string[] = [];
let host: AppHost;
let expressOnly: Server;
let directPort = 0;
let expressPort = 0;
const kv = () => refOf(builtinCatalog(), "EdgeKVNamespace");
const name = uniqueName("kv");

beforeAll(async () => {
  host = await startAppHost("takoform-direct-", { log: (line) => lines.push(line), rateLimit: { ratePerSecond: 1000, burst: 1000 } });
  await host.host.loadRoutes();
  expressOnly = await new Promise<Server>((resolve) => {
    const server = createServer(host.host.app).listen(0, "127.0.0.1", () => resolve(server));
  });
  directPort = Number(new URL(host.url).port);
  expressPort = (expressOnly.address() as AddressInfo).port;
  const created = await apply(host.url, kv(), name, "default", {});
  expect(created.status, created.text).toBe(201);
});
afterAll(async () => {
  expressOnly?.closeAllConnections();
  await new Promise<void>((resolve) => (expressOnly === undefined ? resolve() : expressOnly.close(() => resolve())));
  await host?.close();
});

interface Answer {
  status: string;
  headers: string[];
  body: string;
  log: string;
}

/** Sends the request bytes on a fresh connection and reads the whole answer (Connection: close). */
function exchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => resolve(Buffer.concat(chunks).toString("latin1")));
    socket.on("error", reject);
    socket.connect(port, "127.0.0.1", () => socket.end(request));
  });
}

async function answerOf(port: number, request: string): Promise<Answer> {
  const before = lines.length;
  const text = await exchange(port, request);
  await new Promise((resolve) => setTimeout(resolve, 20)); // the log line is written at 'finish'
  const [head, ...rest] = text.split("\r\n\r\n");
  const [status, ...headers] = head!.split("\r\n");
  const requestId = headers.find((h) => h.toLowerCase().startsWith("takoform-request-id:"))?.split(":")[1]?.trim() ?? "(none)";
  const log = lines.slice(before).map((line) => {
    const { time: _time, durationMs: _duration, requestId: _id, ...stable } = JSON.parse(line);
    return JSON.stringify(stable);
  });
  return {
    status: status!,
    headers: headers.filter((h) => !/^(date|takoform-request-id):/i.test(h)),
    body: rest.join("\r\n\r\n").split(requestId).join("<request-id>"),
    log: log.join("\n"),
  };
}

function get(target: string, headers: string[]): string {
  return [`GET ${target} HTTP/1.1`, ...headers, "Connection: close", "", ""].join("\r\n");
}

const bearer = (token: string) => `Authorization: Bearer ${token}`;
const HOST = "Host: 127.0.0.1";

function cases(): Record<string, string> {
  const target = `${resourcePath(kv(), name)}?${exactQuery("default", kv())}`;
  const missing = `${resourcePath(kv(), "no-such-kv")}?${exactQuery("default", kv())}`;
  return {
    "a stored resource": get(target, [HOST, bearer(PRIMARY)]),
    "a resource another tenant holds": get(target, [HOST, bearer(OTHER_TENANT)]),
    "a name nothing holds": get(missing, [HOST, bearer(PRIMARY)]),
    "no credential": get(target, [HOST]),
    "an unknown credential": get(target, [HOST, bearer("not-a-known-token-000000")]),
    "two Authorization headers": get(target, [HOST, bearer(PRIMARY), bearer(PRIMARY)]),
    "no Host header": get(target, [bearer(PRIMARY)]),
    "no query": get(resourcePath(kv(), name), [HOST, bearer(PRIMARY)]),
    "an unknown query parameter": get(`${target}&extra=1`, [HOST, bearer(PRIMARY)]),
    "a repeated query parameter": get(`${target}&space=default`, [HOST, bearer(PRIMARY)]),
    "another space": get(`${resourcePath(kv(), name)}?${exactQuery("elsewhere", kv())}`, [HOST, bearer(PRIMARY)]),
    "a kind the catalog lacks": get(target.replace("/EdgeKVNamespace/", "/EdgeNothing/"), [HOST, bearer(PRIMARY)]),
    "a trailing slash": get(target.replace("?", "/?"), [HOST, bearer(PRIMARY)]),
    "a percent-escaped name": get(target.replace(`/${name}?`, `/%6B${name.slice(1)}?`), [HOST, bearer(PRIMARY)]),
    "an encoded slash": get(target.replace(`/${name}?`, `/a%2Fb?`), [HOST, bearer(PRIMARY)]),
    "a body on a GET": get(target, [HOST, bearer(PRIMARY), "Content-Length: 2"]).replace(/\r\n\r\n$/, "\r\n\r\n{}"),
    "a probe header on a host without probes": get(target, [HOST, bearer(PRIMARY), "Takoform-Conformance-Probe: error:internal_error"]),
    "an If-None-Match": get(target, [HOST, bearer(PRIMARY), 'If-None-Match: "x"']),
  };
}

describe("the direct resource read answers as the Express app does", () => {
  for (const [label, request] of Object.entries(cases())) {
    it(label, async () => {
      const built = cases()[label]!;
      expect(built).toBe(request);
      const viaExpress = await answerOf(expressPort, request);
      const viaListener = await answerOf(directPort, request);
      expect(viaListener).toEqual(viaExpress);
    });
  }

  it("serves a stored resource through the direct route (the route is taken, not only equivalent)", async () => {
    const target = `${resourcePath(kv(), name)}?${exactQuery("default", kv())}`;
    const answer = await answerOf(directPort, get(target, [HOST, bearer(PRIMARY)]));
    expect(answer.status).toBe("HTTP/1.1 200 OK");
    expect(JSON.parse(answer.log).route).toBe(`${API}/resources/:formGroup/:formVersion/:kind/:name`);
    const request = { method: "GET", url: target } as Parameters<ReturnType<typeof getRouteMatcher>>[0];
    expect(getRouteMatcher(`${API}/resources/:formGroup/:formVersion/:kind/:name`)(request)).toEqual({
      formGroup: kv().apiVersion.split("/")[0],
      formVersion: kv().apiVersion.split("/")[1],
      kind: "EdgeKVNamespace",
      name,
    });
  });
});

describe("the route matcher claims only what Express routes to the same handler with the same params", () => {
  const match = getRouteMatcher("/a/:x/b/:y");
  const at = (method: string, url: string) => match({ method, url } as Parameters<typeof match>[0]);
  it("claims a GET of the exact shape, with or without a query", () => {
    expect(at("GET", "/a/1/b/2")).toEqual({ x: "1", y: "2" });
    expect(at("GET", "/a/1/b/2?q=1")).toEqual({ x: "1", y: "2" });
  });
  it("leaves everything else to Express", () => {
    for (const [method, url] of [
      ["HEAD", "/a/1/b/2"],
      ["PUT", "/a/1/b/2"],
      ["GET", "/a/1/b/2/"],
      ["GET", "/A/1/b/2"],
      ["GET", "/a/%31/b/2"],
      ["GET", "/a/1/b"],
      ["GET", "/a/1/b/2/c"],
      ["GET", "//a/1/b/2"],
      ["GET", "http://h/a/1/b/2"],
      ["GET", "/a//b/2"],
    ] as const)
      expect(at(method, url), `${method} ${url}`).toBeUndefined();
  });
  it("escapes the pattern's fixed segments", () => {
    const dotted = getRouteMatcher("/apis/forms.takoform.com/:x");
    expect(dotted({ method: "GET", url: "/apis/formsXtakoform.com/1" } as Parameters<typeof dotted>[0])).toBeUndefined();
  });
});
