// A tenant's KV values, bucket objects and queued messages are held to its storage quota
// (storage-quota.ts, storage-writer.ts, ADR 0303): a write that would go over it is refused with
// backend_unavailable and a message naming the quota, nothing of it is stored, a SQL call starts
// only while the tenant is under its quota and is charged what it grew the database by, another tenant's
// writes go on, and what the tenant deletes is credited at the next measurement. The bytes are
// counted outside the tenant's isolate: a worker that changes the globals a wrapper in its own
// isolate would count with stores no more than the quota.

import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { storagePrefix } from "../../host/runtime/names.js";
import { OTHER_TENANT, PRIMARY } from "../unit/host/harness.js";
import { apply, ref } from "../unit/host/client.js";
import { commitFiles, deployWorker, eventually, FIRST_TENANT, kind, must, startRuntimeHost, viaGateway, type RuntimeHost } from "./support.js";

const QUOTA = 256 * 1024;
const SPACE = "quota";
let host: RuntimeHost;
let first: string;
let second: string;

const SOURCE = `export default { async fetch(request, env) {
  const q = new URL(request.url).searchParams;
  const key = q.get("key") ?? "k";
  const size = Number(q.get("size") ?? 0);
  try {
    switch (q.get("op")) {
      case "kv": await env.KV.put(key, "x".repeat(size)); break;
      case "kv-lying": {
        // what a worker could do to a counter in its own isolate
        Object.defineProperty(ArrayBuffer.prototype, "byteLength", { get() { return 1; } });
        TextEncoder.prototype.encode = () => new Uint8Array(1);
        await env.KV.put(key, new Uint8Array(size).buffer);
        break;
      }
      case "kv-get": { const v = await env.KV.get(key); return new Response(v === null ? "absent" : String(v.length)); }
      case "kv-delete": await env.KV.delete(key); break;
      case "r2": { const o = await env.FILES.put(key, new Uint8Array(size)); return new Response(o.key + " " + o.size + " " + typeof o.etag + " " + (o.uploaded instanceof Date)); }
      case "r2-stream": {
        const stream = new FixedLengthStream(size);
        const writer = stream.writable.getWriter();
        writer.write(new Uint8Array(size)).then(() => writer.close(), () => undefined);
        await env.FILES.put(key, stream.readable);
        break;
      }
      case "r2-body": await env.FILES.put(key, request.body); break;
      case "r2-head": { const o = await env.FILES.head(key); return new Response(o === null ? "absent" : String(o.size)); }
      case "queue": await env.EVENTS.send("y".repeat(size)); break;
      case "sql": await env.DB.execute("INSERT INTO notes (body) VALUES (?)", ["s".repeat(size)]); break;
    }
    return new Response("stored");
  } catch (error) {
    return Response.json({ name: error.constructor.name, code: error.code, message: error.message }, { status: 507 });
  }
} };`;

beforeAll(async () => {
  host = await startRuntimeHost(undefined, { storageQuota: { bytesPerTenant: QUOTA, rescanAfterMs: 0 } });
  const hostnames: string[] = [];
  for (const token of [PRIMARY, OTHER_TENANT]) {
    await must(apply(host.url, kind("EdgeKVNamespace"), "cache", SPACE, {}, { token }), "kv");
    await must(apply(host.url, kind("ObjectBucket"), "files", SPACE, {}, { token }), "bucket");
    await must(apply(host.url, kind("AtLeastOnceQueue"), "events", SPACE, { messageRetentionSeconds: 3600 }, { token }), "queue");
    await must(apply(host.url, kind("SQLiteDatabase"), "notes", SPACE, {}, { token }), "database");
    const digest = await commitFiles(
      host.url,
      "MigrationBundle",
      [["0001_notes.sql", "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);", "application/sql"]],
      token,
    );
    await must(apply(host.url, kind("SQLiteMigrationSet"), "notes-schema", SPACE, { manifestDigest: digest }, { token }), "migration set");
    const migration = { database: ref("SQLiteDatabase", "notes"), migrationSet: ref("SQLiteMigrationSet", "notes-schema") };
    await must(apply(host.url, kind("SQLiteMigrationApplication"), "notes-migrate", SPACE, migration, { token }), "migration application");
    const extra = {
      sqliteBindings: [{ name: "DB", resource: ref("SQLiteDatabase", "notes") }],
      kvBindings: [{ name: "KV", resource: ref("EdgeKVNamespace", "cache") }],
      bucketBindings: [{ name: "FILES", resource: ref("ObjectBucket", "files") }],
      queueProducerBindings: [{ name: "EVENTS", resource: ref("AtLeastOnceQueue", "events") }],
    };
    hostnames.push((await deployWorker(host.url, SPACE, "writer", { source: SOURCE, extra }, token)).hostname);
  }
  [first, second] = hostnames as [string, string];
  await host.host.runtime!.reconcile();
  for (const hostname of hostnames)
    await eventually(
      () => viaGateway(host.gatewayPort, hostname, "/?op=none"),
      (r) => r.status === 200,
      `${hostname} serves`,
    );
}, 120_000);
afterAll(async () => host.close());

const call = (hostname: string, query: string, init?: { method: string; body: string }) => viaGateway(host.gatewayPort, hostname, `/?${query}`, init);

/** The bytes under the first tenant's KV and bucket directories (storage-usage.ts measures the same). */
function onDisk(): number {
  const runtime = path.join(host.dataDir, "runtime");
  let total = 0;
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else total += statSync(full).size;
    }
  };
  for (const store of ["kv", "objects"])
    for (const entry of readdirSync(path.join(runtime, store), { withFileTypes: true }))
      if (entry.isDirectory() && entry.name.startsWith(storagePrefix(FIRST_TENANT))) walk(path.join(runtime, store, entry.name));
  return total;
}

it("refuses the KV put that would go over the quota, stores nothing of it, and says why", async () => {
  expect((await call(first, "op=kv&key=a&size=100000")).body).toBe("stored");
  const refused = await call(first, "op=kv&key=b&size=200000");
  expect(refused.status).toBe(507);
  const error = JSON.parse(refused.body) as { name: string; code: string; message: string };
  expect(error.code).toBe("backend_unavailable");
  // charged its bytes in whole 4 KiB blocks (49 of them), and its key's byte
  expect(error.message).toContain(`a write of 200705 bytes would take tenant ${FIRST_TENANT} over its data-plane storage quota`);
  expect(error.message).toContain(`of ${QUOTA} bytes used`);
  expect((await call(first, "op=kv-get&key=b")).body).toBe("absent");
  expect((await call(first, "op=kv-get&key=a")).body).toBe("100000");
});

it("holds bucket puts, of bytes and of streams, and queue sends to the same quota; another tenant writes on", async () => {
  expect((await call(first, "op=r2&key=o1&size=60000")).body).toBe("o1 60000 string true");
  expect((await call(first, "op=r2&key=o2&size=120000")).status).toBe(507);
  expect((await call(first, "op=r2-stream&key=o3&size=120000")).status).toBe(507);
  expect((await call(first, "op=r2-body&key=o4", { method: "PUT", body: "z".repeat(120000) })).status).toBe(507);
  for (const key of ["o2", "o3", "o4"]) expect((await call(first, `op=r2-head&key=${key}`)).body).toBe("absent");
  expect((await call(first, "op=queue&size=100000")).status).toBe(507);
  // The second tenant's quota is its own.
  expect((await call(second, "op=kv&key=b&size=150000")).body).toBe("stored");
  expect((await call(second, "op=r2-body&key=o4", { method: "PUT", body: "z".repeat(40000) })).body).toBe("stored");
  expect((await call(second, "op=r2-head&key=o4")).body).toBe("40000");
});

it("counts outside the tenant's isolate: changed globals do not shrink a write", async () => {
  const refused = await call(first, "op=kv-lying&key=c&size=300000");
  expect(refused.status, refused.body).toBe(507);
  expect(JSON.parse(refused.body).message).toContain("over its data-plane storage quota");
  expect((await call(first, "op=kv-get&key=c")).body).toBe("absent");
  expect(onDisk()).toBeLessThanOrEqual(QUOTA);
});

it("credits what is deleted at the next measurement", async () => {
  expect((await call(first, "op=kv-delete&key=a")).body).toBe("stored");
  await eventually(
    () => call(first, "op=kv&key=b&size=100000"),
    (r) => r.body === "stored",
    "the put fits once the deleted value is measured away",
  );
  expect((await call(first, "op=kv-get&key=b")).body).toBe("100000");
  expect(onDisk()).toBeLessThanOrEqual(QUOTA);
});

it("charges a SQL call what it grew the database by, and starts none once the tenant is over its quota", async () => {
  // About 235 KB of the 256 KiB are held (b, o1 and the two stores' indexes): this insert starts under the quota and takes the tenant over it.
  expect((await call(first, "op=sql&size=100000")).body).toBe("stored");
  const refused = await call(first, "op=sql&size=10");
  expect(refused.status).toBe(507);
  expect(JSON.parse(refused.body)).toMatchObject({ code: "backend_unavailable", message: expect.stringContaining("SQLite databases") });
  // The database's growth counts for every other write of the tenant too.
  expect((await call(first, "op=kv&key=d&size=10")).status).toBe(507);
  expect((await call(second, "op=sql&size=10")).body).toBe("stored");
});
