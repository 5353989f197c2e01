// Sensitive values and the data plane across replicas on one PostgreSQL (ADR 0266).
// - The sealing key lives in the database: a value set through replica 1 (control plane only) is
//   unsealed by replica 2's data plane (workerd through Miniflare), which follows commits made
//   through the other replica. The worker answers a digest of what it received, never the value.
// - The data plane runs on one replica at a time: a third replica started with the runtime on
//   serves the control plane only (so a cron fires once, not once per replica) and takes the data
//   plane over when the holder stops.

import { createHash, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import type { RunningHost } from "../../host/server.js";
import { SecretBox } from "../../host/secrets/seal.js";
import { call } from "../unit/host/harness.js";
import { deployWorker, eventually, viaGateway } from "../runtime/support.js";
import { freshDatabase, postgresServer } from "./database.js";
import { InProcessReplicas } from "./in-process-replicas.js";

const server = await postgresServer();
const SPACE = "replica-secrets";
const WORKER = `export default { async fetch(request, env) {
  const bytes = new TextEncoder().encode(String(env.API_TOKEN));
  const digest = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
  return Response.json({ digest });
} };`;
const hex = (value: string) => createHash("sha256").update(value).digest("hex");
const replicas = new InProcessReplicas();
afterAll(() => replicas.closeAll());

async function replica(databaseUrl: string, runtime: boolean): Promise<RunningHost> {
  return (await replicas.start(databaseUrl, runtime ? { gatewayPort: 0 } : undefined)).host;
}

async function sealedRow(databaseUrl: string): Promise<{ key: Buffer; value: string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const key = (await client.query<{ key: Buffer }>("SELECT key FROM takoform_secrets_key WHERE id = 1")).rows[0]!.key;
    const rows = (await client.query<{ value: string }>("SELECT value FROM takoform_entries WHERE key LIKE '%API_TOKEN%' AND value IS NOT NULL")).rows;
    expect(rows).toHaveLength(1);
    return { key, value: rows[0]!.value };
  } finally {
    await client.end();
  }
}

describe.skipIf(server === undefined)("sensitive values and the data plane across replicas on one PostgreSQL", () => {
  it("a value set through replica 1 is unsealed by replica 2's data plane; one data plane at a time, taken over when its replica stops", async () => {
    const databaseUrl = await freshDatabase(server!);
    const one = await replica(databaseUrl, false);
    const two = await replica(databaseUrl, true);
    expect(two.runtime).toBeDefined();

    const value = `token-${randomUUID()}`;
    const put = await call(one.url, "PUT", `/x-takoform/v1/spaces/${SPACE}/workers/api/secrets/API_TOKEN`, { body: { value } });
    expect(put.status, put.text).toBe(201);
    const { hostname } = await deployWorker(one.url, SPACE, "api", { source: WORKER, extra: { requiredSensitiveVars: ["API_TOKEN"] } });
    // Deployed through replica 1, served by replica 2 (which followed the commits) with the value replica 1 sealed.
    const served = await eventually(
      () => viaGateway(two.runtime!.gateway.port, hostname),
      (reply) => reply.status === 200,
      "replica 2 serves the worker deployed through replica 1",
    );
    expect(JSON.parse(served.body)).toEqual({ digest: hex(value) });
    expect(served.body).not.toContain(value);

    // The stored row is sealed, and opens under the database's key; no data directory holds a key.
    const row = await sealedRow(databaseUrl);
    expect(row.value).not.toContain(value);
    expect(new SecretBox(row.key).unseal({ tenant: "tenant-a", space: SPACE, worker: "api", name: "API_TOKEN" }, JSON.parse(row.value).sealed)).toBe(value);
    for (const dir of replicas.dataDirs) expect(existsSync(path.join(dir, "secrets.key"))).toBe(false);

    // A third replica asking for the runtime serves the control plane only while replica 2 holds the data plane ...
    const three = await replica(databaseUrl, true);
    expect(three.runtime).toBeUndefined();
    expect((await call(three.url, "GET", `/x-takoform/v1/spaces/${SPACE}/workers/api/secrets`)).status).toBe(200);
    // ... and takes it over once replica 2 stops.
    await replicas.close(two);
    await eventually(
      async () => three.runtime,
      (runtime) => runtime !== undefined,
      "replica 3 takes the data plane over",
    );
    const takenOver = await eventually(
      () => viaGateway(three.runtime!.gateway.port, hostname),
      (reply) => reply.status === 200,
      "replica 3 serves the worker",
    );
    expect(JSON.parse(takenOver.body)).toEqual({ digest: hex(value) });
  }, 150_000);
});
