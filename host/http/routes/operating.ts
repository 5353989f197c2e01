// The operator's endpoints, outside the API lane and before authentication: /healthz (the process
// answers), /readyz (it may be sent traffic: started, not draining, its store reachable with the
// schema it knows) and, only when enabled, /metrics (Prometheus text). None of them names a
// tenant or anything stored.

import type { RequestHandler } from "express";
import type { Registry } from "prom-client";

export type HostPhase = "starting" | "ready" | "draining";

export interface OperatingOptions {
  phase(): HostPhase;
  /** undefined when the store can serve, else why not (no tenant data in it). */
  storeProblem(): Promise<string | undefined>;
  metrics?: Registry;
}

const READY_TIMEOUT_MS = 2000;

function withTimeout(check: Promise<string | undefined>): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve("store did not answer in time"), READY_TIMEOUT_MS);
  });
  return Promise.race([check.catch(() => "store unreachable"), late]).finally(() => clearTimeout(timer));
}

export function operatingRoutes(options: OperatingOptions): RequestHandler {
  return function operating(req, res, next) {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const text = (status: number, body: string) => {
      res
        .status(status)
        .set("Content-Type", "text/plain; charset=utf-8")
        .set("Cache-Control", "no-store")
        .send(body + "\n");
    };
    if (req.url === "/healthz") return text(200, "ok");
    if (req.url === "/readyz") {
      const phase = options.phase();
      if (phase !== "ready") return text(503, `not ready: ${phase}`);
      void withTimeout(options.storeProblem()).then((problem) => (problem === undefined ? text(200, "ready") : text(503, `not ready: ${problem}`)));
      return;
    }
    if (req.url === "/metrics" && options.metrics !== undefined) {
      const registry = options.metrics;
      registry.metrics().then(
        (body) => res.status(200).set("Content-Type", registry.contentType).send(body),
        (error: unknown) => next(error),
      );
      return;
    }
    next();
  };
}
