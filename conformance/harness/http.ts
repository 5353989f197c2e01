// A deliberately raw HTTP client: the path goes on the wire exactly as given (percent-encoding,
// odd segments and all), bodies may be any bytes (duplicate members, invalid UTF-8), and every
// header is the caller's choice. Responses are decoded strictly as I-JSON, because a response
// with duplicate members is protocol-invalid before any of its meaning is read.

import { parseIJson } from "../../corpus/lib/index.js";
import { Pool } from "undici";

export type HeaderMap = Record<string, string>;

export interface RawRequest {
  method: string;
  /** Path and query exactly as they go on the wire. */
  path: string;
  headers?: HeaderMap;
  /** A JSON value (encoded with JSON.stringify) or raw bytes/text sent verbatim. */
  json?: unknown;
  raw?: string | Uint8Array;
}

export interface HostResponse {
  request: { method: string; path: string };
  status: number;
  headers: Record<string, string>;
  bytes: Buffer;
  text: string;
  /** The decoded document when the body is non-empty I-JSON. */
  body: unknown;
  /** Why the body could not be decoded, when it could not. */
  decodeProblem?: string;
}

export class HttpTransport {
  private readonly pool: Pool;

  constructor(
    readonly origin: string,
    private readonly timeoutMs = 30_000,
  ) {
    this.pool = new Pool(origin, { connections: 16, pipelining: 1 });
  }

  async send(req: RawRequest): Promise<HostResponse> {
    const headers: HeaderMap = { ...(req.headers ?? {}) };
    let body: string | Uint8Array | undefined;
    if (req.raw !== undefined) {
      body = req.raw;
    } else if (req.json !== undefined) {
      body = JSON.stringify(req.json);
    }
    if (body !== undefined && !hasHeader(headers, "content-type")) headers["content-type"] = "application/json";
    const res = await this.pool.request({
      method: req.method as "GET",
      path: req.path,
      headers,
      body,
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
    });
    const bytes = Buffer.from(await res.body.arrayBuffer());
    const flat: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) {
      if (v === undefined) continue;
      flat[k.toLowerCase()] = Array.isArray(v) ? v.join(", ") : String(v);
    }
    const out: HostResponse = {
      request: { method: req.method, path: req.path },
      status: res.statusCode,
      headers: flat,
      bytes,
      text: bytes.toString("utf8"),
      body: undefined,
    };
    if (bytes.length > 0 && req.method !== "HEAD") {
      const decoded = parseIJson(bytes);
      if (decoded.ok) out.body = decoded.value;
      else out.decodeProblem = decoded.message;
    }
    return out;
  }

  async close(): Promise<void> {
    await this.pool.close();
  }
}

export function hasHeader(headers: HeaderMap, name: string): boolean {
  const lower = name.toLowerCase();
  return Object.keys(headers).some((k) => k.toLowerCase() === lower);
}

/** One short line describing a response, for failure messages. */
export function describeResponse(res: HostResponse): string {
  const head = `${res.request.method} ${res.request.path} -> HTTP ${res.status}`;
  const err = errorOf(res);
  if (err) return `${head} ${err.code}${err.message ? ` (${truncate(err.message, 160)})` : ""}`;
  if (res.decodeProblem) return `${head} undecodable body: ${res.decodeProblem}`;
  if (res.bytes.length === 0) return `${head} (empty body)`;
  return `${head} ${truncate(res.text.replace(/\s+/g, " "), 200)}`;
}

export interface WireError {
  code: string;
  message: string;
  requestId?: string;
  retryable?: boolean;
}

/** The error body of an error envelope, when the response carries one. */
export function errorOf(res: HostResponse): WireError | undefined {
  const b = res.body as { error?: { code?: unknown; message?: unknown; requestId?: unknown; retryable?: unknown } } | undefined;
  if (!b || typeof b !== "object" || !b.error || typeof b.error !== "object") return undefined;
  const e = b.error;
  if (typeof e.code !== "string") return undefined;
  return {
    code: e.code,
    message: typeof e.message === "string" ? e.message : "",
    ...(typeof e.requestId === "string" ? { requestId: e.requestId } : {}),
    ...(typeof e.retryable === "boolean" ? { retryable: e.retryable } : {}),
  };
}

function truncate(s: string, n: number): string {
  return s.length <= n ? s : s.slice(0, n) + "…";
}
