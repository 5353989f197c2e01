// The host's Prometheus metrics (prom-client), one registry per host so several hosts in one
// process (tests) never share counters. Served at /metrics only with --metrics
// (http/routes/operating.ts).

import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { RequestHandler } from "express";
import type { PostgresObserver } from "./store/postgres.js";

export interface HostMetrics {
  readonly registry: Registry;
  /** Counts and times every request by matched route and status. */
  readonly requests: RequestHandler;
  /** Store transaction latency and lock waits (postgres). */
  readonly store: PostgresObserver;
  /** One garbage collection pass's removals. */
  collected(report: Record<string, number>): void;
  /** Reports pending operations at each scrape. */
  pendingOperations(count: () => number): void;
}

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export function createHostMetrics(): HostMetrics {
  const registry = new Registry();
  const requestsTotal = new Counter({
    name: "takoform_http_requests_total",
    help: "HTTP requests answered, by route and status",
    labelNames: ["route", "status"],
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: "takoform_http_request_duration_seconds",
    help: "HTTP request latency, by route",
    labelNames: ["route"],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const transactionSeconds = new Histogram({
    name: "takoform_store_transaction_duration_seconds",
    help: "Store transaction latency (lock taken to commit), by outcome",
    labelNames: ["outcome"],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const retries = new Counter({
    name: "takoform_store_transaction_retries_total",
    help: "Store transactions begun again after a transient database refusal",
    registers: [registry],
  });
  const lockWait = new Histogram({
    name: "takoform_store_lock_wait_seconds",
    help: "Time waited for a tenant's database lock",
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const soleClaim = new Gauge({
    name: "takoform_store_sole_claim",
    help: "1 while this replica holds the sole-replica claim and reads without a refresh (postgres, ADR 0307)",
    registers: [registry],
  });
  soleClaim.set(0);
  const collected = new Counter({
    name: "takoform_garbage_collected_total",
    help: "Entries and blobs removed by garbage collection, by kind",
    labelNames: ["kind"],
    registers: [registry],
  });
  for (const kind of ["replay_records", "operations", "blob_files"]) collected.inc({ kind }, 0);
  let countPending: () => number = () => 0;
  new Gauge({
    name: "takoform_operations_pending",
    help: "Accepted (202) operations not yet committed",
    registers: [registry],
    collect() {
      this.set(countPending());
    },
  });
  return {
    registry,
    requests(req, res, next) {
      const started = performance.now();
      res.once("finish", () => {
        const route = req.route?.path === undefined ? "unmatched" : `${req.baseUrl}${String(req.route.path)}`;
        requestsTotal.inc({ route, status: String(res.statusCode) });
        requestSeconds.observe({ route }, (performance.now() - started) / 1000);
      });
      next();
    },
    store: {
      transaction: (ms, ok) => transactionSeconds.observe({ outcome: ok ? "committed" : "failed" }, ms / 1000),
      lockWait: (ms) => lockWait.observe(ms / 1000),
      retry: () => retries.inc(),
      soleClaim: (held) => soleClaim.set(held ? 1 : 0),
    },
    collected(report) {
      for (const [kind, count] of Object.entries(report)) collected.inc({ kind }, count);
    },
    pendingOperations(count) {
      countPending = count;
    },
  };
}
