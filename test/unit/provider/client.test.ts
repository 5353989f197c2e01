// The host client's transport rules, against a local HTTP server that answers
// from a script (the host itself is exercised by the e2e tests of phase 2).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fullJitterDelay, parseRetryAfter } from "../../../provider-bridge/client/backoff.js";
import { checkDiscovery, discover, DiscoveryError } from "../../../provider-bridge/client/discovery.js";
import { HostError, TransportError } from "../../../provider-bridge/client/errors.js";
import { HostHttp } from "../../../provider-bridge/client/http.js";
import { OperationTimeout, waitForOperation } from "../../../provider-bridge/client/operations.js";
import { groupSegments, operationPath, resourcePath } from "../../../provider-bridge/client/paths.js";

type Answer = { status: number; body?: string | object; headers?: Record<string, string>; hang?: boolean };
const script = new Map<string, Answer[]>();
const seen: { method: string; url: string; headers: IncomingMessage["headers"]; body: string }[] = [];
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const queue = script.get(`${req.method} ${req.url}`) ?? [];
      const a = queue.length > 1 ? queue.shift()! : queue[0];
      if (!a) return void res.writeHead(404).end();
      if (a.hang) return;
      res.writeHead(a.status, { "content-type": "application/json", ...a.headers });
      res.end(a.body === undefined ? "" : typeof a.body === "string" ? a.body : JSON.stringify(a.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
beforeEach(() => {
  script.clear();
  seen.length = 0;
});

const api = () => `${origin}/apis/forms.takoform.com/v1beta1`;
const features = {
  service_forms: true,
  exact_form_ref: true,
  optimistic_concurrency: true,
  idempotent_lifecycle: true,
  operations: true,
  artifact_upload: true,
  support_profiles: true,
};
const envelope = (code: string, retryable: boolean, message = "m") => ({ error: { code, message, requestId: "req-1", retryable } });
const http = (extra: Partial<ConstructorParameters<typeof HostHttp>[1]> = {}) =>
  new HostHttp(api(), { requestTimeoutMs: 2000, token: "tok", random: () => 0, ...extra });

describe("discovery", () => {
  it("accepts this lane's document and rejects anything else", () => {
    const good = {
      api_versions: ["forms.takoform.com/v1beta1"],
      features: { ...features, extra: false },
      endpoints: { api: `${origin}/apis/forms.takoform.com/v1beta1`, operations: `${origin}/apis/forms.takoform.com/v1beta1/operations` },
    };
    expect(checkDiscovery(good, origin)).toEqual({ api: good.endpoints.api, operations: good.endpoints.operations });
    const bad: [object, RegExp][] = [
      [{ ...good, api_versions: ["forms.takoform.com/v1alpha2"] }, /api_versions/],
      [{ ...good, features: { ...features, operations: false } }, /operations/],
      [{ ...good, endpoints: { api: `${origin}/apis/forms.takoform.com%2Fv1beta1` } }, /percent-encoding/],
      [{ ...good, endpoints: { api: `http://elsewhere.example/apis/forms.takoform.com/v1beta1` } }, /endpoints\.api must be/],
      [{ ...good, endpoints: { api: `${origin}/apis/forms.takoform.com/v1beta1/` } }, /endpoints\.api must be/],
      [{ ...good, endpoints: { ...good.endpoints, support: `${origin}/apis/forms.takoform.com/v1beta1/operations` } }, /endpoints\.support must be/],
    ];
    for (const [doc, message] of bad) expect(() => checkDiscovery(doc, origin), String(message)).toThrow(message);
  });

  it("fetches the document and gives up after its own short deadline", async () => {
    const doc = { api_versions: ["forms.takoform.com/v1beta1"], features, endpoints: { api: api() } };
    script.set("GET /.well-known/takoform/v1beta1", [{ status: 200, body: doc }]);
    const h = http();
    const get = async (url: string, ms: number) => h.once("GET", url, {}, ms);
    expect(await discover(origin + "/", get)).toEqual({ api: api() });
    script.set("GET /.well-known/takoform/v1beta1", [{ status: 200, hang: true }]);
    const started = Date.now();
    await expect(discover(origin, get, 200)).rejects.toThrow(DiscoveryError);
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

describe("request targets", () => {
  it("sends a namespaced group as two segments and never encodes a slash", () => {
    expect(groupSegments("edge.forms.takoform.com/v1beta1")).toBe("edge.forms.takoform.com/v1beta1");
    expect(resourcePath("edge.forms.takoform.com/v1beta1", "ModuleWorker", "api-1")).toBe("resources/edge.forms.takoform.com/v1beta1/ModuleWorker/api-1");
    expect(operationPath("op_1")).toBe("operations/op_1");
    expect(() => resourcePath("edge.forms.takoform.com/v1beta1", "ModuleWorker", "..")).toThrow();
    expect(() => groupSegments("v1beta1")).toThrow();
  });
});

describe("retries", () => {
  it("retries a retryable answer after Retry-After, with the bearer token", async () => {
    script.set("GET /apis/forms.takoform.com/v1beta1/x", [
      { status: 503, body: envelope("backend_unavailable", true), headers: { "retry-after": "0" } },
      { status: 200, body: { ok: 1 } },
    ]);
    const res = await http().send("GET", "x", { deadline: Date.now() + 5000 });
    expect(res.body).toEqual({ ok: 1 });
    expect(seen).toHaveLength(2);
    expect(seen[0]!.headers["authorization"]).toBe("Bearer tok");
  });

  it("does not retry codes that may not be retryable, or answers marked not retryable", async () => {
    script.set("PUT /apis/forms.takoform.com/v1beta1/x", [{ status: 400, body: envelope("invalid_argument", true, "spec.cron: not a schedule") }]);
    const err = await http()
      .send("PUT", "x", { body: { a: 1 }, deadline: Date.now() + 5000 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HostError);
    expect(err).toMatchObject({ code: "invalid_argument", retryable: false, status: 400, message: "spec.cron: not a schedule", requestId: "req-1" });
    expect(seen).toHaveLength(1);
    expect(JSON.parse(seen[0]!.body)).toEqual({ a: 1 });
    script.set("GET /apis/forms.takoform.com/v1beta1/y", [{ status: 409, body: envelope("resource_busy", false) }]);
    await expect(http().send("GET", "y", { deadline: Date.now() + 5000 })).rejects.toMatchObject({ code: "resource_busy" });
    expect(seen).toHaveLength(2);
  });

  it("stops retrying at the deadline", async () => {
    script.set("GET /apis/forms.takoform.com/v1beta1/z", [{ status: 429, body: envelope("rate_limited", true), headers: { "retry-after": "30" } }]);
    await expect(http().send("GET", "z", { deadline: Date.now() + 1000 })).rejects.toMatchObject({ code: "rate_limited", retryAfterMs: 30_000 });
    expect(seen).toHaveLength(1);
  });

  it("refuses answers that are not the wire format", async () => {
    script.set("GET /apis/forms.takoform.com/v1beta1/a", [{ status: 502, body: "<html>bad gateway</html>" }]);
    await expect(http().send("GET", "a")).rejects.toThrow(TransportError);
    script.set("GET /apis/forms.takoform.com/v1beta1/b", [{ status: 200, body: '{"a":1,"a":2}' }]);
    await expect(http().send("GET", "b")).rejects.toThrow(/not I-JSON at \/a/);
  });
});

describe("operations", () => {
  const op = (done: boolean, extra: object = {}) => ({ apiVersion: "operations.takoform.com/v1alpha1", kind: "Operation", id: "op_1", done, ...extra });

  it("polls until the operation is terminal", async () => {
    script.set("GET /apis/forms.takoform.com/v1beta1/operations/op_1", [
      { status: 200, body: op(false, { metadata: { phase: "Applying" } }), headers: { "retry-after": "0" } },
      { status: 200, body: op(false) },
      { status: 200, body: op(true, { result: { resource: { metadata: { uid: "u" } } } }) },
    ]);
    const phases: string[] = [];
    const done = await waitForOperation(http(), "op_1", { deadline: Date.now() + 5000, onPoll: (o) => phases.push(o.metadata?.phase ?? "-") });
    expect(done.result).toEqual({ resource: { metadata: { uid: "u" } } });
    expect(phases).toEqual(["Applying", "-", "-"]);
  });

  it("gives up at the operation deadline, and reports an expired operation record", async () => {
    script.set("GET /apis/forms.takoform.com/v1beta1/operations/op_1", [{ status: 200, body: op(false), headers: { "retry-after": "5" } }]);
    await expect(waitForOperation(http(), "op_1", { deadline: Date.now() + 500 })).rejects.toBeInstanceOf(OperationTimeout);
    script.set("GET /apis/forms.takoform.com/v1beta1/operations/op_1", [{ status: 404, body: envelope("operation_not_found", false) }]);
    await expect(waitForOperation(http(), "op_1", { deadline: Date.now() + 500 })).rejects.toMatchObject({ code: "operation_not_found", status: 404 });
  });
});

describe("backoff", () => {
  it("draws full jitter below an exponential, capped ceiling", () => {
    expect(fullJitterDelay(0, { baseMs: 100, capMs: 1000 }, () => 0.999)).toBe(99);
    expect(fullJitterDelay(3, { baseMs: 100, capMs: 1000 }, () => 0.5)).toBe(400);
    expect(fullJitterDelay(50, { baseMs: 100, capMs: 1000 }, () => 0.999)).toBe(999);
    expect(fullJitterDelay(5, { baseMs: 100, capMs: 1000 }, () => 0)).toBe(0);
  });

  it("reads Retry-After as seconds or an HTTP date", () => {
    expect(parseRetryAfter("7")).toBe(7000);
    expect(parseRetryAfter("Wed, 02 Dec 2026 12:00:10 GMT", Date.parse("2026-12-02T12:00:00Z"))).toBe(10_000);
    expect(parseRetryAfter("soon")).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
});
