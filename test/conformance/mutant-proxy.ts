// An HTTP proxy (node:http) in front of a real host that can break exactly one rule: a mutation
// may rewrite the request on its way in, answer it itself, or rewrite the host's answer on its
// way out. With no mutation it is transparent, which the mutant suite proves first.

import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Exchange {
  method: string;
  /** Raw path and query, exactly as received. */
  url: string;
  headers: Record<string, string>;
  body: Buffer;
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface ProxyTools {
  /** Sends a request to the real host, bypassing the mutation. */
  forward(req: Exchange): Promise<Answer>;
}

export interface Mutation {
  /** Rewrites the request, or answers it without the host (return an Answer). */
  request?(req: Exchange, tools: ProxyTools): Exchange | Answer | Promise<Exchange | Answer>;
  /** Rewrites the host's answer. */
  response?(req: Exchange, res: Answer, tools: ProxyTools): Answer | Promise<Answer>;
}

// Hop-by-hop headers are the proxy's own. Host travels on: a transparent reverse proxy keeps the
// client's Host, so the host under test answers (discovery's same-origin endpoints) for it.
const HOP = new Set(["connection", "keep-alive", "transfer-encoding", "content-length"]);

function forwardTo(target: URL): (req: Exchange) => Promise<Answer> {
  return (req) =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (!HOP.has(k)) headers[k] = v;
      if (req.body.length > 0 || ["POST", "PUT", "PATCH"].includes(req.method)) headers["content-length"] = String(req.body.length);
      const out = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const h: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined && !HOP.has(k)) h[k] = Array.isArray(v) ? v.join(", ") : v;
          resolve({ status: res.statusCode ?? 502, headers: h, body: Buffer.concat(chunks) });
        });
        res.on("error", reject);
      });
      out.on("error", reject);
      out.end(req.body);
    });
}

export async function startProxy(hostUrl: string, mutation: Mutation = {}): Promise<{ url: string; close(): Promise<void> }> {
  const forward = forwardTo(new URL(hostUrl));
  const tools: ProxyTools = { forward };
  const server = http.createServer((inReq, outRes) => {
    const chunks: Buffer[] = [];
    inReq.on("data", (c: Buffer) => chunks.push(c));
    inReq.on("end", () => {
      void (async () => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(inReq.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(", ") : v;
        let req: Exchange = { method: inReq.method ?? "GET", url: inReq.url ?? "/", headers, body: Buffer.concat(chunks) };
        let answer: Answer;
        const rewritten = mutation.request ? await mutation.request(req, tools) : req;
        if ("status" in rewritten) answer = rewritten;
        else {
          req = rewritten;
          answer = await forward(req);
          if (mutation.response) answer = await mutation.response(req, answer, tools);
        }
        outRes.writeHead(answer.status, { ...answer.headers, "content-length": String(answer.body.length) });
        outRes.end(req.method === "HEAD" ? undefined : answer.body);
      })().catch((e: Error) => {
        outRes.writeHead(599, { "content-type": "text/plain" });
        outRes.end(`mutant proxy failure: ${e.message}`);
      });
    });
  });
  // Like the host (host/server.ts): an idle keep-alive connection outlives the runner's pauses, so
  // a request never meets a socket the proxy is closing.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** The JSON body of a request or answer, or undefined. */
export function jsonOf(body: Buffer): unknown {
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
}

export function withJson<T extends Exchange | Answer>(x: T, value: unknown): T {
  return { ...x, body: Buffer.from(JSON.stringify(value), "utf8") };
}

export function errorAnswer(status: number, code: string, message: string): Answer {
  return {
    status,
    headers: { "content-type": "application/json" },
    body: Buffer.from(JSON.stringify({ error: { code, message, requestId: `mutant-${Math.random().toString(36).slice(2)}`, retryable: false } })),
  };
}
