// Crash safety (issue 10): hundreds of concurrent creates, updates, adoptions, observations and
// deletes (each with an Idempotency-Key) against a real host process, SIGKILLed at a random moment
// in each of several rounds and restarted on the same data directory, on both store engines.
//
// After every kill: the store opens; every acknowledged mutation is there with the uid,
// generation and revision it reported (or, for a delete, the name is gone); every mutation that was
// in flight is either wholly there or wholly absent, and retrying it with the same key and bytes
// either replays its recorded answer (it had committed) or executes it cleanly (it had not), never
// a duplicate or a conflict; recorded answers of acknowledged mutations replay byte for byte.
// After the last round the store file itself is audited entry by entry and must equal the
// client-side truth exactly.

import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { builtinCatalog } from "../unit/host/harness.js";
import { refOf } from "../unit/host/client.js";
import { wireProblems } from "../unit/host/wire-schemas.js";
import { printFigures } from "./support/figures.js";
import { startHostProcess, tempDir, writeCredentials, type HostProcess } from "./support/host-process.js";
import { EXPECTED_STATUS, incarnationOf, readTarget, sameIncarnation, send, type Incarnation } from "./support/lane.js";
import { drive, type Slot } from "./support/mutation-driver.js";
import { seededRng } from "./support/rng.js";
import { addressKey, auditStore } from "./support/store-audit.js";

const ROUNDS = 4;
/** Each round's kill comes after 50 to 80 acknowledged mutations (so a run acknowledges 200 or more). */
const MIN_ACKS_PER_ROUND = 50;
/** A round is killed after this long even if fewer were acknowledged (a very slow machine). */
const ROUND_DEADLINE_MS = 60_000;
const TEST_TIMEOUT_MS = 240_000;
const WORKERS = 24;
const SLOTS_PER_TENANT = 30;
const TENANTS = [
  { token: "crash-tenant-a-token-0123456789", tenant: "tenant-a", principal: "alice" },
  { token: "crash-tenant-b-token-0123456789", tenant: "tenant-b", principal: "bob" },
  { token: "crash-tenant-c-token-0123456789", tenant: "tenant-c", principal: "carol" },
  { token: "crash-tenant-d-token-0123456789", tenant: "tenant-d", principal: "dave" },
];
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function slotsFor(): Slot[] {
  const catalog = builtinCatalog();
  const queue = refOf(catalog, "AtLeastOnceQueue");
  const kv = refOf(catalog, "EdgeKVNamespace");
  const slots: Slot[] = [];
  for (const credential of TENANTS) {
    for (let i = 0; i < SLOTS_PER_TENANT; i++) {
      const updatable = i % 5 !== 4;
      slots.push({
        id: slots.length,
        target: { ref: updatable ? queue : kv, name: `r-${i}`, space: `space-${i % 2}`, token: credential.token },
        updatable,
        current: null,
        busy: false,
        answered: [],
      });
    }
  }
  return slots;
}

function tenantOf(slot: Slot): string {
  return TENANTS.find((credential) => credential.token === slot.target.token)!.tenant;
}

function describeIncarnation(value: Incarnation | null): string {
  return value === null ? "absent" : `${value.uid} g${value.generation} r${value.revision}`;
}

/** Reads a slot back: its incarnation, after checking the answer is a whole, schema-valid document. */
async function readBack(base: string, slot: Slot): Promise<Incarnation | null> {
  const reply = await readTarget(base, slot.target);
  if (reply.status === 404) {
    expect(reply.json?.error?.code, reply.text).toBe("resource_not_found");
    return null;
  }
  expect(reply.status, reply.text).toBe(200);
  expect(wireProblems("resourceResponse", reply.json), reply.text).toEqual([]);
  expect(reply.headers.get("etag")).toBe(`"${reply.json.metadata.revision}"`);
  return incarnationOf("create", reply);
}

/** The state a committed in-flight mutation must have left, given the state before it. */
function committedShape(op: string, before: Incarnation | null, seen: Incarnation | null, body: string | undefined): boolean {
  switch (op) {
    case "create":
    case "import":
      return before === null && seen !== null && seen.generation === "1" && seen.revision === "1";
    case "update":
      return (
        before !== null &&
        seen !== null &&
        seen.uid === before.uid &&
        BigInt(seen.generation) === BigInt(before.generation) + 1n &&
        JSON.stringify(seen.spec.messageRetentionSeconds) === JSON.stringify(JSON.parse(body!).spec.messageRetentionSeconds)
      );
    case "observe":
      return (
        before !== null &&
        seen !== null &&
        seen.uid === before.uid &&
        seen.generation === before.generation &&
        BigInt(seen.revision) === BigInt(before.revision) + 1n
      );
    case "delete":
      return before !== null && seen === null;
    default:
      return false;
  }
}

interface RoundFigures {
  sent: number;
  acknowledged: number;
  inFlight: number;
  convergedByReplay: number;
  convergedByExecution: number;
  replaysVerified: number;
  lost: number;
}

async function verifyAfterRestart(host: HostProcess, slots: Slot[], figures: RoundFigures, replaySample: number): Promise<void> {
  // 1. every slot without a mutation in flight reads back exactly as last acknowledged
  for (const slot of slots.filter((candidate) => candidate.pending === undefined)) {
    const seen = await readBack(host.url, slot);
    if (!sameIncarnation(seen, slot.current)) figures.lost++;
    expect(describeIncarnation(seen), `slot ${slot.id} (${tenantOf(slot)} ${slot.target.name})`).toBe(describeIncarnation(slot.current));
    if (seen !== null) expect(seen.spec).toEqual(slot.current!.spec);
  }
  // 2. every in-flight mutation is wholly there or wholly absent, and its retry converges
  for (const slot of slots.filter((candidate) => candidate.pending !== undefined)) {
    const { raw, before } = slot.pending!;
    const seen = await readBack(host.url, slot);
    const untouched = sameIncarnation(seen, before);
    const committed = !untouched && committedShape(raw.op, before, seen, raw.body);
    expect(untouched || committed, `slot ${slot.id} ${raw.op}: before ${describeIncarnation(before)}, after restart ${describeIncarnation(seen)}`).toBe(true);
    const retry = await send(host.url, raw);
    expect(retry.status, `retry of in-flight ${raw.op} on slot ${slot.id}: ${retry.text}`).toBe(EXPECTED_STATUS[raw.op]);
    const answered = incarnationOf(raw.op, retry);
    if (committed) {
      figures.convergedByReplay++;
      expect(describeIncarnation(answered), `replay of committed ${raw.op} on slot ${slot.id}`).toBe(describeIncarnation(seen));
    } else {
      figures.convergedByExecution++;
      expect(committedShape(raw.op, before, answered, raw.body), `clean execution of ${raw.op} on slot ${slot.id}: ${retry.text}`).toBe(true);
    }
    // the retried request is now recorded: sending it a third time replays the same bytes
    const third = await send(host.url, raw);
    expect(third.text).toBe(retry.text);
    const after = await readBack(host.url, slot);
    expect(describeIncarnation(after)).toBe(describeIncarnation(answered));
    slot.current = answered;
    slot.pending = undefined;
    const recorded = { raw, status: retry.status, text: retry.text, ...(answered === null ? {} : { uid: answered.uid }) };
    slot.answered.push(recorded);
  }
  // 3. recorded answers of acknowledged mutations replay byte for byte (those still bound to a live incarnation, and deletes)
  const replayable = slots.flatMap((slot) =>
    slot.answered.filter((recorded) => recorded.uid === undefined || recorded.uid === slot.current?.uid).map((recorded) => ({ slot, recorded })),
  );
  const rng = seededRng(replayable.length);
  for (let i = 0; i < Math.min(replaySample, replayable.length); i++) {
    const { slot, recorded } = rng.pick(replayable);
    const again = await send(host.url, recorded.raw);
    expect(again.status, `replay of ${recorded.raw.op} on slot ${slot.id}`).toBe(recorded.status);
    expect(again.text).toBe(recorded.text);
    figures.replaysVerified++;
  }
}

for (const engine of ["sqlite", "lowdb"] as const) {
  describe(`crash safety under SIGKILL (${engine})`, () => {
    it(
      `keeps every acknowledged mutation through ${ROUNDS} kills, and in-flight retries converge`,
      async () => {
        const dir = tempDir(`takoform-crash-${engine}-`);
        dirs.push(dir);
        const args = ["--data", dir, "--credentials", writeCredentials(dir, TENANTS), "--store", engine, "--conformance-probes"];
        const rng = seededRng();
        const slots = slotsFor();
        const total: RoundFigures = { sent: 0, acknowledged: 0, inFlight: 0, convergedByReplay: 0, convergedByExecution: 0, replaysVerified: 0, lost: 0 };
        const byOp: Record<string, number> = {};
        const unexpected: string[] = [];
        let kills = 0;
        let host = await startHostProcess(args);
        try {
          for (let round = 0; round < ROUNDS; round++) {
            // the kill point: after a random number of acknowledged mutations, plus a random delay,
            // so it lands at an arbitrary point of whatever requests are in flight then (and does
            // not depend on how fast a busy machine runs the host)
            const killAfterAcks = rng.int(MIN_ACKS_PER_ROUND, MIN_ACKS_PER_ROUND + 30);
            const jitterMs = rng.int(0, 40);
            let killed: Promise<void> = Promise.resolve();
            let signal!: () => void;
            const stop = new Promise<void>((resolve) => (signal = resolve));
            let armed = false;
            const kill = () => {
              killed = host.kill(); // SIGKILL now; clients stop sending new mutations
              signal();
            };
            const deadline = setTimeout(kill, ROUND_DEADLINE_MS);
            const driven = await drive(host.url, slots, rng, WORKERS, stop, (acknowledged) => {
              if (armed || acknowledged < killAfterAcks) return;
              armed = true;
              setTimeout(kill, jitterMs);
            });
            clearTimeout(deadline);
            await stop;
            await killed;
            const killAfterMs = `${killAfterAcks} acks + ${jitterMs}`;
            kills++;
            expect(host.alive()).toBe(false);
            unexpected.push(...driven.unexpected);
            for (const [op, count] of Object.entries(driven.byOp)) byOp[op] = (byOp[op] ?? 0) + count;
            const round_: RoundFigures = {
              sent: driven.sent,
              acknowledged: driven.acknowledged,
              inFlight: slots.filter((slot) => slot.pending !== undefined).length,
              convergedByReplay: 0,
              convergedByExecution: 0,
              replaysVerified: 0,
              lost: 0,
            };
            host = await startHostProcess(args); // the store opens on the same data dir
            await verifyAfterRestart(host, slots, round_, 25);
            printFigures("crash", `${engine} round ${round + 1} (kill after ${killAfterMs} ms)`, { ...round_ });
            for (const key of Object.keys(total) as (keyof RoundFigures)[]) total[key] += round_[key];
          }
        } finally {
          expect(await host.stop()).toBe(0);
        }
        expect(unexpected).toEqual([]);
        // the store file, entry by entry, equals the client-side truth
        const audit = auditStore(dir);
        expect(audit.problems).toEqual([]);
        const expected = new Map<string, Incarnation>();
        for (const slot of slots) {
          if (slot.current === null) continue;
          const { ref, space, name } = slot.target;
          expected.set(addressKey(tenantOf(slot), space, ref.apiVersion, ref.kind, name), slot.current);
        }
        expect([...audit.resources.keys()].sort()).toEqual([...expected.keys()].sort());
        for (const [address, stored] of audit.resources) {
          const truth = expected.get(address)!;
          expect(`${stored.uid} g${stored.generation} r${stored.revision}`, address).toBe(describeIncarnation(truth));
        }
        printFigures("crash", `${engine} total`, {
          seed: rng.seed,
          kills,
          ...total,
          ...Object.fromEntries(Object.entries(byOp).map(([op, count]) => [`ack.${op}`, count])),
          storeEntriesAudited: audit.entries,
          resourcesAtEnd: audit.resources.size,
          replayRecords: audit.replayRecords,
        });
        expect(total.lost).toBe(0);
        expect(total.acknowledged).toBeGreaterThanOrEqual(200);
      },
      TEST_TIMEOUT_MS,
    );
  });
}
