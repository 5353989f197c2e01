// Crash across replicas: two replicas on one PostgreSQL behind the front take a steady stream of
// creates (half of them accepted asynchronously, 202 + Operation) while, in each round, one replica
// is SIGKILLed at a random moment and stays down while the other serves. Then:
//   - every acknowledged create (201) is there with the uid, generation and revision it reported;
//   - every Operation the dead replica accepted is committed by the survivor while the dead one is
//     still down, exactly once: terminal, its result the live incarnation at generation 1;
//   - an acknowledged answer retried with the same Idempotency-Key on the other replica replays
//     byte for byte.

import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { builtinCatalog, call, type Reply } from "../unit/host/harness.js";
import { document, prepare, put, read, refOf } from "../unit/host/client.js";
import { printFigures } from "../reliability/support/figures.js";
import { seededRng } from "../reliability/support/rng.js";
import { freshDatabase, postgresServer } from "./database.js";
import { startReplicas, type ReplicaSet } from "./replicas.js";
import { TAKEOVER_GRACE_MS, TAKEOVER_INTERVAL_MS } from "../../host/lifecycle/operations/operation-takeover.js";

const ROUNDS = 3;
const WORKERS = 6;
const COMMIT_DELAY_MS = 300;
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });
const queue = () => refOf(builtinCatalog(), "AtLeastOnceQueue");
const server = await postgresServer();

interface Acknowledged {
  name: string;
  reply: Reply;
  key: string;
  body: object;
}

describe.skipIf(server === undefined)("SIGKILL of one replica under load, the other serving", () => {
  let set: ReplicaSet;
  let databaseUrl: string;
  beforeAll(async () => {
    databaseUrl = await freshDatabase(server!);
    set = await startReplicas(2, databaseUrl, ["--async-commit-delay-ms", String(COMMIT_DELAY_MS)]);
  });
  afterAll(async () => set?.close());

  async function operationsPending(ids: string[]): Promise<string[]> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const result = await client.query<{ id: string; done: boolean }>(
        "SELECT value::json->>'id' AS id, (value::json->>'done')::boolean AS done FROM takoform_entries WHERE key LIKE 'operation/%' AND value IS NOT NULL",
      );
      const done = new Set(result.rows.filter((row) => row.done).map((row) => row.id));
      return ids.filter((id) => !done.has(id));
    } finally {
      await client.end();
    }
  }

  it(`${ROUNDS} rounds: every acknowledged create survives, every accepted operation is committed once by the survivor`, async () => {
    const rng = seededRng(21);
    const acknowledged: Acknowledged[] = [];
    const operations: { id: string; name: string }[] = [];
    let sent = 0;
    let unanswered = 0;
    let stop = false;
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const name = `crash-${w}-${i}`;
        const body = document(queue(), name, "crash", { messageRetentionSeconds: 60 + (i % 100) });
        const prepared = await prepare(set.url, body).catch(() => undefined);
        if (prepared?.status !== 200) continue;
        const key = randomUUID();
        const reviewed = { ...body, review: { prepareDigest: prepared.json.review.prepareDigest } };
        sent++;
        const reply = await put(set.url, reviewed, { key, headers: i % 2 === 0 ? { prefer: "respond-async" } : {} }).catch(() => undefined);
        if (reply === undefined || reply.status >= 500) {
          unanswered++;
          continue;
        }
        expect([201, 202], reply.text).toContain(reply.status);
        acknowledged.push({ name, reply, key, body: reviewed });
        if (reply.status === 202) operations.push({ id: reply.json.operation.id, name });
      }
    };
    const load = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    try {
      for (let round = 0; round < ROUNDS; round++) {
        await new Promise((resolve) => setTimeout(resolve, 400 + rng.int(0, 800)));
        const victim = round % 2;
        await set.replicas[victim]!.process.kill();
        const acceptedBefore = operations.map((operation) => operation.id);
        // The survivor alone: after the commit delay, the takeover grace and one takeover interval,
        // every operation accepted before the kill is committed, by it.
        await new Promise((resolve) => setTimeout(resolve, COMMIT_DELAY_MS + TAKEOVER_GRACE_MS + 2 * TAKEOVER_INTERVAL_MS + 500));
        expect(await operationsPending(acceptedBefore), `round ${round}: operations not taken over`).toEqual([]);
        await set.restart(victim);
      }
    } finally {
      stop = true;
      await load;
    }
    await new Promise((resolve) => setTimeout(resolve, COMMIT_DELAY_MS + TAKEOVER_GRACE_MS + 2 * TAKEOVER_INTERVAL_MS));
    expect(await operationsPending(operations.map((operation) => operation.id))).toEqual([]);

    let replayed = 0;
    for (const ack of acknowledged) {
      const now = await read(set.url, queue(), ack.name, "crash");
      expect(now.status, ack.name).toBe(200);
      if (ack.reply.status === 201) {
        const { uid, generation, revision } = ack.reply.json.metadata;
        expect(now.json.metadata, ack.name).toMatchObject({ uid, generation, revision });
      } else {
        expect(now.json.metadata.generation, ack.name).toBe("1");
        const id = ack.reply.json.operation.id;
        const operation = await call(set.url, "GET", `/apis/forms.takoform.com/v1beta1/operations/${encodeURIComponent(id)}`);
        const terminal = operation.json.operation ?? operation.json;
        expect(terminal.done, operation.text).toBe(true);
        expect(terminal.error, operation.text).toBeUndefined();
        expect(JSON.stringify(terminal)).toContain(now.json.metadata.uid);
      }
      // The recorded answer, retried through the front (either replica): byte for byte.
      if (replayed < 40) {
        const again = await put(set.url, ack.body, { key: ack.key, headers: ack.reply.status === 202 ? { prefer: "respond-async" } : {} });
        expect(again.status).toBe(ack.reply.status);
        expect(again.text).toBe(ack.reply.text);
        replayed++;
      }
    }
    printFigures("replicas", "SIGKILL of one of two replicas under load", {
      rounds: ROUNDS,
      sent,
      acknowledged: acknowledged.length,
      operationsAccepted: operations.length,
      unansweredDuringKills: unanswered,
      replayedByteForByte: replayed,
    });
  });
});
