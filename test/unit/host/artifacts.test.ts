// The content-addressed artifact API and artifact references on apply (artifact-transport;
// decisions 0018, 0019, 0033).

import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canonicalDigest } from "../../../corpus/lib/index.js";
import { ALTERNATE, API, builtinCatalog, call, OTHER_TENANT, PRIMARY, startTestHost, type TestHost } from "./harness.js";
import { apply, commitManifest, commitWorkerBundle, moduleSource, ref, refOf, uniqueName, workerBundleManifest } from "./client.js";
import { expectRefusal, expectResource } from "./expect-wire.js";
import { wireProblems } from "./wire-schemas.js";

let host: TestHost;
beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => host.close());

const sha256 = (bytes: Buffer) => "sha256:" + createHash("sha256").update(bytes).digest("hex");
const key = () => ({ "idempotency-key": randomUUID() });
const start = (manifest: object, token = PRIMARY) => call(host.url, "POST", `${API}/artifacts/uploads`, { token, body: { manifest }, headers: key() });
const putBlob = (id: string, digest: string, bytes: Buffer, token = PRIMARY) =>
  call(host.url, "PUT", `${API}/artifacts/uploads/${id}/blobs/${digest}`, { token, rawBody: bytes });
const commit = (id: string, token = PRIMARY) => call(host.url, "POST", `${API}/artifacts/uploads/${id}/commit`, { token, headers: key() });
const head = (digest: string, token = PRIMARY) => call(host.url, "HEAD", `${API}/artifacts/blobs/${digest}`, { token });

describe("upload, commit, read", () => {
  it("reports missing blobs per tenant, verifies bytes, commits idempotently under the RFC 8785 digest", async () => {
    const source = moduleSource(["fetch"], randomUUID());
    const manifest = workerBundleManifest(source);
    const started = await start(manifest);
    expect(started.status).toBe(201);
    expect(wireProblems("artifactUploadStatus", started.json)).toEqual([]);
    expect(started.json).toEqual({ uploadId: expect.stringMatching(/^up_/), missingBlobs: [sha256(source)] });
    expectRefusal(await commit(started.json.uploadId), "artifact_missing");
    expectRefusal(await putBlob(started.json.uploadId, sha256(source), Buffer.concat([source, Buffer.from(" ")])), "artifact_invalid");
    expectRefusal(await putBlob(started.json.uploadId, sha256(Buffer.from("other")), Buffer.from("other")), "artifact_invalid");
    expect((await putBlob(started.json.uploadId, sha256(source), source)).status).toBe(201);
    const committed = await commit(started.json.uploadId);
    expect(committed.status).toBe(201);
    expect(committed.json.manifestDigest).toBe(canonicalDigest(manifest));
    expect(wireProblems("artifactCommitResponse", committed.json)).toEqual([]);
    const again = await start(manifest);
    expect(again.json.missingBlobs).toEqual([]);
    expect((await commit(again.json.uploadId)).status).toBe(200);
    const read = await call(host.url, "GET", `${API}/artifacts/${committed.json.manifestDigest}`);
    expect(read.status).toBe(200);
    expect(canonicalDigest(read.json)).toBe(committed.json.manifestDigest);
    expect(wireProblems("artifactManifest", read.json)).toEqual([]);
    expect((await head(sha256(source))).status).toBe(200);
  });

  it("a digest is not a capability: another tenant sees neither the manifest nor the blob, and must upload its own bytes", async () => {
    const source = moduleSource(["fetch"], randomUUID());
    const digest = await commitManifest(host.url, workerBundleManifest(source), [source]);
    expectRefusal(await call(host.url, "GET", `${API}/artifacts/${digest}`, { token: OTHER_TENANT }), "artifact_missing");
    expect((await head(sha256(source), OTHER_TENANT)).status).toBe(404);
    const theirs = await start(workerBundleManifest(source), OTHER_TENANT);
    expect(theirs.json.missingBlobs).toEqual([sha256(source)]);
    expectRefusal(await commit(theirs.json.uploadId, OTHER_TENANT), "artifact_missing");
    // the same tenant's other principal holds it
    expect((await call(host.url, "GET", `${API}/artifacts/${digest}`, { token: ALTERNATE })).status).toBe(200);
    // and referencing it is as closed as reading it
    expectRefusal(
      await apply(host.url, refOf(builtinCatalog(), "WorkerBundle"), uniqueName(), "art", { manifestDigest: digest }, { token: OTHER_TENANT }),
      "artifact_missing",
    );
  });

  it("an upload session belongs to its tenant and principal", async () => {
    const source = moduleSource(["fetch"], randomUUID());
    const started = await start(workerBundleManifest(source));
    const id = started.json.uploadId;
    for (const token of [ALTERNATE, OTHER_TENANT]) {
      expectRefusal(await putBlob(id, sha256(source), source, token), "artifact_missing");
      expectRefusal(await commit(id, token), "artifact_missing");
      expectRefusal(await call(host.url, "DELETE", `${API}/artifacts/uploads/${id}`, { token, headers: key() }), "artifact_missing");
    }
    expectRefusal(await call(host.url, "DELETE", `${API}/artifacts/uploads/up_never-issued`, { headers: key() }), "artifact_missing");
    expect((await putBlob(id, sha256(source), source)).status).toBe(201);
    expect((await call(host.url, "DELETE", `${API}/artifacts/uploads/${id}`, { headers: key() })).status).toBe(204);
    // the abandoned session's unreferenced blob is no longer held
    expect((await head(sha256(source))).status).toBe(404);
  });

  it("abandoning a session never takes away what a committed manifest names", async () => {
    const source = moduleSource(["fetch"], randomUUID());
    await commitManifest(host.url, workerBundleManifest(source), [source]);
    const extra = Buffer.from("export const x = 1;\n");
    const manifest = {
      ...workerBundleManifest(source),
      modules: [
        ...workerBundleManifest(source).modules,
        { name: "extra.js", mediaType: "application/javascript+module", size: extra.length, digest: sha256(extra) },
      ],
    };
    const started = await start(manifest);
    expect((await call(host.url, "DELETE", `${API}/artifacts/uploads/${started.json.uploadId}`, { headers: key() })).status).toBe(204);
    expect((await head(sha256(source))).status).toBe(200);
  });

  it("abandoning a session never takes away a blob another open session of the tenant counts on", async () => {
    const source = moduleSource(["fetch"], randomUUID());
    const manifest = workerBundleManifest(source);
    const mine = await start(manifest);
    expect(mine.json.missingBlobs).toEqual([sha256(source)]);
    expect((await putBlob(mine.json.uploadId, sha256(source), source)).status).toBe(201);
    // The tenant's other principal stages the same blob (already held, so not missing) and abandons.
    const theirs = await start(manifest, ALTERNATE);
    expect(theirs.json.missingBlobs).toEqual([]);
    expect((await call(host.url, "DELETE", `${API}/artifacts/uploads/${theirs.json.uploadId}`, { token: ALTERNATE, headers: key() })).status).toBe(204);
    expect((await head(sha256(source))).status).toBe(200);
    expect((await commit(mine.json.uploadId)).status).toBe(201);
    // With no session and no committed manifest naming it, an abandon does release the hold.
    const other = moduleSource(["fetch"], randomUUID());
    const lone = await start(workerBundleManifest(other));
    expect((await putBlob(lone.json.uploadId, sha256(other), other)).status).toBe(201);
    expect((await call(host.url, "DELETE", `${API}/artifacts/uploads/${lone.json.uploadId}`, { headers: key() })).status).toBe(204);
    expect((await head(sha256(other))).status).toBe(404);
  });

  it("refuses manifests the runtime cannot load", async () => {
    const map = Buffer.from("{}");
    const source = moduleSource(["fetch"], randomUUID());
    const auxiliaryMain = {
      apiVersion: "artifacts.takoform.com/v1alpha1",
      kind: "WorkerBundle",
      mainModule: "index.js.map",
      modules: [
        { name: "index.js", mediaType: "application/javascript+module", size: source.length, digest: sha256(source) },
        { name: "index.js.map", mediaType: "application/source-map+json", size: map.length, digest: sha256(map) },
      ],
    };
    expectRefusal(await start(auxiliaryMain), "artifact_invalid");
    expectRefusal(await start({ ...workerBundleManifest(source), files: [] }), "artifact_invalid");
    expectRefusal(
      await start({ ...workerBundleManifest(source), modules: [{ ...workerBundleManifest(source).modules[0], mediaType: "application/json" }] }),
      "artifact_invalid",
    );
  });
});

describe("references from desired state", () => {
  it("a bundle must reference a committed manifest of its kind", async () => {
    const bundle = refOf(builtinCatalog(), "WorkerBundle");
    expectRefusal(await apply(host.url, bundle, uniqueName(), "art", { manifestDigest: "sha256:" + "9".repeat(64) }), "artifact_missing");
    const sql = Buffer.from("CREATE TABLE t (id INTEGER);\n");
    const migrations = await commitManifest(
      host.url,
      {
        apiVersion: "artifacts.takoform.com/v1alpha1",
        kind: "MigrationBundle",
        files: [{ path: "0001.sql", mediaType: "application/sql", size: sql.length, digest: sha256(sql) }],
      },
      [sql],
    );
    expectRefusal(await apply(host.url, bundle, uniqueName(), "art", { manifestDigest: migrations }), "artifact_invalid");
    expectResource(await apply(host.url, refOf(builtinCatalog(), "SQLiteMigrationSet"), uniqueName(), "art", { manifestDigest: migrations }), 201);
  });

  it("a version's declared handlers must be exported by its bundle's main module", async () => {
    const w = uniqueName();
    expectResource(await apply(host.url, refOf(builtinCatalog(), "ModuleWorker"), w, "art", {}), 201);
    const b = uniqueName();
    expectResource(
      await apply(host.url, refOf(builtinCatalog(), "WorkerBundle"), b, "art", { manifestDigest: await commitWorkerBundle(host.url, ["fetch"]) }),
      201,
    );
    const version = refOf(builtinCatalog(), "WorkerVersion");
    const spec = (handlers: string[]) => ({ worker: ref("ModuleWorker", w), bundle: ref("WorkerBundle", b), handlers });
    const error = expectRefusal(await apply(host.url, version, uniqueName(), "art", spec(["fetch", "queue"])), "invalid_argument");
    expect(error.message).toContain("/handlers/1");
    expectResource(await apply(host.url, version, uniqueName(), "art", spec(["fetch"])), 201);
  });
});
