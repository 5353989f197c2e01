// Long-running operations: 202 acceptance, commit-time revalidation, the accepted incarnation,
// ownership, cancel and terminal replay.

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALTERNATE, API, builtinCatalog, call, OTHER_TENANT, startTestHost, type Reply, type TestHost } from "./harness.js";
import { apply, createWorkerAggregate, document, prepare, put, read, ref, refOf, remove, uniqueName } from "./client.js";
import { expectRefusal, expectResource } from "./expect-wire.js";
import { wireProblems } from "./wire-schemas.js";

// Time is the test's: the commit timer (one minute) never fires during a test, and an operation
// commits when it is read after the test moved the clock past its commit time.
let offset = 0;
const clock = { now: () => new Date(Date.now() + offset) };
const COMMIT_DELAY_MS = 60_000;

let host: TestHost;
beforeAll(async () => {
  host = await startTestHost({ asyncCommitDelayMs: COMMIT_DELAY_MS, clock });
});
afterAll(async () => host.close());

const SPACE = "ops";
// Prefer alone: the timer path (a probe-async operation is held for its owner's polls instead, decision 0210).
const ASYNC = { prefer: "respond-async" };
const queue = () => refOf(builtinCatalog(), "AtLeastOnceQueue");
const getOperation = (id: string, token?: string) => call(host.url, "GET", `${API}/operations/${id}`, token === undefined ? {} : { token });

/** The operation is still pending; after the clock passes its commit time, the next read settles it. */
async function settle(id: string): Promise<any> {
  const pending = await getOperation(id);
  expect(pending.status, pending.text).toBe(200);
  if (pending.json.done) return pending;
  expect(pending.headers.get("retry-after")).not.toBeNull();
  expect(wireProblems("operation", pending.json)).toEqual([]);
  offset += COMMIT_DELAY_MS + 1;
  const reply = await getOperation(id);
  expect(reply.json.done, reply.text).toBe(true);
  expect(wireProblems("operation", reply.json)).toEqual([]);
  return reply;
}

async function reviewed(name: string, spec: Record<string, unknown>, generation?: string) {
  const body = document(queue(), name, SPACE, spec);
  const prepared = await prepare(host.url, body, generation === undefined ? {} : { generation });
  return { ...body, review: { prepareDigest: prepared.json.review.prepareDigest } };
}

async function asyncApply(name: string, spec: Record<string, unknown>, generation?: string, key = randomUUID()): Promise<Reply> {
  const body = await reviewed(name, spec, generation);
  return put(host.url, body, { key, headers: ASYNC, ...(generation === undefined ? {} : { generation }) });
}

describe("accepted mutations", () => {
  it("a create answers 202 and commits later; the terminal state carries the resource and replays unchanged", async () => {
    const name = uniqueName();
    const key = randomUUID();
    const body = await reviewed(name, { messageRetentionSeconds: 60 });
    const accepted = await put(host.url, body, { key, headers: ASYNC });
    expect(accepted.status).toBe(202);
    expect(accepted.headers.get("retry-after")).toBe(String(COMMIT_DELAY_MS / 1000));
    expect(wireProblems("operationEnvelope", accepted.json)).toEqual([]);
    const operation = accepted.json.operation;
    expect(operation).toMatchObject({ apiVersion: "operations.takoform.com/v1alpha1", kind: "Operation", done: false });
    expect(operation.id).toMatch(/^op_/);
    expectRefusal(await read(host.url, queue(), name, SPACE), "resource_not_found");
    const settled = await settle(operation.id);
    expect(settled.json.result.resource.metadata).toMatchObject({ name, generation: "1" });
    expect(settled.json.target.uid).toBe(settled.json.result.resource.metadata.uid);
    expect("error" in settled.json).toBe(false);
    expectResource(await read(host.url, queue(), name, SPACE), 200);
    // the same request again replays the 202: it is bound to its operation's live incarnation
    const replay = await put(host.url, body, { key, headers: ASYNC });
    expect({ status: replay.status, text: replay.text }).toEqual({ status: 202, text: accepted.text });
    // other operations settle; this one's terminal state is byte-identical
    await asyncApply(uniqueName(), { messageRetentionSeconds: 61 });
    await apply(host.url, queue(), name, SPACE, { messageRetentionSeconds: 62 }, { generation: "1" });
    expect((await getOperation(operation.id)).text).toBe(settled.text);
  });

  it("the commit is bound to the accepted incarnation: a replacement is uid_mismatch, a deletion resource_not_found", async () => {
    for (const recreate of [true, false]) {
      const name = uniqueName();
      expectResource(await apply(host.url, queue(), name, SPACE, { messageRetentionSeconds: 60 }), 201);
      const accepted = await asyncApply(name, { messageRetentionSeconds: 90 }, "1");
      expect(accepted.status, accepted.text).toBe(202);
      expect((await remove(host.url, queue(), name, SPACE, "1")).status).toBe(204);
      if (recreate) expectResource(await apply(host.url, queue(), name, SPACE, { messageRetentionSeconds: 60 }), 201);
      const settled = await settle(accepted.json.operation.id);
      expect(settled.json.error.code).toBe(recreate ? "uid_mismatch" : "resource_not_found");
      expect("result" in settled.json).toBe(false);
      if (recreate) expect(expectResource(await read(host.url, queue(), name, SPACE), 200).spec.messageRetentionSeconds).toBe(60);
    }
  });

  it("every rule is decided again at commit", async () => {
    const q = uniqueName();
    expectResource(await apply(host.url, queue(), q, SPACE, { messageRetentionSeconds: 60 }), 201);
    const agg = await createWorkerAggregate(host.url, builtinCatalog(), SPACE, uniqueName("o"), [["fetch", "queue"]]);
    const consumer = refOf(builtinCatalog(), "QueueConsumer");
    const spec = {
      maxBatchSize: 1,
      maxBatchTimeoutSeconds: 1,
      maxRetries: 1,
      retryDelaySeconds: 1,
      maxConcurrency: 1,
      queue: ref("AtLeastOnceQueue", q),
      worker: ref("ModuleWorker", agg.worker),
    };
    const body = document(consumer, uniqueName(), SPACE, spec);
    const prepared = await prepare(host.url, body);
    const accepted = await put(host.url, { ...body, review: { prepareDigest: prepared.json.review.prepareDigest } }, { headers: ASYNC });
    expect(accepted.status, accepted.text).toBe(202);
    expectResource(await apply(host.url, consumer, uniqueName(), SPACE, spec), 201);
    const settled = await settle(accepted.json.operation.id);
    expect(settled.json.error.code).toBe("invalid_argument");
  });

  it("a 202's replay record follows its operation: it retires once the committed incarnation is deleted", async () => {
    const name = uniqueName();
    const key = randomUUID();
    const body = await reviewed(name, { messageRetentionSeconds: 60 });
    const first = await put(host.url, body, { key, headers: ASYNC });
    const settled = await settle(first.json.operation.id);
    const uid = settled.json.result.resource.metadata.uid;
    expect((await remove(host.url, queue(), name, SPACE, "1")).status).toBe(204);
    const again = await put(host.url, body, { key, headers: ASYNC });
    expect(again.status).toBe(202);
    expect(again.json.operation.id).not.toBe(first.json.operation.id);
    const recreated = await settle(again.json.operation.id);
    expect(recreated.json.result.resource.metadata.uid).not.toBe(uid);
  });

  it("a review valid when the mutation was accepted stays valid for its commit, however late", async () => {
    const name = uniqueName();
    const accepted = await asyncApply(name, { messageRetentionSeconds: 60 });
    offset += 45 * 60 * 1000; // three prepare windows later
    const settled = await settle(accepted.json.operation.id);
    expect(settled.json.result.resource.metadata.name).toBe(name);
  });

  it("a delete and an artifact commit can be accepted too", async () => {
    const name = uniqueName();
    expectResource(await apply(host.url, queue(), name, SPACE, { messageRetentionSeconds: 60 }), 201);
    const accepted = await remove(host.url, queue(), name, SPACE, "1", { headers: ASYNC });
    expect(accepted.status).toBe(202);
    expect(accepted.json.operation.target.uid).toBeDefined();
    expect((await settle(accepted.json.operation.id)).json.result).toEqual({ deleted: true });
    expectRefusal(await read(host.url, queue(), name, SPACE), "resource_not_found");
  });
});

describe("operation handles", () => {
  it("are bound to the tenant and principal that started them", async () => {
    const accepted = await asyncApply(uniqueName(), { messageRetentionSeconds: 60 });
    const id = accepted.json.operation.id;
    for (const token of [ALTERNATE, OTHER_TENANT]) {
      expectRefusal(await getOperation(id, token), "operation_not_found");
      expectRefusal(
        await call(host.url, "POST", `${API}/operations/${id}/cancel`, { token, headers: { "idempotency-key": randomUUID() } }),
        "operation_not_found",
      );
    }
    expectRefusal(await getOperation("op_never-issued"), "operation_not_found");
    await settle(id);
  });

  it("cancel stops a pending operation and replays a terminal one", async () => {
    const name = uniqueName();
    const accepted = await asyncApply(name, { messageRetentionSeconds: 60 });
    const cancel = () => call(host.url, "POST", `${API}/operations/${accepted.json.operation.id}/cancel`, { headers: { "idempotency-key": randomUUID() } });
    const cancelled = await cancel();
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ done: true, error: { code: "operation_cancelled", retryable: false } });
    offset += COMMIT_DELAY_MS + 1;
    expect((await getOperation(accepted.json.operation.id)).text).toBe(cancelled.text);
    expectRefusal(await read(host.url, queue(), name, SPACE), "resource_not_found");
    expect((await cancel()).text).toBe(cancelled.text);
  });
});
