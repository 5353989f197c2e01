// Races (issue 10): requests that contend for one fence, one name, one dependency, one queue, one
// hostname or one database, fired at a real host process at the same instant. Whatever the
// interleaving, the outcome must be one the rules allow: exactly one winner where the rules admit
// one, dependency protection never violated, migrations serialized.
//
// The fence and name races run on both store engines. Each relation race first checks, one
// request at a time, that the rule it contends for holds (support/relation-rules.ts), then races
// it; a race whose setup or rule check is refused fails, it is never skipped (ADR 0120).

import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it, vi } from "vitest";
import { builtinCatalog, CREDENTIALS, PRIMARY, type Reply } from "../unit/host/harness.js";
import { apply, document, importResource, prepare, put, read as readResource, refOf } from "../unit/host/client.js";
import { create, ok, read, reference, uploadMigrations } from "./support/aggregate.js";
import { checkDependencyProtection, checkHostnameClaim, checkMigrationsExecute, checkSingleConsumer, consumerSpec } from "./support/relation-rules.js";
import { printFigures } from "./support/figures.js";
import { raceDeleteAgainstDependent } from "./support/dependent-race.js";
import { startHostProcess, tempDir, writeCredentials, type HostProcess } from "./support/host-process.js";

const RACERS = 16;
const TIMEOUT_MS = 120_000;
const ROUNDS = 6;
const DEPENDENCY_ROUNDS = 12;
const queue = () => refOf(builtinCatalog(), "AtLeastOnceQueue");
vi.setConfig({ testTimeout: TIMEOUT_MS, hookTimeout: TIMEOUT_MS });
const dirs: string[] = [];
const hosts: HostProcess[] = [];
afterAll(async () => {
  for (const host of hosts) expect(await host.stop()).toBe(0);
  dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

async function hostOn(engine: "sqlite" | "lowdb"): Promise<HostProcess> {
  const dir = tempDir(`takoform-races-${engine}-`);
  dirs.push(dir);
  const host = await startHostProcess(["--data", dir, "--credentials", writeCredentials(dir, CREDENTIALS), "--store", engine]);
  hosts.push(host);
  return host;
}

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

const main = await hostOn("sqlite");

for (const engine of ["sqlite", "lowdb"] as const) {
  describe(`fence and name races (${engine})`, () => {
    it(`${RACERS} concurrent applies on one generation fence: exactly one wins, ${ROUNDS} rounds`, async () => {
      const host = engine === "sqlite" ? main : await hostOn(engine);
      let races = 0;
      let losers = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const name = `fence-${round}`;
        const created = await apply(host.url, queue(), name, "race", { messageRetentionSeconds: 60 });
        expect(created.status).toBe(201);
        // move the resource to generation 1 + round, so rounds race on different fences
        let generation = 1;
        for (let step = 0; step < round % 3; step++) {
          const updated = await apply(host.url, queue(), name, "race", { messageRetentionSeconds: 61 + step }, { generation: String(generation) });
          expect(updated.status).toBe(200);
          generation++;
        }
        const fence = String(generation);
        const bodies = await Promise.all(
          Array.from({ length: RACERS }, async (_, i) => {
            const body = document(queue(), name, "race", { messageRetentionSeconds: 1000 + i });
            const prepared = await prepare(host.url, body, { generation: fence });
            expect(prepared.status).toBe(200);
            return { ...body, review: { prepareDigest: prepared.json.review.prepareDigest } };
          }),
        );
        const replies = await Promise.all(bodies.map((body) => put(host.url, body, { generation: fence })));
        expect(tally(replies)).toEqual({ "200": 1, "412 generation_conflict": RACERS - 1 });
        const winner = replies.find((reply) => reply.status === 200)!;
        const now = await readResource(host.url, queue(), name, "race");
        expect(now.json.metadata.generation).toBe(String(generation + 1));
        expect(now.json.metadata.uid).toBe(created.json.metadata.uid);
        expect(now.json.spec).toEqual(winner.json.spec);
        races++;
        losers += RACERS - 1;
      }
      printFigures("races", `${engine} one fence`, { races, racersPerRace: RACERS, winnersPerRace: 1, losersRefused: losers });
    });

    it(`${RACERS} concurrent creates (apply and import) of one name: exactly one wins, ${ROUNDS} rounds`, async () => {
      const host = engine === "sqlite" ? main : hosts[hosts.length - 1]!;
      let races = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const name = `fresh-${round}`;
        const space = `race-${round % 2}`;
        // every apply racer holds its review before any racer commits, so all of them race the commit
        const reviews = await Promise.all(
          Array.from({ length: RACERS }, async (_, i) => {
            const body = document(queue(), name, space, { messageRetentionSeconds: 200 + i });
            const prepared = await prepare(host.url, body);
            expect(prepared.status).toBe(200);
            return { ...body, review: { prepareDigest: prepared.json.review.prepareDigest } };
          }),
        );
        const replies = await Promise.all(
          reviews.map((body, i) =>
            i % 4 === 3
              ? importResource(host.url, queue(), name, space, { messageRetentionSeconds: 200 + i }, `native-${round}-${i}-${randomUUID()}`)
              : put(host.url, body),
          ),
        );
        expect(tally(replies)).toEqual({ "201": 1, "412 generation_conflict create_conflict": RACERS - 1 });
        const winner = replies.find((reply) => reply.status === 201)!;
        const now = await readResource(host.url, queue(), name, space);
        expect(now.json.metadata).toMatchObject({ uid: winner.json.metadata.uid, generation: "1", revision: "1" });
        expect(now.json.spec).toEqual(winner.json.spec);
        races++;
      }
      printFigures("races", `${engine} one name`, { races, racersPerRace: RACERS, winnersPerRace: 1 });
    });
  });
}

describe("relation races (default engine)", () => {
  it("a delete racing an apply of a dependent never leaves the dependent pinned to nothing", async () => {
    const space = "dependents";
    const aggregate = await checkDependencyProtection(main.url, PRIMARY, space);
    const outcomes: Record<string, number> = {};
    for (let round = 0; round < DEPENDENCY_ROUNDS; round++) {
      // alternate which request leaves first, and stagger by 0-4 ms, so both interleavings occur
      const lead = round % 4;
      const label = await raceDeleteAgainstDependent(main.url, PRIMARY, space, aggregate, round, {
        delete: round % 2 === 0 ? lead : 0,
        dependent: round % 2 === 1 ? lead : 0,
      });
      outcomes[label] = (outcomes[label] ?? 0) + 1;
    }
    printFigures("races", "delete vs dependent apply", { races: DEPENDENCY_ROUNDS, ...outcomes });
  });

  it("concurrent QueueConsumers for one queue: exactly one is created", async () => {
    const space = "consumers";
    const worker = { worker: await checkSingleConsumer(main.url, PRIMARY, space) };
    for (let round = 0; round < 3; round++) {
      const queueName = `contended-queue-${round}`;
      expect(ok(await create(main.url, PRIMARY, "AtLeastOnceQueue", queueName, space, { messageRetentionSeconds: 60 }))).toBe(true);
      const replies = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          create(main.url, PRIMARY, "QueueConsumer", `consumer-${round}-${i}`, space, consumerSpec(queueName, worker.worker)),
        ),
      );
      expect(replies.filter(ok).length, JSON.stringify(tally(replies))).toBe(1);
      expect(replies.filter((reply) => !ok(reply)).every((reply) => reply.json?.error?.code === "invalid_argument")).toBe(true);
      const live = await Promise.all(Array.from({ length: 8 }, (_, i) => read(main.url, PRIMARY, "QueueConsumer", `consumer-${round}-${i}`, space)));
      expect(live.filter((reply) => reply.status === 200).length).toBe(1);
    }
    printFigures("races", "two consumers for one queue", { races: 3, racersPerRace: 8, winnersPerRace: 1 });
  });

  it("concurrent WorkerCustomDomains for one hostname across two spaces: never two live", async () => {
    const spaces = ["domains-a", "domains-b"];
    const workers = await Promise.all(spaces.map(async (space) => ({ worker: await checkHostnameClaim(main.url, PRIMARY, space) })));
    for (let round = 0; round < 3; round++) {
      const hostname = `race-${round}.reliability.example`;
      const variants = [hostname, hostname.toUpperCase(), `${hostname}.`, `Race-${round}.Reliability.Example.`];
      const replies = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          create(main.url, PRIMARY, "WorkerCustomDomain", `domain-${round}-${i}`, spaces[i % 2]!, {
            worker: reference("ModuleWorker", workers[i % 2]!.worker),
            hostname: variants[i % variants.length]!,
          }),
        ),
      );
      expect(replies.filter(ok).length, JSON.stringify(tally(replies))).toBe(1);
      expect(replies.filter((reply) => !ok(reply)).every((reply) => reply.json?.error?.code === "invalid_argument")).toBe(true);
      const live = await Promise.all(
        Array.from({ length: 8 }, (_, i) => read(main.url, PRIMARY, "WorkerCustomDomain", `domain-${round}-${i}`, spaces[i % 2]!)),
      );
      expect(live.filter((reply) => reply.status === 200).length).toBe(1);
    }
    printFigures("races", "two domains for one hostname", { races: 3, racersPerRace: 8, winnersPerRace: 1 });
  });

  it("concurrent migration applications on one database are serialized (a non-idempotent set applies once)", async () => {
    const space = "migrations";
    await checkMigrationsExecute(main.url, PRIMARY, space);
    // CREATE TABLE and an INSERT with a fixed primary key: executing this set twice on one database fails
    const digest = await uploadMigrations(main.url, PRIMARY, [
      { path: "0001-create.sql", sql: "CREATE TABLE race_once (id INTEGER PRIMARY KEY);\n" },
      { path: "0002-insert.sql", sql: "INSERT INTO race_once (id) VALUES (1);\n" },
    ]);
    expect(typeof digest).toBe("string");
    expect(ok(await create(main.url, PRIMARY, "SQLiteMigrationSet", "race-set", space, { manifestDigest: digest }))).toBe(true);
    for (let round = 0; round < 3; round++) {
      const database = `race-db-${round}`;
      expect(ok(await create(main.url, PRIMARY, "SQLiteDatabase", database, space, {}))).toBe(true);
      const replies = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          create(main.url, PRIMARY, "SQLiteMigrationApplication", `apply-${round}-${i}`, space, {
            database: reference("SQLiteDatabase", database),
            migrationSet: reference("SQLiteMigrationSet", "race-set"),
          }),
        ),
      );
      expect(replies.filter((reply) => !ok(reply)).map((reply) => reply.text)).toEqual([]);
      for (let i = 0; i < 4; i++) {
        const application = await read(main.url, PRIMARY, "SQLiteMigrationApplication", `apply-${round}-${i}`, space);
        const ready = (application.json.status?.conditions ?? []).find((condition: { type: string }) => condition.type === "Ready");
        expect(ready?.status, application.text).toBe("True");
      }
    }
    printFigures("races", "migration applications on one database", { races: 3, applicationsPerRace: 4, allSerialized: true });
  });
});
