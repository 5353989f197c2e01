// `npx tsx bench/tools/pg-serialization.ts [CLIENTS] [TRANSACTIONS]`: the measurement behind
// docs/decisions/0220-postgres-store.md. On a throwaway PostgreSQL, CLIENTS connections each run
// TRANSACTIONS mutations of ONE tenant shaped like the host's (read the tenant's rows changed since
// a watermark, decide, write a new key and bump one shared key, commit), serialized either by a
// transaction-scoped advisory lock or by SERIALIZABLE isolation with retry on 40001. Prints
// committed transactions per second, retries, and p50/p99 latency of a committed mutation.

import pg from "pg";
import { startThrowawayPostgres } from "../../scripts/throwaway-postgres.js";
import { percentile } from "../lib/stats.js";

const CLIENTS = Number(process.argv[2] ?? 8);
const TRANSACTIONS = Number(process.argv[3] ?? 200);

type Mode = "advisory" | "serializable";

const SCHEMA = `
  CREATE SEQUENCE seq;
  CREATE TABLE entries (key text COLLATE "C" PRIMARY KEY, tenant text NOT NULL, value text, version integer NOT NULL, seq bigint NOT NULL);
  CREATE INDEX ON entries (tenant, seq);
  INSERT INTO entries VALUES ('fence', 't', '0', 1, nextval('seq'));
`;

async function mutation(client: pg.Client, mode: Mode, name: string): Promise<number> {
  for (let retries = 0; ; retries++) {
    try {
      await client.query(mode === "advisory" ? "BEGIN" : "BEGIN ISOLATION LEVEL SERIALIZABLE");
      if (mode === "advisory") await client.query("SELECT pg_advisory_xact_lock(1, 2)");
      await client.query("SELECT key, value, version FROM entries WHERE tenant = 't' AND seq > 0");
      const fence = await client.query<{ version: number }>("SELECT version FROM entries WHERE key = 'fence'");
      await client.query("INSERT INTO entries VALUES ($1, 't', 'x', 1, nextval('seq'))", [name]);
      const bumped = await client.query("UPDATE entries SET version = version + 1, seq = nextval('seq') WHERE key = 'fence' AND version = $1", [
        fence.rows[0]!.version,
      ]);
      if (bumped.rowCount !== 1) throw Object.assign(new Error("fence moved under the lock"), { code: "fence" });
      await client.query("COMMIT");
      return retries;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      if ((error as { code?: string }).code !== "40001") throw error;
    }
  }
}

async function measure(url: string, mode: Mode): Promise<void> {
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  await setup.query("DROP TABLE IF EXISTS entries; DROP SEQUENCE IF EXISTS seq;");
  await setup.query(SCHEMA);
  const latencies: number[] = [];
  let retries = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      for (let i = 0; i < TRANSACTIONS; i++) {
        const t0 = performance.now();
        retries += await mutation(client, mode, `k-${c}-${i}`);
        latencies.push(performance.now() - t0);
      }
      await client.end();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const fence = await setup.query<{ version: number }>("SELECT version FROM entries WHERE key = 'fence'");
  await setup.end();
  console.log(
    `${mode.padEnd(12)} ${CLIENTS} clients x ${TRANSACTIONS}: ${(latencies.length / seconds).toFixed(0)} tx/s, ${retries} retries ` +
      `(${((retries / latencies.length) * 100).toFixed(1)}%), p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, fence at ${fence.rows[0]!.version}`,
  );
}

const server = await startThrowawayPostgres();
try {
  for (const mode of ["advisory", "serializable", "advisory", "serializable"] as const) await measure(server.url, mode);
} finally {
  server.stop();
}
