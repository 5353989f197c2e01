// The runtime's pure rules, without workerd: the traffic split's shares, queue batch outcomes,
// cron firing times, edge.sql statement admission, desired-state lookups that never cross tenants.

import { describe, expect, it } from "vitest";
import { nextFiring } from "../../host/runtime/cron-scheduler.js";
import Database from "better-sqlite3";
import path from "node:path";
import { admitStatement, EdgeSqlError, openEdgeSql } from "../../host/runtime/edge-sql.js";
import { settleBatch } from "../../host/runtime/queue-delivery.js";
import { cumulativeWeights, pickVersion, splitSlot } from "../../host/runtime/split.js";
import { DesiredState, EDGE } from "../../host/runtime/desired.js";
import { parseCron } from "../../host/rules/attachments/cron-schedule.js";
import type { ResourceRecord } from "../../host/store/records.js";
import { tempDirs } from "../support/temp-dirs.js";

describe("split", () => {
  it("gives each version its weight's share within 1% over 1,000 requests, for every weighting tried", () => {
    for (const weights of [
      [5000, 5000],
      [1000, 9000],
      [2500, 2500, 5000],
      [1, 9999],
      [3333, 3333, 3334],
    ]) {
      const cumulative = cumulativeWeights(weights);
      const counts = weights.map(() => 0);
      const N = 1000;
      for (let n = 0; n < N; n++) counts[pickVersion(cumulative, splitSlot(n))]!++;
      weights.forEach((w, i) => expect(Math.abs(counts[i]! - (w / 10000) * N), `${weights} version ${i}`).toBeLessThanOrEqual(N * 0.01 + 1));
    }
  });
});

describe("queue batch outcomes", () => {
  const messages = ["a", "b", "c"].map((id) => ({ id, body: { t: "json" as const, v: id }, timestampMillis: 0, attempts: 1 }));
  it("acknowledges what the handler acknowledged or returned from, retries the rest", () => {
    expect(
      settleBatch(
        messages,
        { outcome: "ok", ackAll: false, retryBatch: { retry: false }, explicitAcks: [], retryMessages: [{ msgId: "b", delaySeconds: 7 }] },
        3,
      ),
    ).toEqual({ acks: ["a", "c"], retries: [{ id: "b", delaySeconds: 7 }] });
    expect(settleBatch(messages, { outcome: "exception", ackAll: false, retryBatch: { retry: false }, explicitAcks: ["a"], retryMessages: [] }, 3)).toEqual({
      acks: ["a"],
      retries: [
        { id: "b", delaySeconds: 3 },
        { id: "c", delaySeconds: 3 },
      ],
    });
    expect(
      settleBatch(messages, { outcome: "ok", ackAll: false, retryBatch: { retry: true, delaySeconds: 1 }, explicitAcks: [], retryMessages: [] }, 3).retries,
    ).toHaveLength(3);
  });
});

describe("cron", () => {
  const schedule = (cron: string) => {
    const parsed = parseCron(cron);
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.schedule;
  };
  it("fires at the next minute the five fields name, in UTC", () => {
    const at = Date.UTC(2026, 11, 3, 10, 7, 30);
    expect(new Date(nextFiring(schedule("*/5 * * * *"), at)!).toISOString()).toBe("2026-12-03T10:10:00.000Z");
    expect(new Date(nextFiring(schedule("15 3 * * *"), at)!).toISOString()).toBe("2026-12-04T03:15:00.000Z");
    expect(new Date(nextFiring(schedule("0 0 1 1 *"), at)!).toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(new Date(nextFiring(schedule("0 12 * * 1"), at)!).toISOString()).toBe("2026-12-07T12:00:00.000Z"); // a Monday
  });
});

describe("edge.sql admission", () => {
  it("checks the input's shape only; what a statement may do is the engine's decision", () => {
    expect(() => admitStatement({ sql: "SELECT 'a;b' AS x -- ; comment" })).not.toThrow();
    expect(() => admitStatement({ sql: "" })).toThrow(EdgeSqlError);
    expect(() => admitStatement({ sql: "SELECT ?", params: new Array(101).fill(1) })).toThrow(/at most 100/);
    expect(() => admitStatement({ sql: "SELECT ?", params: [2 ** 60] })).toThrow(/safe integer corridor/);
  });
});

const tempDir = tempDirs();

describe("edge.sql on a real file", () => {
  it("is busy when another process holds the database's lock past the busy timeout, and works once it is released", async () => {
    const file = path.join(tempDir("takoform-edge-sql-"), "db.sqlite");
    const setup = new Database(file);
    setup.exec("CREATE TABLE t (x INTEGER)");
    setup.close();
    const sql = openEdgeSql(file, { busyTimeoutMs: 50 });
    const other = new Database(`${file}.lock`);
    other.exec("BEGIN EXCLUSIVE");
    const busy = await sql.execute({ sql: "INSERT INTO t VALUES (1)" }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(busy).toBeInstanceOf(EdgeSqlError);
    expect((busy as EdgeSqlError).code).toBe("busy");
    other.exec("COMMIT");
    expect(await sql.execute({ sql: "INSERT INTO t VALUES (?)", params: [9007199254740991] })).toEqual({ rows: [], rowsWritten: 1 });
    expect((await sql.query({ sql: "SELECT x FROM t" })).rows).toEqual([{ x: 9007199254740991 }]);
    await expect(sql.query({ sql: "SELECT x + 1 AS y FROM t" })).rejects.toThrow(/safe integer corridor/);
    await sql.close();
    other.close();
  });
});

describe("desired state", () => {
  const record = (tenant: string, kind: string, name: string, spec: Record<string, unknown> = {}): ResourceRecord =>
    ({
      tenant,
      space: "s",
      name,
      ref: { apiVersion: EDGE, kind, definitionVersion: "0.1.0", schemaDigest: "sha256:x" },
      uid: `${tenant}-${name}`,
      generation: "1",
      revision: "1",
      spec: spec as never,
      specDigest: "",
      conditions: [],
      observations: 0,
      createdAt: "",
    }) as ResourceRecord;
  it("resolves a reference only inside the holder's tenant and space", () => {
    const desired = new DesiredState([record("a", "EdgeKVNamespace", "kv"), record("b", "WorkerVersion", "v")], () => undefined);
    const holder = record("b", "WorkerVersion", "v");
    expect(desired.resolve(holder, { apiVersion: EDGE, kind: "EdgeKVNamespace", name: "kv" })).toBeUndefined();
    expect(desired.resolve(record("a", "WorkerVersion", "v"), { apiVersion: EDGE, kind: "EdgeKVNamespace", name: "kv" })?.tenant).toBe("a");
  });
});
