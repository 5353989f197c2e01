// One HTTP/1.1 request to the host over node's own http/https modules, with a
// keep-alive agent per process so that the reads of a refresh reuse one
// connection. node:http is part of node itself: nothing to load from
// node_modules on the first host call, and its parser is native (issue 9).
// Idle sockets do not keep the process alive (the agent unrefs them). An idle
// socket is closed 4 s after its last answer, or 1 s before the host's own
// Keep-Alive timeout when that is sooner, so that a request is never sent on a
// connection the host is closing (undici's rule; node applies the server's
// hint only when the agent has a timeout of its own).
//
// Each request carries its deadline as one plain timer and the caller's stop
// signal as a membership in a set, instead of AbortSignal.timeout and
// AbortSignal.any per request (an EventTarget, a weakly held timer and a
// listener on the stop signal for every host call; about 3% of a refresh).
import http from "node:http";
import https from "node:https";
import { onSessionEnd } from "./connections.js";
import { httpsAgent } from "./extra-ca.js";

export interface ExchangeRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** Longest time for the whole exchange, answer included. */
  timeoutMs: number;
  /** Aborts the exchange (StopProvider). */
  stop?: AbortSignal;
}

export interface ExchangeResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Uint8Array;
}

const IDLE_MS = 4000;
const httpAgent = new http.Agent({ keepAlive: true, timeout: IDLE_MS });
let secureAgent: https.Agent | undefined; // built on the first https request (client/extra-ca.ts)

/** Forgets the connections and the HTTPS agent of a session (a spare serves the next with another environment). */
export function resetConnections(): void {
  httpAgent.destroy();
  secureAgent?.destroy();
  secureAgent = undefined;
}
onSessionEnd(resetConnections);

/** The requests in flight under each stop signal, and the one listener that destroys them on abort. */
const inFlight = new WeakMap<AbortSignal, Set<http.ClientRequest>>();

function track(stop: AbortSignal, request: http.ClientRequest): Set<http.ClientRequest> {
  let set = inFlight.get(stop);
  if (set === undefined) {
    const requests = new Set<http.ClientRequest>();
    stop.addEventListener("abort", () => {
      for (const r of requests) r.destroy(abortError(stop));
      requests.clear();
    });
    inFlight.set(stop, (set = requests));
  }
  set.add(request);
  return set;
}

function abortError(stop: AbortSignal): Error {
  const reason: unknown = stop.reason;
  return reason instanceof Error ? reason : new Error("the request was aborted");
}

/** Sends one request and reads the whole answer; rejects on a transport failure, the timeout or a stop. */
export function exchange(req: ExchangeRequest): Promise<ExchangeResponse> {
  return new Promise((resolve, reject) => {
    const url = new URL(req.url);
    if (url.protocol !== "http:" && url.protocol !== "https:") return reject(new Error(`unsupported protocol ${url.protocol}`));
    if (req.stop?.aborted) return reject(abortError(req.stop));
    const headers: Record<string, string | number> = { ...req.headers };
    const payload = typeof req.body === "string" ? Buffer.from(req.body) : req.body;
    if (payload !== undefined) headers["content-length"] = payload.byteLength;
    const client = url.protocol === "https:" ? https : http;
    let tracked: Set<http.ClientRequest> | undefined;
    const settle = (): void => {
      clearTimeout(timer);
      tracked?.delete(outgoing);
    };
    const fail = (err: Error): void => {
      settle();
      reject(err);
    };
    const agent = url.protocol === "https:" ? (secureAgent ??= httpsAgent(process.env, { keepAlive: true, timeout: IDLE_MS })) : httpAgent;
    const outgoing = client.request(url, { method: req.method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", fail);
      res.on("close", () => {
        if (!res.complete) fail(new Error("the connection closed before the end of the host's answer"));
      });
      res.on("end", () => {
        settle();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) });
      });
    });
    const timer = setTimeout(() => outgoing.destroy(new Error(`no complete answer within ${req.timeoutMs} ms`)), req.timeoutMs);
    if (req.stop) tracked = track(req.stop, outgoing);
    outgoing.on("error", fail);
    outgoing.end(payload);
  });
}
