// Bounded garbage collection (decision 0111) over a real in-process host whose clock the test
// moves: what is past its window goes (expired replay records, operations settled more than the
// retention window ago, blob files nobody holds); what may still be answered or referenced stays
// (a fresh replay record, a pending operation however old, an operation settled within the window,
// bytes another tenant holds, bytes a live resource's manifest names, bytes an upload is writing).

import { randomUUID, createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlobFiles } from "../../../host/files/blob-files.js";
import type { HostApp } from "../../../host/app.js";
import { startAppHost, type AppHost } from "./app-host.js";
import { collectGarbage } from "../../../host/lifecycle/retention/garbage-collection.js";
import { API, builtinCatalog, call, OTHER_TENANT, PRIMARY } from "./harness.js";
import { apply, commitManifest, document, moduleSource, prepare, put, refOf, uniqueName, workerBundleManifest } from "./client.js";

const RETENTION_MS = 60_000;
const SPACE = "gc";
let now = Date.parse("2030-01-01T00:00:00Z");
let dataDir: string;
let blobs: BlobFiles;
let host: HostApp;
let app: AppHost;
let url: string;

beforeAll(async () => {
  app = await startAppHost("takoform-gc-", {
    clock: { now: () => new Date(now) },
    conformanceProbes: true,
    replayRetentionMs: RETENTION_MS,
    asyncCommitDelayMs: 10 * 60 * 1000,
  });
  ({ dataDir, blobs, host, url } = app);
});

afterAll(async () => app.close());

const queue = () => refOf(builtinCatalog(), "AtLeastOnceQueue");
const ASYNC = { prefer: "respond-async" }; // the timer path (the async probe holds an operation for its owner's polls; decision 0210)
const sha256 = (bytes: Buffer) => "sha256:" + createHash("sha256").update(bytes).digest("hex");
const blobFile = (digest: string) => path.join(dataDir, "blobs", digest.slice("sha256:".length));
const operation = (id: string) => call(url, "GET", `${API}/operations/${id}`);
const advance = (ms: number) => {
  now += ms;
};

async function acceptCreate(name: string): Promise<string> {
  const body = document(queue(), name, SPACE, { messageRetentionSeconds: 90 });
  const review = { prepareDigest: (await prepare(url, body)).json.review.prepareDigest };
  const accepted = await put(url, { ...body, review }, { headers: ASYNC });
  expect(accepted.status, accepted.text).toBe(202);
  return accepted.json.operation.id;
}

/** Starts a session for `bytes`, uploads them, and abandons it. */
async function uploadAndAbandon(bytes: Buffer, token = PRIMARY): Promise<string> {
  const started = await call(url, "POST", `${API}/artifacts/uploads`, {
    token,
    body: { manifest: workerBundleManifest(bytes) },
    headers: { "idempotency-key": randomUUID() },
  });
  expect(started.status, started.text).toBe(201);
  const put = await call(url, "PUT", `${API}/artifacts/uploads/${started.json.uploadId}/blobs/${sha256(bytes)}`, { token, rawBody: bytes });
  expect([201, 204]).toContain(put.status);
  expect((await call(url, "DELETE", `${API}/artifacts/uploads/${started.json.uploadId}`, { token, headers: { "idempotency-key": randomUUID() } })).status).toBe(
    204,
  );
  return sha256(bytes);
}

describe("garbage collection", () => {
  it("removes what is past its window and keeps everything still answerable or referenced", async () => {
    // Replay records: one that will have expired, one made just before the pass.
    const oldKey = randomUUID();
    expect((await apply(url, queue(), uniqueName("old"), SPACE, { messageRetentionSeconds: 60 }, { key: oldKey })).status).toBe(201);

    // Operations: one settled long ago, one settled within the window, one never settled.
    const [settledEarly, settledLate, pending] = [
      await acceptCreate(uniqueName("early")),
      await acceptCreate(uniqueName("late")),
      await acceptCreate(uniqueName("pending")),
    ];
    advance(11 * 60 * 1000);
    const early = await operation(settledEarly);
    expect(early.json.done).toBe(true);
    advance(50_000);
    const late = await operation(settledLate);
    expect(late.json.done).toBe(true);

    // Blobs: abandoned and held by nobody; abandoned here but held by another tenant; named by a
    // manifest a live resource references; being written by an upload.
    const orphan = await uploadAndAbandon(moduleSource(["fetch"], randomUUID()));
    const shared = moduleSource(["fetch"], randomUUID());
    await commitManifest(url, workerBundleManifest(shared), [shared], OTHER_TENANT);
    await uploadAndAbandon(shared);
    const referenced = moduleSource(["fetch"], randomUUID());
    const manifestDigest = await commitManifest(url, workerBundleManifest(referenced), [referenced]);
    expect((await apply(url, refOf(builtinCatalog(), "WorkerBundle"), uniqueName("bundle"), SPACE, { manifestDigest })).status).toBe(201);
    for (const digest of [orphan, sha256(shared), sha256(referenced)]) expect(existsSync(blobFile(digest)), digest).toBe(true);

    advance(11_000); // the early operation and the first replay record are now past the 60 s window
    const freshKey = randomUUID();
    const freshBody = document(queue(), uniqueName("fresh"), SPACE, { messageRetentionSeconds: 60 });
    const freshRequest = { ...freshBody, review: { prepareDigest: (await prepare(url, freshBody)).json.review.prepareDigest } };
    const fresh = await put(url, freshRequest, { key: freshKey });
    expect(fresh.status).toBe(201);

    const writing = moduleSource(["fetch"], randomUUID());
    const report = await host.context.blobs.writing(sha256(writing), async () => {
      blobs.write(sha256(writing), writing);
      return collectGarbage(host.context);
    });

    expect(report.operations).toBe(1);
    expect(report.replayRecords).toBeGreaterThanOrEqual(1);
    expect(report.blobFiles).toBe(1);
    // gone: the operation settled more than a window ago, the orphaned bytes
    expect((await operation(settledEarly)).json.error.code).toBe("operation_not_found");
    expect(existsSync(blobFile(orphan))).toBe(false);
    // kept: an operation settled within the window replays its bytes; a pending one still commits
    expect((await operation(settledLate)).text).toBe(late.text);
    const stillPending = await operation(pending);
    expect(stillPending.json).toMatchObject({ done: true, result: { resource: { metadata: { generation: "1" } } } });
    // kept: bytes another tenant holds, bytes a live resource's manifest names, bytes being written
    expect(existsSync(blobFile(sha256(shared)))).toBe(true);
    expect((await call(url, "HEAD", `${API}/artifacts/blobs/${sha256(shared)}`, { token: OTHER_TENANT })).status).toBe(200);
    expect(existsSync(blobFile(sha256(referenced)))).toBe(true);
    expect((await call(url, "GET", `${API}/artifacts/${manifestDigest}`)).status).toBe(200);
    expect(existsSync(blobFile(sha256(writing)))).toBe(true);
    // kept: the fresh replay record answers its retry with the recorded bytes
    const retried = await put(url, freshRequest, { key: freshKey });
    expect(retried.text).toBe(fresh.text);
    // Nothing holds the bytes that were being written once the write is over: the next pass takes them.
    expect((await collectGarbage(host.context)).blobFiles).toBe(1);
    expect(existsSync(blobFile(sha256(writing)))).toBe(false);
  });
});
