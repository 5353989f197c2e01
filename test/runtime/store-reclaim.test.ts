// What a deleted incarnation kept on disk goes with it (store-reclaim.ts, ADR 0306): once a KV
// namespace, a bucket, a SQLite database and a queue are deleted, their values, objects, indexes,
// database file and messages are removed from DATA, their bytes come back to the tenant's storage
// quota, and nothing of a live store goes: not the same tenant's other stores, not another
// tenant's stores of the same names. What a host finds on disk for no live record when it starts
// (deleted while it was down, or before hosts reclaimed) goes too.

import { cpSync, existsSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, it } from "vitest";
import { storageId, tenantDirectory } from "../../host/runtime/names.js";
import { storeBlobDir, storeIndexFile } from "../../host/runtime/store-layout.js";
import type { ResourceRecord } from "../../host/store/records.js";
import { OTHER_TENANT, PRIMARY } from "../unit/host/harness.js";
import { apply, read, ref, remove } from "../unit/host/client.js";
import {
  commitFiles,
  deployWorker,
  eventually,
  generationOf,
  FIRST_TENANT,
  kind,
  must,
  SECOND_TENANT,
  startRuntimeHost,
  viaGateway,
  type RuntimeHost,
} from "./support.js";

const QUOTA = 512 * 1024;
const SPACE = "reclaim";
let host: RuntimeHost;
let closed = false;
const hostnames = new Map<string, string>();
const versions = new Map<string, string>();

const SOURCE = `export default { async fetch(request, env) {
  const q = new URL(request.url).searchParams;
  const size = Number(q.get("size") ?? 1000);
  try {
    switch (q.get("op")) {
      case "write":
        await env.KV.put("k", "x".repeat(size), { metadata: { note: "m".repeat(500) } });
        await env.FILES.put("o", new Uint8Array(size), { customMetadata: { note: "m".repeat(500) } });
        await env.EVENTS.send({ size });
        await env.DB.execute("INSERT INTO notes (body) VALUES (?)", ["s".repeat(100)]);
        break;
      case "kv":
        await env.KV.put("k", "x".repeat(size));
        break;
      case "read": {
        const value = await env.KV.get("k");
        const object = await env.FILES.head("o");
        const rows = await env.DB.query("SELECT count(*) AS n FROM notes");
        return new Response([value?.length, object?.size, rows.rows?.[0]?.n ?? rows[0]?.n].join(" "));
      }
    }
    return new Response("stored");
  } catch (error) {
    return Response.json({ code: error.code, message: error.message }, { status: 507 });
  }
} };`;

/** A worker `worker` bound to its own KV namespace, bucket, queue and migrated database, all named after it. */
async function storesAndWorker(worker: string, token: string): Promise<void> {
  await must(apply(host.url, kind("EdgeKVNamespace"), `${worker}-kv`, SPACE, {}, { token }), "kv");
  await must(apply(host.url, kind("ObjectBucket"), `${worker}-files`, SPACE, {}, { token }), "bucket");
  await must(apply(host.url, kind("AtLeastOnceQueue"), `${worker}-events`, SPACE, { messageRetentionSeconds: 3600 }, { token }), "queue");
  await must(apply(host.url, kind("SQLiteDatabase"), `${worker}-db`, SPACE, {}, { token }), "database");
  const digest = await commitFiles(
    host.url,
    "MigrationBundle",
    [["0001.sql", "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);", "application/sql"]],
    token,
  );
  await must(apply(host.url, kind("SQLiteMigrationSet"), `${worker}-schema`, SPACE, { manifestDigest: digest }, { token }), "migration set");
  const migration = { database: ref("SQLiteDatabase", `${worker}-db`), migrationSet: ref("SQLiteMigrationSet", `${worker}-schema`) };
  await must(apply(host.url, kind("SQLiteMigrationApplication"), `${worker}-migrate`, SPACE, migration, { token }), "migration application");
  const extra = {
    sqliteBindings: [{ name: "DB", resource: ref("SQLiteDatabase", `${worker}-db`) }],
    kvBindings: [{ name: "KV", resource: ref("EdgeKVNamespace", `${worker}-kv`) }],
    bucketBindings: [{ name: "FILES", resource: ref("ObjectBucket", `${worker}-files`) }],
    queueProducerBindings: [{ name: "EVENTS", resource: ref("AtLeastOnceQueue", `${worker}-events`) }],
  };
  const deployed = await deployWorker(host.url, SPACE, worker, { source: SOURCE, extra }, token);
  hostnames.set(`${token}/${worker}`, deployed.hostname);
  versions.set(`${token}/${worker}`, deployed.version);
}

async function record(kindName: string, name: string, token: string): Promise<ResourceRecord> {
  const reply = await read(host.url, kind(kindName), name, SPACE, token);
  expect(reply.status).toBe(200);
  return { tenant: token === PRIMARY ? FIRST_TENANT : SECOND_TENANT, uid: reply.json.metadata.uid as string } as ResourceRecord;
}

/** Where the worker's stores keep their bytes, and the uid of its queue. */
async function placesOf(worker: string, token: string): Promise<{ files: string[]; queue: string }> {
  const kv = storageId(await record("EdgeKVNamespace", `${worker}-kv`, token));
  const bucket = storageId(await record("ObjectBucket", `${worker}-files`, token));
  const db = await record("SQLiteDatabase", `${worker}-db`, token);
  const queue = await record("AtLeastOnceQueue", `${worker}-events`, token);
  return {
    files: [
      storeBlobDir(host.dataDir, "kv", kv),
      storeIndexFile(host.dataDir, "kv", kv),
      storeBlobDir(host.dataDir, "objects", bucket),
      storeIndexFile(host.dataDir, "objects", bucket),
      path.join(host.dataDir, "sqlite", tenantDirectory(db.tenant), `${db.uid}.sqlite`),
    ],
    queue: queue.uid,
  };
}

function queuedFor(tenant: string, queue: string): number {
  const file = path.join(host.dataDir, "runtime", "queues", `${tenantDirectory(tenant)}.sqlite`);
  if (!existsSync(file)) return 0;
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare("SELECT count(*) AS n FROM message WHERE queue = ?").get(queue) as { n: number }).n;
  } finally {
    db.close();
  }
}

const call = (token: string, worker: string, query: string) => viaGateway(host.gatewayPort, hostnames.get(`${token}/${worker}`)!, `/?${query}`);

beforeAll(async () => {
  host = await startRuntimeHost(undefined, { storageQuota: { bytesPerTenant: QUOTA, rescanAfterMs: 60_000 }, graceMs: 200 });
  await storesAndWorker("doomed", PRIMARY);
  await storesAndWorker("kept", PRIMARY);
  await storesAndWorker("doomed", OTHER_TENANT);
  await host.host.runtime!.reconcile();
  for (const [key, hostname] of hostnames)
    await eventually(
      () => viaGateway(host.gatewayPort, hostname, "/?op=none"),
      (r) => r.status === 200,
      `${key} serves`,
    );
}, 180_000);
afterAll(async () => {
  if (!closed) await host.close();
});

it("removes a deleted KV namespace's, bucket's, database's and queue's data, and keeps every live store's", async () => {
  expect((await call(PRIMARY, "doomed", "op=write&size=200000")).body).toBe("stored");
  expect((await call(PRIMARY, "kept", "op=write&size=1000")).body).toBe("stored");
  expect((await call(OTHER_TENANT, "doomed", "op=write&size=1000")).body).toBe("stored");
  const doomed = await placesOf("doomed", PRIMARY);
  const kept = await placesOf("kept", PRIMARY);
  const other = await placesOf("doomed", OTHER_TENANT);
  // The layout is the one workerd and Miniflare write (store-layout.ts computes the index's name).
  for (const file of [...doomed.files, ...kept.files, ...other.files]) expect(existsSync(file), file).toBe(true);
  expect(queuedFor(FIRST_TENANT, doomed.queue)).toBe(1);
  // The doomed stores hold most of the quota: a value of 300 KB more does not fit.
  expect((await call(PRIMARY, "kept", "op=kv&size=300000")).status).toBe(507);

  await deleteWorker(PRIMARY, "doomed");
  await deleteStores(PRIMARY, "doomed");
  await eventually(
    async () => doomed.files.filter((file) => existsSync(file)),
    (left) => left.length === 0,
    "the deleted stores' files are gone",
  );
  expect(queuedFor(FIRST_TENANT, doomed.queue)).toBe(0);
  for (const file of [...kept.files, ...other.files]) expect(existsSync(file), file).toBe(true);
  expect(queuedFor(FIRST_TENANT, kept.queue)).toBe(1);
  expect(queuedFor(SECOND_TENANT, other.queue)).toBe(1);
  expect((await call(PRIMARY, "kept", "op=read")).body).toBe("1000 1000 1");
  expect((await call(OTHER_TENANT, "doomed", "op=read")).body).toBe("1000 1000 1");
  // Their bytes came back to the quota at once (the ledger measures again after a removal).
  expect((await call(PRIMARY, "kept", "op=kv&size=300000")).body).toBe("stored");
}, 120_000);

it("removes at start what no live record owns, and nothing else", async () => {
  const kept = await placesOf("kept", PRIMARY);
  const dataDir = host.dataDir;
  await host.host.close();
  // Stores of the first tenant deleted before hosts reclaimed: a copy of the kept namespace's values
  // under an id no record has, and a copy of its database under a uid no record has.
  const stray = storeBlobDir(dataDir, "kv", `${path.basename(kept.files[0]!).slice(0, 18)}${"0".repeat(24)}`);
  cpSync(kept.files[0]!, stray, { recursive: true });
  const strayDatabase = path.join(path.dirname(kept.files[4]!), "u-stray.sqlite");
  cpSync(kept.files[4]!, strayDatabase);
  host = await startRuntimeHost(dataDir, { graceMs: 200 });
  try {
    await eventually(
      async () => [stray, strayDatabase].filter((file) => existsSync(file)),
      (left) => left.length === 0,
      "the stray stores' files are gone",
    );
    for (const file of kept.files) expect(existsSync(file), file).toBe(true);
    expect((await call(PRIMARY, "kept", "op=read")).body).toBe("300000 1000 1");
  } finally {
    closed = true;
    await host.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);

async function deleteWorker(token: string, worker: string): Promise<void> {
  for (const [kindName, name] of [
    ["WorkerEndpoint", worker],
    ["WorkerDeployment", worker],
  ] as const)
    await removed(kindName, name, token);
  await removed("WorkerVersion", versions.get(`${token}/${worker}`)!, token);
  await removed("ModuleWorker", worker, token);
}

async function deleteStores(token: string, worker: string): Promise<void> {
  for (const [kindName, name] of [
    ["SQLiteMigrationApplication", `${worker}-migrate`],
    ["SQLiteDatabase", `${worker}-db`],
    ["EdgeKVNamespace", `${worker}-kv`],
    ["ObjectBucket", `${worker}-files`],
    ["AtLeastOnceQueue", `${worker}-events`],
  ] as const)
    await removed(kindName, name, token);
}

async function removed(kindName: string, name: string, token: string): Promise<void> {
  const reply = await remove(host.url, kind(kindName), name, SPACE, await generationOf(host.url, kindName, name, SPACE, token), { token });
  expect([200, 202, 204], `${kindName} ${name}: ${reply.status} ${reply.text}`).toContain(reply.status);
  await eventually(
    () => read(host.url, kind(kindName), name, SPACE, token),
    (r) => r.status === 404,
    `${kindName} ${name} is gone`,
  );
}
