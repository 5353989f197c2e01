// The host client's one exchange over node:http, against a real local server:
// keep-alive reuse of one connection, a sized body (no chunked encoding),
// answers in several chunks, and the failures that must reject instead of
// hanging (a cut answer, an abort, a refused connection).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TransportError } from "../../../provider-bridge/client/errors.js";
import { exchange } from "../../../provider-bridge/client/exchange.js";
import { HostHttp } from "../../../provider-bridge/client/http.js";

const seen: { url: string; port: number; headers: IncomingMessage["headers"]; body: Buffer }[] = [];
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      seen.push({ url: req.url!, port: req.socket.remotePort!, headers: req.headers, body: Buffer.concat(chunks) });
      if (req.url === "/hang") return;
      if (req.url === "/cut") {
        res.writeHead(200, { "content-type": "application/json", "content-length": "100" });
        res.write('{"a":');
        setImmediate(() => res.socket?.destroy());
        return;
      }
      if (req.url === "/chunks") {
        res.writeHead(200, { "content-type": "application/json", "x-twice": ["1", "2"] });
        res.write('{"parts":[');
        setImmediate(() => res.end('"a","b"]}'));
        return;
      }
      if (req.url === "/empty") return void res.writeHead(204).end();
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ echo: req.url }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const get = (url: string, timeoutMs = 5000) => exchange({ method: "GET", url: `${origin}${url}`, headers: { accept: "application/json" }, timeoutMs });

describe("exchange over node:http", () => {
  it("reuses one kept-alive connection for consecutive requests", async () => {
    const before = seen.length;
    for (const n of [1, 2, 3]) {
      const res = await get(`/r${n}`);
      expect(res.status).toBe(200);
      expect(JSON.parse(Buffer.from(res.body).toString())).toEqual({ echo: `/r${n}` });
    }
    const ports = seen.slice(before).map((s) => s.port);
    expect(new Set(ports).size).toBe(1);
  });

  it("sends a JSON or raw body with its length, not chunked", async () => {
    const http = new HostHttp(origin, { requestTimeoutMs: 5000, token: "t0k" });
    await http.once("PUT", "json", { body: { a: "é" } });
    const json = seen.at(-1)!;
    expect(json.headers["content-length"]).toBe(String(Buffer.byteLength('{"a":"é"}')));
    expect(json.headers["transfer-encoding"]).toBeUndefined();
    expect(json.headers["content-type"]).toBe("application/json");
    expect(json.headers["authorization"]).toBe("Bearer t0k");
    expect(json.body.toString()).toBe('{"a":"é"}');
    await http.once("POST", "raw", { raw: new Uint8Array([0, 1, 2, 255]) });
    const raw = seen.at(-1)!;
    expect(raw.headers["content-length"]).toBe("4");
    expect(raw.headers["content-type"]).toBe("application/octet-stream");
    expect([...raw.body]).toEqual([0, 1, 2, 255]);
  });

  it("joins an answer that arrives in several chunks, and keeps the headers", async () => {
    const res = await get("/chunks");
    expect(JSON.parse(Buffer.from(res.body).toString())).toEqual({ parts: ["a", "b"] });
    expect(res.headers["content-type"]).toBe("application/json");
    expect(res.headers["x-twice"]).toBe("1, 2");
    const empty = await new HostHttp(origin, { requestTimeoutMs: 5000 }).once("GET", "empty");
    expect(empty).toMatchObject({ status: 204, body: undefined });
  });

  it("rejects an answer cut before its end", async () => {
    await expect(get("/cut")).rejects.toThrow();
    await expect(new HostHttp(origin, { requestTimeoutMs: 5000 }).once("GET", "cut")).rejects.toThrow(TransportError);
  });

  it("rejects at the request timeout and on the caller's abort", async () => {
    await expect(new HostHttp(origin, { requestTimeoutMs: 100 }).once("GET", "hang")).rejects.toThrow(/no complete answer within 100 ms/);
    const stop = new AbortController();
    const client = new HostHttp(origin, { requestTimeoutMs: 5000, signal: stop.signal });
    // every request in flight under the stop signal ends with it, and a request after it never starts
    const pending = [client.once("GET", "hang"), client.once("GET", "hang")];
    stop.abort(new Error("Terraform asked the provider to stop"));
    for (const p of pending) await expect(p).rejects.toThrow(/Terraform asked the provider to stop/);
    await expect(client.once("GET", "after")).rejects.toThrow(/Terraform asked the provider to stop/);
    // the connection pool still serves after an aborted request
    expect((await get("/after")).status).toBe(200);
  });

  it("rejects a refused connection and a URL that is not http(s)", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    await expect(new HostHttp(`http://127.0.0.1:${port}`, { requestTimeoutMs: 5000 }).once("GET", "x")).rejects.toThrow(TransportError);
    await expect(exchange({ method: "GET", url: "ftp://127.0.0.1/x", headers: {}, timeoutMs: 1000 })).rejects.toThrow(/unsupported protocol/);
  });
});
