// Races across replicas: two `takoform host --store postgres` processes on one database behind a
// round-robin front (replicas.ts), so racing requests of one tenant land on both processes and
// only the database-level tenant lock can keep them from both passing one fence. Each race must
// end with exactly one winner, as it does on one process (test/reliability/races.test.ts).

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { builtinCatalog, PRIMARY, type Reply } from "../unit/host/harness.js";
import { apply, document, importResource, prepare, put, read as readResource, refOf } from "../unit/host/client.js";
import { create, ok, read, reference } from "../reliability/support/aggregate.js";
import { checkDependencyProtection, checkHostnameClaim, checkSingleConsumer, consumerSpec } from "../reliability/support/relation-rules.js";
import { printFigures } from "../reliability/support/figures.js";
import { raceDeleteAgainstDependent } from "../reliability/support/dependent-race.js";
import { freshDatabase, postgresServer } from "./database.js";
import { startReplicas, type ReplicaSet } from "./replicas.js";

const FENCE_ROUNDS = 100;
const NAME_ROUNDS = 300;
const RELATION_ROUNDS = 30;
const RACERS = 4;
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });
const queue = () => refOf(builtinCatalog(), "AtLeastOnceQueue");
const server = await postgresServer();

function tally(replies: Reply[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const reply of replies) {
    const error = reply.json?.error;
    // hostCode tells a create that lost the name (create_conflict) from a stale generation fence
    const label = reply.status < 400 ? String(reply.status) : [reply.status, error?.code, error?.hostCode].filter((part) => part !== undefined).join(" ");
    out[label] = (out[label] ?? 0) + 1;
  }
  return out;
}

describe.skipIf(server === undefined)("races across two replicas on one PostgreSQL", () => {
  let set: ReplicaSet;
  beforeAll(async () => {
    set = await startReplicas(2, await freshDatabase(server!));
  });
  afterAll(async () => set?.close());

  it("a review prepared on replica 1 commits on replica 2, and the answer, retried on the other replica, replays byte for byte", async () => {
    const [one, two] = set.replicas.map((replica) => replica.process.url) as [string, string];
    for (const [first, second] of [
      [one, two],
      [two, one],
    ] as const) {
      const name = `replay-${randomUUID().slice(0, 8)}`;
      const body = document(queue(), name, "replay", { messageRetentionSeconds: 77 });
      const prepared = await prepare(first, body);
      expect(prepared.status).toBe(200);
      const reviewed = { ...body, review: { prepareDigest: prepared.json.review.prepareDigest } };
      const key = randomUUID();
      const created = await put(second, reviewed, { key });
      expect(created.status, created.text).toBe(201);
      const again = await put(first, reviewed, { key });
      expect(again.status).toBe(201);
      expect(again.text).toBe(created.text);
      expect(again.headers.get("etag")).toBe(created.headers.get("etag"));
    }
  });

  it(`${RACERS} concurrent applies on one generation fence, spread over both replicas: exactly one wins, ${FENCE_ROUNDS} rounds`, async () => {
    for (let round = 0; round < FENCE_ROUNDS; round++) {
      const name = `fence-${round}`;
      const created = await apply(set.url, queue(), name, "race", { messageRetentionSeconds: 60 });
      expect(created.status).toBe(201);
      // prepared on one replica, committed on the other (the front alternates): the shared secret
      const bodies = await Promise.all(
        Array.from({ length: RACERS }, async (_, i) => {
          const body = document(queue(), name, "race", { messageRetentionSeconds: 1000 + i });
          const prepared = await prepare(set.url, body, { generation: "1" });
          expect(prepared.status).toBe(200);
          return { ...body, review: { prepareDigest: prepared.json.review.prepareDigest } };
        }),
      );
      const replies = await Promise.all(bodies.map((body) => put(set.url, body, { generation: "1" })));
      expect(tally(replies)).toEqual({ "200": 1, "412 generation_conflict": RACERS - 1 });
      const winner = replies.find((reply) => reply.status === 200)!;
      const now = await readResource(set.url, queue(), name, "race");
      expect(now.json.metadata).toMatchObject({ uid: created.json.metadata.uid, generation: "2" });
      expect(now.json.spec).toEqual(winner.json.spec);
    }
    printFigures("replicas", "one fence across two replicas", { races: FENCE_ROUNDS, racersPerRace: RACERS, winnersPerRace: 1 });
  });

  it(`${RACERS} concurrent creates (apply and import) of one name over both replicas: one 201, every loser create_conflict, ${NAME_ROUNDS} rounds`, async () => {
    for (let round = 0; round < NAME_ROUNDS; round++) {
      const name = `fresh-${round}`;
      const reviews = await Promise.all(
        Array.from({ length: RACERS }, async (_, i) => {
          const body = document(queue(), name, "names", { messageRetentionSeconds: 200 + i });
          const prepared = await prepare(set.url, body);
          expect(prepared.status).toBe(200);
          return { ...body, review: { prepareDigest: prepared.json.review.prepareDigest } };
        }),
      );
      const replies = await Promise.all(
        reviews.map((body, i) =>
          i === RACERS - 1
            ? importResource(set.url, queue(), name, "names", { messageRetentionSeconds: 200 + i }, `native-${round}-${randomUUID()}`)
            : put(set.url, body),
        ),
      );
      expect(tally(replies)).toEqual({ "201": 1, "412 generation_conflict create_conflict": RACERS - 1 });
      const winner = replies.find((reply) => reply.status === 201)!;
      const now = await readResource(set.url, queue(), name, "names");
      expect(now.json.metadata).toMatchObject({ uid: winner.json.metadata.uid, generation: "1", revision: "1" });
    }
    printFigures("replicas", "one name across two replicas", { races: NAME_ROUNDS, racersPerRace: RACERS, winnersPerRace: 1 });
  });

  it(`a delete racing an apply of a dependent on the other replica never leaves the dependent pinned to nothing, ${RELATION_ROUNDS} rounds`, async () => {
    const space = "dependents";
    const aggregate = await checkDependencyProtection(set.url, PRIMARY, space);
    const outcomes: Record<string, number> = {};
    for (let round = 0; round < RELATION_ROUNDS; round++) {
      const label = await raceDeleteAgainstDependent(set.url, PRIMARY, space, aggregate, round);
      outcomes[label] = (outcomes[label] ?? 0) + 1;
    }
    printFigures("replicas", "delete vs dependent apply across two replicas", { races: RELATION_ROUNDS, ...outcomes });
  });

  it(`concurrent QueueConsumers for one queue and WorkerCustomDomains for one hostname over both replicas: one each, ${RELATION_ROUNDS} rounds`, async () => {
    const worker = await checkSingleConsumer(set.url, PRIMARY, "consumers");
    const spaces = ["domains-a", "domains-b"];
    const workers = await Promise.all(spaces.map((space) => checkHostnameClaim(set.url, PRIMARY, space)));
    for (let round = 0; round < RELATION_ROUNDS; round++) {
      const queueName = `contended-queue-${round}`;
      expect(ok(await create(set.url, PRIMARY, "AtLeastOnceQueue", queueName, "consumers", { messageRetentionSeconds: 60 }))).toBe(true);
      const consumers = await Promise.all(
        Array.from({ length: RACERS }, (_, i) =>
          create(set.url, PRIMARY, "QueueConsumer", `consumer-${round}-${i}`, "consumers", consumerSpec(queueName, worker)),
        ),
      );
      expect(consumers.filter(ok).length, JSON.stringify(tally(consumers))).toBe(1);
      const hostname = `race-${round}.replicas.example`;
      const domains = await Promise.all(
        Array.from({ length: RACERS }, (_, i) =>
          create(set.url, PRIMARY, "WorkerCustomDomain", `domain-${round}-${i}`, spaces[i % 2]!, {
            worker: reference("ModuleWorker", workers[i % 2]!),
            hostname,
          }),
        ),
      );
      expect(domains.filter(ok).length, JSON.stringify(tally(domains))).toBe(1);
      const live = await Promise.all(
        Array.from({ length: RACERS }, (_, i) => read(set.url, PRIMARY, "WorkerCustomDomain", `domain-${round}-${i}`, spaces[i % 2]!)),
      );
      expect(live.filter((reply) => reply.status === 200).length).toBe(1);
    }
    printFigures("replicas", "one consumer per queue, one domain per hostname, across two replicas", {
      races: RELATION_ROUNDS * 2,
      racersPerRace: RACERS,
      winnersPerRace: 1,
    });
  });
});
