// Operating replicas: /healthz and /readyz answer without credentials and say nothing about any
// tenant; /metrics (only with --metrics) is Prometheus text whose counters move with traffic;
// SIGTERM drains (not ready, then in-flight requests finish, exit 0); and a rolling restart of
// both replicas under load loses no acknowledged create.

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { builtinCatalog, CREDENTIALS } from "../unit/host/harness.js";
import { apply, read, refOf } from "../unit/host/client.js";
import { printFigures } from "../reliability/support/figures.js";
import { freshDatabase, postgresServer } from "./database.js";
import { startReplicas, type ReplicaSet } from "./replicas.js";

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });
const queue = () => refOf(builtinCatalog(), "AtLeastOnceQueue");
const server = await postgresServer();
const DRAIN_DELAY_MS = 1000;

/** One sample of a Prometheus text exposition: the sum of every series of `name` matching `labels`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split("\n")) {
    const match = /^([a-z_]+)(\{[^}]*\})? (\S+)$/.exec(line);
    if (match === null || match[1] !== name) continue;
    const series = match[2] ?? "";
    if (Object.entries(labels).every(([key, value]) => series.includes(`${key}="${value}"`))) total += Number(match[3]);
  }
  return total;
}

describe.skipIf(server === undefined)("operating two postgres replicas", () => {
  let set: ReplicaSet;
  beforeAll(async () => {
    set = await startReplicas(2, await freshDatabase(server!), ["--metrics", "--drain-delay-ms", String(DRAIN_DELAY_MS)]);
  });
  afterAll(async () => set?.close());

  it("answers /healthz and /readyz unauthenticated, outside the API lane, naming no tenant", async () => {
    for (const replica of set.replicas) {
      const health = await fetch(`${replica.process.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.text()).toBe("ok\n");
      // ready once its routes are loaded (polled, as a load balancer does); until then "starting"
      for (const until = Date.now() + 30_000; ;) {
        const ready = await fetch(`${replica.process.url}/readyz`, { headers: { host: "anything.example" } });
        const text = await ready.text();
        if (ready.status === 200) {
          expect(text).toBe("ready\n");
          break;
        }
        expect(`${ready.status} ${text}`).toBe("503 not ready: starting\n");
        expect(Date.now()).toBeLessThan(until);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    // the API lane still wants credentials
    expect((await fetch(`${set.url}/apis/forms.takoform.com/v1beta1/forms`)).status).toBe(401);
  });

  it("serves Prometheus metrics whose request, store transaction and lock counters move", async () => {
    const target = set.replicas[0]!.process.url;
    const before = await (await fetch(`${target}/metrics`)).text();
    for (let i = 0; i < 5; i++) expect((await apply(target, queue(), `metric-${i}`, "metrics", { messageRetentionSeconds: 60 })).status).toBe(201);
    const response = await fetch(`${target}/metrics`);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const after = await response.text();
    expect(sample(after, "takoform_http_requests_total", { status: "201" }) - sample(before, "takoform_http_requests_total", { status: "201" })).toBe(5);
    expect(
      sample(after, "takoform_http_request_duration_seconds_count") - sample(before, "takoform_http_request_duration_seconds_count"),
    ).toBeGreaterThanOrEqual(10);
    expect(
      sample(after, "takoform_store_transaction_duration_seconds_count", { outcome: "committed" }) -
        sample(before, "takoform_store_transaction_duration_seconds_count", { outcome: "committed" }),
    ).toBeGreaterThanOrEqual(5);
    expect(sample(after, "takoform_store_lock_wait_seconds_count") - sample(before, "takoform_store_lock_wait_seconds_count")).toBeGreaterThanOrEqual(5);
    // two replicas: neither holds the sole-replica claim (ADR 0307)
    expect(after).toContain("# TYPE takoform_store_sole_claim gauge");
    expect(sample(after, "takoform_store_sole_claim")).toBe(0);
    for (const name of ["takoform_operations_pending", "takoform_garbage_collected_total", "takoform_store_transaction_retries_total"])
      expect(after).toContain(`# TYPE ${name} `);
    // labels name routes by their pattern: no tenant, space or resource name
    for (const credential of CREDENTIALS) expect(after).not.toContain(credential.tenant);
    expect(after).not.toContain("metric-0");
    expect(after).not.toContain('"metrics"');
  });

  it("a rolling restart (SIGTERM, drain, exit 0, start again) of both replicas under load loses no acknowledged create", async () => {
    const acknowledged: { name: string; uid: string; generation: string; revision: string }[] = [];
    let refused = 0;
    let stop = false;
    const load = Promise.all(
      Array.from({ length: 4 }, async (_, w) => {
        for (let i = 0; !stop; i++) {
          const name = `rolling-${w}-${i}-${randomUUID().slice(0, 8)}`;
          const reply = await apply(set.url, queue(), name, "rolling", { messageRetentionSeconds: 60 }).catch(() => undefined);
          if (reply?.status === 201) acknowledged.push({ name, ...reply.json.metadata });
          else refused++;
        }
      }),
    );
    try {
      for (const index of [0, 1]) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const replica = set.replicas[index]!;
        const url = replica.process.url;
        const exited = replica.process.stop();
        // draining: still alive, no longer ready
        await new Promise((resolve) => setTimeout(resolve, DRAIN_DELAY_MS / 4));
        const ready = await fetch(`${url}/readyz`);
        expect(ready.status).toBe(503);
        expect(await ready.text()).toBe("not ready: draining\n");
        expect(await exited).toBe(0);
        await set.restart(index);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      stop = true;
      await load;
    }
    expect(acknowledged.length).toBeGreaterThan(20);
    for (const ack of acknowledged) {
      const now = await read(set.url, queue(), ack.name, "rolling");
      expect(now.status, ack.name).toBe(200);
      expect(now.json.metadata, ack.name).toMatchObject({ uid: ack.uid, generation: ack.generation, revision: ack.revision });
    }
    printFigures("replicas", "rolling restart of two replicas under load", { acknowledged: acknowledged.length, notAcknowledged: refused });
  });
});
