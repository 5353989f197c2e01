// Requests to the deployed probe through the host's gateway, addressed by Host header, with
// node:http so the runner controls when each request chunk is written and sees each response
// chunk when it arrives (streaming is a claim about time).

import http from "node:http";

export interface Gateway {
  /** e.g. http://127.0.0.1:8787 */
  url: URL;
  hostname: string;
}

export interface Exchange {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export function gatewayRequest(gw: Gateway, method: string, pathAndQuery: string, options: { headers?: Record<string, string> } = {}): http.ClientRequest {
  return http.request({
    host: gw.url.hostname,
    port: Number(gw.url.port || 80),
    method,
    path: pathAndQuery,
    headers: { host: gw.hostname, ...(options.headers ?? {}) },
    agent: false,
  });
}

/** One whole exchange; rejects (never hangs) past `timeoutMs`. */
export function exchange(gw: Gateway, method: string, pathAndQuery: string, body?: string, timeoutMs = 30_000): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const request = gatewayRequest(
      gw,
      method,
      pathAndQuery,
      body === undefined ? {} : { headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) } },
    );
    const timer = setTimeout(() => request.destroy(new Error(`no complete answer to ${method} ${pathAndQuery} within ${timeoutMs} ms`)), timeoutMs);
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (c: Buffer) => chunks.push(c));
      response.on("end", () => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
      });
      response.on("error", (e) => {
        clearTimeout(timer);
        reject(e);
      });
    });
    request.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    request.end(body);
  });
}

export async function exchangeJson(gw: Gateway, method: string, pathAndQuery: string, body?: unknown): Promise<{ status: number; json: any; text: string }> {
  const r = await exchange(gw, method, pathAndQuery, body === undefined ? undefined : JSON.stringify(body));
  const text = r.body.toString("utf8");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: r.status, json, text };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `probe` every pollMillis until `done` holds or the deadline passes; answers the last value. */
export async function pollUntil<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  deadlineSeconds: number,
  pollMillis: number,
): Promise<{ value: T; met: boolean }> {
  const deadline = Date.now() + deadlineSeconds * 1000;
  let value = await probe();
  while (!done(value) && Date.now() < deadline) {
    await sleep(pollMillis);
    value = await probe();
  }
  return { value, met: done(value) };
}
