// One HTTP exchange with the host, and the retry rule around it: only the
// four codes that may be retryable are retried, and only when the host said
// retryable: true; the wait is the host's Retry-After or full-jitter backoff,
// and nothing is retried past the caller's deadline. Bodies are decoded
// raw-first as I-JSON, like every Host API document.
import { parseIJson } from "../../corpus/lib/ijson.js";
import { DEFAULT_BACKOFF, fullJitterDelay, parseRetryAfter, sleep, type BackoffPolicy } from "./backoff.js";
import { HostError, hostErrorFrom, TransportError } from "./errors.js";
import { exchange, type ExchangeResponse } from "./exchange.js";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface HostHttpOptions {
  token?: string;
  /** Longest single exchange. */
  requestTimeoutMs: number;
  /** Aborts everything (StopProvider). */
  signal?: AbortSignal;
  userAgent?: string;
  backoff?: BackoffPolicy;
  random?: () => number;
}

export interface SendOptions {
  body?: unknown;
  /** Raw bytes sent as application/octet-stream instead of a JSON body (artifact blobs). */
  raw?: Uint8Array;
  headers?: Record<string, string>;
  /** Absolute time (ms since epoch) after which no new attempt starts. */
  deadline?: number;
}

export interface HostResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export class HostHttp {
  constructor(
    /** Base URL that relative paths resolve against ({api}), without a trailing slash. */
    readonly base: string,
    private readonly opts: HostHttpOptions,
  ) {}

  url(pathOrUrl: string): string {
    return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${this.base}/${pathOrUrl}`;
  }

  /** One attempt. Non-2xx answers throw HostError (or TransportError when not an error envelope). */
  async once(method: Method, pathOrUrl: string, options: SendOptions = {}, timeoutMs = this.opts.requestTimeoutMs): Promise<HostResponse> {
    const headers: Record<string, string> = {
      accept: "application/json",
      "user-agent": this.opts.userAgent ?? "takoform-terraform-provider",
      ...options.headers,
    };
    if (this.opts.token) headers["authorization"] = `Bearer ${this.opts.token}`;
    let payload: string | Uint8Array | undefined;
    if (options.raw !== undefined) {
      payload = options.raw;
      headers["content-type"] = "application/octet-stream";
    } else if (options.body !== undefined) {
      payload = JSON.stringify(options.body);
      headers["content-type"] = "application/json";
    }
    let res: ExchangeResponse;
    try {
      res = await exchange({ method, url: this.url(pathOrUrl), headers, body: payload, timeoutMs, ...(this.opts.signal ? { stop: this.opts.signal } : {}) });
    } catch (err) {
      throw new TransportError(`${method} ${this.url(pathOrUrl)}: ${(err as Error).message}`);
    }
    const raw = res.body;
    let body: unknown = undefined;
    if (raw.length > 0) {
      const parsed = parseIJson(raw);
      if (!parsed.ok) {
        if (res.status >= 400) throw new TransportError(`${method} ${this.url(pathOrUrl)} answered ${res.status} with a body that is not I-JSON`);
        throw new TransportError(`${method} ${this.url(pathOrUrl)}: the host's answer is not I-JSON at ${parsed.pointer || "/"}: ${parsed.message}`);
      }
      body = parsed.value;
    }
    if (res.status >= 200 && res.status < 300) return { status: res.status, headers: res.headers, body };
    throw hostErrorFrom(res.status, body, parseRetryAfter(res.headers["retry-after"]));
  }

  /** Attempts until success, a non-retryable answer, or the deadline. */
  async send(method: Method, pathOrUrl: string, options: SendOptions = {}): Promise<HostResponse> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once(method, pathOrUrl, options);
      } catch (err) {
        if (!(err instanceof HostError) || !err.retryable) throw err;
        const wait = err.retryAfterMs ?? fullJitterDelay(attempt, this.opts.backoff ?? DEFAULT_BACKOFF, this.opts.random);
        if (options.deadline === undefined || Date.now() + wait >= options.deadline) throw err;
        await sleep(wait, this.opts.signal);
      }
    }
  }
}
