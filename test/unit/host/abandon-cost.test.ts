// Abandoning an upload session costs O(the session), not O(the tenant's other sessions and
// manifests): the store reads one abandon makes (get calls plus entries a list returns) are the
// same with 3 other open sessions and committed manifests as with 60 more of each. The reads are
// counted on the real store under the host (a counting wrapper, not a mock), never timed. Before the
// blob-use index, every abandon listed every manifest and session of the tenant.

import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openStore } from "../../../host/store/open.js";
import type { Store } from "../../../host/store/store.js";
import { API, call, PRIMARY } from "./harness.js";
import { commitManifest, moduleSource, workerBundleManifest } from "./client.js";
import { startAppHost, type AppHost } from "./app-host.js";
import { tempDirs } from "../../support/temp-dirs.js";

const sha256 = (bytes: Buffer) => "sha256:" + createHash("sha256").update(bytes).digest("hex");
const key = () => ({ "idempotency-key": randomUUID() });
let reads = 0;
let host: AppHost;

/** The store's reads, counted: each get, and each entry a list answers. */
function counting(store: Store): Store {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property === "get")
        return (...args: Parameters<Store["get"]>) => {
          reads++;
          return target.get(...args);
        };
      if (property === "list")
        return (...args: Parameters<Store["list"]>) => {
          const entries = target.list(...args);
          reads += 1 + entries.length;
          return entries;
        };
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const tempDir = tempDirs();

beforeAll(async () => {
  const store = counting(await openStore(tempDir("takoform-abandon-store-"), "sqlite"));
  host = await startAppHost("takoform-abandon-", { store, quotas: { resources: 10_000, uploadSessions: 1_000, stagedBytes: 1 << 30 } });
});
afterAll(async () => host?.close());

async function openSession(): Promise<{ uploadId: string; digest: string; source: Buffer }> {
  const source = moduleSource(["fetch"], randomUUID());
  const started = await call(host.url, "POST", `${API}/artifacts/uploads`, {
    token: PRIMARY,
    body: { manifest: workerBundleManifest(source) },
    headers: key(),
  });
  expect(started.status, started.text).toBe(201);
  return { uploadId: started.json.uploadId, digest: sha256(source), source };
}

async function crowd(sessions: number, manifests: number): Promise<void> {
  for (let i = 0; i < sessions; i++) await openSession();
  for (let i = 0; i < manifests; i++) {
    const source = moduleSource(["fetch"], randomUUID());
    await commitManifest(host.url, workerBundleManifest(source), [source]);
  }
}

/** Stages one blob in a fresh session, abandons it; answers the store reads of the abandon alone. */
async function abandonCost(): Promise<number> {
  const session = await openSession();
  const put = await call(host.url, "PUT", `${API}/artifacts/uploads/${session.uploadId}/blobs/${session.digest}`, { token: PRIMARY, rawBody: session.source });
  expect(put.status).toBe(201);
  reads = 0;
  const abandoned = await call(host.url, "DELETE", `${API}/artifacts/uploads/${session.uploadId}`, { token: PRIMARY, headers: key() });
  const cost = reads;
  expect(abandoned.status).toBe(204);
  // nothing else named it, so the hold went with the session
  expect((await call(host.url, "HEAD", `${API}/artifacts/blobs/${session.digest}`, { token: PRIMARY })).status).toBe(404);
  return cost;
}

it("an abandon reads as much with 3 other sessions and manifests as with 63 of each", async () => {
  await crowd(3, 3);
  await abandonCost(); // the tenant's first ended session builds its blob-use index
  const few = await abandonCost();
  await crowd(60, 60);
  const many = await abandonCost();
  console.info(`store reads of one abandon: ${few} with 3 other sessions and manifests, ${many} with 63 of each`);
  expect(many).toBe(few);
});

it("the index keeps a blob another open session or a committed manifest names, and releases it with the last namer", async () => {
  const first = await openSession();
  expect(
    (await call(host.url, "PUT", `${API}/artifacts/uploads/${first.uploadId}/blobs/${first.digest}`, { token: PRIMARY, rawBody: first.source })).status,
  ).toBe(201);
  const manifest = workerBundleManifest(first.source);
  const second = await call(host.url, "POST", `${API}/artifacts/uploads`, { token: PRIMARY, body: { manifest }, headers: key() });
  expect(second.json.missingBlobs).toEqual([]);
  const head = async () => (await call(host.url, "HEAD", `${API}/artifacts/blobs/${first.digest}`, { token: PRIMARY })).status;
  expect((await call(host.url, "DELETE", `${API}/artifacts/uploads/${first.uploadId}`, { token: PRIMARY, headers: key() })).status).toBe(204);
  expect(await head()).toBe(200); // the second session still names it
  expect((await call(host.url, "POST", `${API}/artifacts/uploads/${second.json.uploadId}/commit`, { token: PRIMARY, headers: key() })).status).toBe(201);
  expect((await call(host.url, "DELETE", `${API}/artifacts/uploads/${second.json.uploadId}`, { token: PRIMARY, headers: key() })).status).toBe(204);
  expect(await head()).toBe(200); // the committed manifest names it
  // a third session naming only that blob, abandoned: the manifest still names it
  const third = await call(host.url, "POST", `${API}/artifacts/uploads`, { token: PRIMARY, body: { manifest }, headers: key() });
  expect((await call(host.url, "DELETE", `${API}/artifacts/uploads/${third.json.uploadId}`, { token: PRIMARY, headers: key() })).status).toBe(204);
  expect(await head()).toBe(200);
});
