// Quotas and expiry (docs/security.md): a tenant past its resource, open-upload-session or
// staged-bytes quota is refused policy_denied with a host code naming the quota and a message
// naming the limit and its flag, nothing stored and other tenants unaffected; an upload session
// idle past the documented window is ended by garbage collection, which reclaims its staged bytes.

import { randomBytes, randomUUID, createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectGarbage } from "../../../host/lifecycle/retention/garbage-collection.js";
import { DEFAULT_UPLOAD_IDLE_MS } from "../../../host/lifecycle/artifact-upload/upload-expiry.js";
import { parseHostOptions } from "../../../host/options.js";
import { API, builtinCatalog, call, OTHER_TENANT, PRIMARY } from "./harness.js";
import { apply, read, refOf } from "./client.js";
import { expectRefusal } from "./expect-wire.js";
import { startAppHost, type AppHost } from "./app-host.js";

let now = Date.parse("2030-01-01T00:00:00Z");
let app: AppHost;
let url: string;
let dataDir: string;
beforeAll(async () => {
  app = await startAppHost("takoform-quota-", { clock: { now: () => new Date(now) }, quotas: { resources: 3, uploadSessions: 2, stagedBytes: 1000 } });
  url = app.url;
  dataDir = app.dataDir;
});
afterAll(async () => app.close());

const queue = () => refOf(builtinCatalog(), "AtLeastOnceQueue");
const sha256 = (bytes: Buffer) => "sha256:" + createHash("sha256").update(bytes).digest("hex");

function startUpload(blobs: Buffer[], token = PRIMARY) {
  const manifest = {
    apiVersion: "artifacts.takoform.com/v1alpha1",
    kind: "MigrationBundle",
    files: blobs.map((blob, i) => ({ path: `${String(i + 1).padStart(4, "0")}.sql`, mediaType: "application/sql", size: blob.length, digest: sha256(blob) })),
  };
  return call(url, "POST", `${API}/artifacts/uploads`, { token, body: { manifest }, headers: { "idempotency-key": randomUUID() } });
}

describe("quotas", () => {
  it("refuses the resource past --quota-resources, storing nothing; another tenant is unaffected", async () => {
    for (let i = 0; i < 3; i++) expect((await apply(url, queue(), `q${i}`, "s", { messageRetentionSeconds: 60 })).status).toBe(201);
    const error = expectRefusal(await apply(url, queue(), "q3", "s", { messageRetentionSeconds: 60 }), "policy_denied");
    expect(error.hostCode).toBe("quota_resources");
    expect(error.message).toMatch(/quota of 3 resources \(--quota-resources\)/);
    expectRefusal(await read(url, queue(), "q3", "s"), "resource_not_found");
    expect((await apply(url, queue(), "q0", "s", { messageRetentionSeconds: 61 }, { generation: "1" })).status).toBe(200); // updates still go
    expect((await apply(url, queue(), "b0", "s", { messageRetentionSeconds: 60 }, { token: OTHER_TENANT })).status).toBe(201);
  });

  it("refuses the session past --quota-upload-sessions and the bytes past --quota-staged-bytes", async () => {
    const big = expectRefusal(await startUpload([randomBytes(1001)]), "policy_denied");
    expect(big.hostCode).toBe("quota_stagedBytes");
    expect(big.message).toMatch(/1000 bytes staged by open upload sessions \(--quota-staged-bytes\)/);
    expect((await startUpload([randomBytes(400)])).status).toBe(201);
    const second = expectRefusal(await startUpload([randomBytes(700)]), "policy_denied");
    expect(second.hostCode).toBe("quota_stagedBytes");
    expect((await startUpload([randomBytes(500)])).status).toBe(201);
    const third = expectRefusal(await startUpload([randomBytes(10)]), "policy_denied");
    expect(third.hostCode).toBe("quota_uploadSessions");
    expect(third.message).toMatch(/quota of 2 open upload sessions \(--quota-upload-sessions\)/);
    expect((await startUpload([randomBytes(10)], OTHER_TENANT)).status).toBe(201);
  });

  it("ends idle sessions after the documented window and reclaims their staged blobs", async () => {
    const blob = randomBytes(300);
    const digest = sha256(blob);
    // tenant-b has room: one session open from the test above
    const started = await startUpload([blob], OTHER_TENANT);
    expect(started.status, started.text).toBe(201);
    const uploadId = started.json.uploadId as string;
    const blobPath = `${API}/artifacts/uploads/${uploadId}/blobs/${digest}`;
    expect((await call(url, "PUT", blobPath, { token: OTHER_TENANT, rawBody: blob })).status).toBe(201);
    const file = path.join(dataDir, "blobs", digest.slice("sha256:".length));
    expect(existsSync(file)).toBe(true);

    now += DEFAULT_UPLOAD_IDLE_MS - 60_000;
    expect((await collectGarbage(app.host.context)).uploadSessions).toBeUndefined();
    expect(existsSync(file)).toBe(true);
    now += 120_000;
    const report = await collectGarbage(app.host.context);
    expect(report.uploadSessions).toBeGreaterThanOrEqual(1);
    expect(existsSync(file), "the staged blob's bytes are reclaimed").toBe(false);
    expectRefusal(await call(url, "PUT", blobPath, { token: OTHER_TENANT, rawBody: blob }), "artifact_missing");
    // the tenant's session quota is free again
    expect((await startUpload([randomBytes(10)])).status).toBe(201);
  });

  it("a committed session is not open: a tenant commits past the session quota, and its committed sessions end an hour after their commit", async () => {
    const commit = (uploadId: string) => call(url, "POST", `${API}/artifacts/uploads/${uploadId}/commit`, { headers: { "idempotency-key": randomUUID() } });
    // tenant-a has one session open from the test above, of its quota of 2
    const committed: Array<{ uploadId: string; digest: string; blob: string }> = [];
    for (let i = 0; i < 5; i++) {
      const blob = Buffer.from(`SELECT ${i}; -- ${randomUUID()}\n`, "utf8");
      const started = await startUpload([blob]);
      expect(started.status, `start ${i}: ${started.text}`).toBe(201);
      expect((await call(url, "PUT", `${API}/artifacts/uploads/${started.json.uploadId}/blobs/${sha256(blob)}`, { rawBody: blob })).status).toBe(201);
      const done = await commit(started.json.uploadId);
      expect(done.status, done.text).toBe(201);
      committed.push({ uploadId: started.json.uploadId, digest: done.json.manifestDigest, blob: sha256(blob) });
    }
    // committing a committed session again answers the same digest
    const again = await commit(committed[0]!.uploadId);
    expect([again.status, again.json.manifestDigest]).toEqual([200, committed[0]!.digest]);
    // uncommitted sessions still count: one more fits, the next is refused
    expect((await startUpload([randomBytes(10)])).status).toBe(201);
    expect(expectRefusal(await startUpload([randomBytes(10)]), "policy_denied").hostCode).toBe("quota_uploadSessions");

    now += 60 * 60 * 1000 + 60_000;
    expect((await collectGarbage(app.host.context)).uploadSessions).toBeGreaterThanOrEqual(committed.length);
    for (const { uploadId, digest, blob } of committed) {
      expectRefusal(await commit(uploadId), "artifact_missing"); // the session ended
      expect((await call(url, "GET", `${API}/artifacts/${digest}`)).status, "the committed manifest stays").toBe(200);
      expect((await call(url, "HEAD", `${API}/artifacts/blobs/${blob}`)).status, "and its blob").toBe(200);
    }
  });

  it("--quota-* flags parse to positive integers", () => {
    expect(parseHostOptions(["--quota-resources", "5", "--quota-staged-bytes", "1024"]).quotas).toEqual({ resources: 5, stagedBytes: 1024 });
    expect(() => parseHostOptions(["--quota-upload-sessions", "0"])).toThrow(/positive integer/);
  });
});
