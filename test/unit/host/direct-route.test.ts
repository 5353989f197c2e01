// The direct resource read (host/http/direct-route.ts) answers exactly as the Express app does.
// One HostApp, two servers over it: one on `listener` (direct routes first, as `takoform host`
// serves), one on the Express `app` alone. The same raw requests go to both, byte for byte, and
// the answers are compared whole (status, every header but Date and the request id, the body with
// the request id masked), together with the request log line each wrote. The requests cover the
// route's happy path and every refusal the chain in front of it makes; a direct route that
// skipped a layer, decoded differently or rendered an error its own way would differ.

import { randomUUID } from "node:crypto";
import { Socket } from "node:net";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeMatcher } from "../../../host/http/direct-route.js";
import { startAppHost, type AppHost } from "./app-host.js";
import { API, builtinCatalog, OTHER_TENANT, PRIMARY } from "./harness.js";
import { apply, document, exactQuery, refOf, resourcePath, uniqueName } from "./client.js";

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
  const requestId =
    headers
      .find((h) => h.toLowerCase().startsWith("takoform-request-id:"))
      ?.split(":")[1]
      ?.trim() ?? "(none)";
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
    const request = { method: "GET", url: target } as Parameters<ReturnType<typeof routeMatcher>>[0];
    expect(routeMatcher("GET", `${API}/resources/:formGroup/:formVersion/:kind/:name`)(request)).toEqual({
      formGroup: kv().apiVersion.split("/")[0],
      formVersion: kv().apiVersion.split("/")[1],
      kind: "EdgeKVNamespace",
      name,
    });
  });
});

/** A request with a body (Content-Length set from it). */
function send(method: string, target: string, headers: string[], body: string): string {
  return [`${method} ${target} HTTP/1.1`, ...headers, `Content-Length: ${Buffer.byteLength(body)}`, "Connection: close", "", body].join("\r\n");
}

const PREPARE = `${API}/resources/prepare`;
const JSON_TYPE = "Content-Type: application/json";
const KEY = () => `Idempotency-Key: ${randomUUID()}`;
const doc = (n: string, spec: Record<string, unknown> = {}) => document(kv(), n, "default", spec);

/** What differs between two creates of equal documents under different names: the name, uid, revision, times and the digest over the name. */
function masked(answer: Answer, resourceName: string): Answer {
  const mask = (text: string) =>
    text
      .split(resourceName)
      .join("<name>")
      .replace(/"uid":"[^"]+"/g, '"uid":"<uid>"')
      .replace(/"prepareDigest":"[^"]+"/g, '"prepareDigest":"<digest of the named document>"')
      .replace(/"revision":"[0-9]+"/g, '"revision":"<n>"')
      .replace(/"(lastTransitionTime|createdAt|updatedAt)":"[^"]+"/g, '"$1":"<time>"');
  return { ...answer, body: mask(answer.body), headers: answer.headers.map(mask), log: mask(answer.log) };
}

/**
 * Mutations change what they touch, so each server gets its own name: `steps` runs against one
 * port with one name and returns the answers, and both runs are compared with the names masked.
 */
type Steps = (port: number, resourceName: string) => Promise<Answer[]>;

async function prepared(port: number, body: object): Promise<{ answer: Answer; digest: string | undefined }> {
  const answer = await answerOf(port, send("POST", PREPARE, [HOST, bearer(PRIMARY), JSON_TYPE], JSON.stringify(body)));
  let digest: string | undefined;
  try {
    digest = JSON.parse(answer.body).review?.prepareDigest;
  } catch {
    digest = undefined;
  }
  return { answer, digest };
}

function mutationCases(): Record<string, Steps> {
  const put = (n: string, headers: string[], body: string) => send("PUT", resourcePath(kv(), n), [HOST, bearer(PRIMARY), JSON_TYPE, ...headers], body);
  return {
    "prepare, then a create": async (port, n) => {
      const { answer, digest } = await prepared(port, doc(n));
      const created = await answerOf(port, put(n, [KEY(), "If-None-Match: *"], JSON.stringify({ ...doc(n), review: { prepareDigest: digest } })));
      return [answer, created];
    },
    "a create, its replay, then an update": async (port, n) => {
      const key = KEY();
      const { digest } = await prepared(port, doc(n));
      const body = JSON.stringify({ ...doc(n), review: { prepareDigest: digest } });
      const first = await answerOf(port, put(n, [key, "If-None-Match: *"], body));
      const replay = await answerOf(port, put(n, [key, "If-None-Match: *"], body));
      const next = await prepared(port, doc(n));
      const updated = await answerOf(
        port,
        put(n, [KEY(), "Takoform-Expected-Generation: 1"], JSON.stringify({ ...doc(n), review: { prepareDigest: next.digest } })),
      );
      return [first, replay, updated];
    },
    "a create over an existing name": async (port, n) => {
      const { digest } = await prepared(port, doc(n));
      const body = JSON.stringify({ ...doc(n), review: { prepareDigest: digest } });
      return [await answerOf(port, put(n, [KEY(), "If-None-Match: *"], body)), await answerOf(port, put(n, [KEY(), "If-None-Match: *"], body))];
    },
    "a create without a prepare digest": async (port, n) => [await answerOf(port, put(n, [KEY(), "If-None-Match: *"], JSON.stringify(doc(n))))],
    "a create with another document's digest": async (port, n) => {
      const { digest } = await prepared(port, doc(`${n}-other`));
      return [await answerOf(port, put(n, [KEY(), "If-None-Match: *"], JSON.stringify({ ...doc(n), review: { prepareDigest: digest } })))];
    },
    "a create naming another resource than its path": async (port, n) => {
      const { digest } = await prepared(port, doc(n));
      return [await answerOf(port, put(`${n}-path`, [KEY(), "If-None-Match: *"], JSON.stringify({ ...doc(n), review: { prepareDigest: digest } })))];
    },
    "a PUT that is neither a create nor an update": async (port, n) => {
      const { digest } = await prepared(port, doc(n));
      return [await answerOf(port, put(n, [KEY()], JSON.stringify({ ...doc(n), review: { prepareDigest: digest } })))];
    },
    "a PUT without an Idempotency-Key": async (port, n) => [await answerOf(port, put(n, ["If-None-Match: *"], JSON.stringify(doc(n))))],
    "a PUT whose body is not JSON": async (port, n) => [await answerOf(port, put(n, [KEY(), "If-None-Match: *"], "{not json"))],
    "a PUT without a credential": async (port, n) => [
      await answerOf(port, send("PUT", resourcePath(kv(), n), [HOST, JSON_TYPE, KEY(), "If-None-Match: *"], JSON.stringify(doc(n)))),
    ],
    "a prepare of an invalid spec": async (port, n) => [(await prepared(port, doc(n, { unknownMember: 1 }))).answer],
    "a prepare whose body is not JSON": async (port) => [await answerOf(port, send("POST", PREPARE, [HOST, bearer(PRIMARY), JSON_TYPE], "[1,"))],
    "a prepare of another tenant's name": async (port, n) => {
      const { digest } = await prepared(port, doc(n));
      await answerOf(port, put(n, [KEY(), "If-None-Match: *"], JSON.stringify({ ...doc(n), review: { prepareDigest: digest } })));
      return [await answerOf(port, send("POST", PREPARE, [HOST, bearer(OTHER_TENANT), JSON_TYPE], JSON.stringify(doc(n))))];
    },
  };
}

describe("the direct prepare and apply answer as the Express app does", () => {
  for (const [label, steps] of Object.entries(mutationCases())) {
    it(label, async () => {
      const [expressName, directName] = [uniqueName("kv"), uniqueName("kv")];
      const viaExpress = (await steps(expressPort, expressName)).map((answer) => masked(answer, expressName));
      const viaListener = (await steps(directPort, directName)).map((answer) => masked(answer, directName));
      expect(viaListener.length).toBe(viaExpress.length);
      for (let i = 0; i < viaExpress.length; i++) expect(viaListener[i], `answer ${i + 1}`).toEqual(viaExpress[i]);
    });
  }
});

describe("the route matcher claims only what Express routes to the same handler with the same params", () => {
  const match = routeMatcher("GET", "/a/:x/b/:y");
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
    const dotted = routeMatcher("GET", "/apis/forms.takoform.com/:x");
    expect(dotted({ method: "GET", url: "/apis/formsXtakoform.com/1" } as Parameters<typeof dotted>[0])).toBeUndefined();
  });
});
