// One HTTP/1.1 request to the host over node's own http/https modules, with a
// keep-alive agent per process so that the reads of a refresh reuse one
// connection. node:http is part of node itself: nothing to load from
// node_modules on the first host call, and its parser is native (issue 9).
// Idle sockets do not keep the process alive (the agent unrefs them). An idle
// socket is closed 4 s after its last answer, or 1 s before the host's own
// Keep-Alive timeout when that is sooner, so that a request is never sent on a
// connection the host is closing (undici's rule; node applies the server's
// hint only when the agent has a timeout of its own).
import http from "node:http";
import https from "node:https";

export interface ExchangeRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  signal: AbortSignal;
}

export interface ExchangeResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Uint8Array;
}

const IDLE_MS = 4000;
const agents = {
  "http:": new http.Agent({ keepAlive: true, timeout: IDLE_MS }),
  "https:": new https.Agent({ keepAlive: true, timeout: IDLE_MS }),
};

/** Sends one request and reads the whole answer; rejects on a transport failure or an abort. */
export function exchange(req: ExchangeRequest): Promise<ExchangeResponse> {
  return new Promise((resolve, reject) => {
    const url = new URL(req.url);
    if (url.protocol !== "http:" && url.protocol !== "https:") return reject(new Error(`unsupported protocol ${url.protocol}`));
    const headers: Record<string, string | number> = { ...req.headers };
    const payload = typeof req.body === "string" ? Buffer.from(req.body) : req.body;
    if (payload !== undefined) headers["content-length"] = payload.byteLength;
    const client = url.protocol === "https:" ? https : http;
    const outgoing = client.request(url, { method: req.method, headers, agent: agents[url.protocol], signal: req.signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("close", () => {
        if (!res.complete) reject(new Error("the connection closed before the end of the host's answer"));
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) }));
    });
    outgoing.on("error", reject);
    outgoing.end(payload);
  });
}
