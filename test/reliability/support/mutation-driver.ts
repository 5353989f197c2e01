// Drives concurrent lifecycle mutations at a host and keeps the client-side truth: for every slot
// (one resource address) the incarnation its last ACKNOWLEDGED mutation reported, and the one
// mutation that was in flight when the connection died, if any. A slot has at most one mutation
// in flight, so "what was acknowledged" is exact per address while hundreds of addresses are
// mutated at once.

import type { Reply } from "../../unit/host/harness.js";
import {
  applyRequest,
  deleteRequest,
  EXPECTED_STATUS,
  importRequest,
  incarnationOf,
  observeRequest,
  send,
  type Incarnation,
  type RawRequest,
  type Target,
} from "./lane.js";
import type { Rng } from "./rng.js";

export interface Recorded {
  raw: RawRequest;
  status: number;
  text: string;
  /** The uid the answer reports live (replay retirement), undefined for deletes. */
  uid?: string;
}

export interface Slot {
  id: number;
  target: Target;
  /** Whether the Form declares update (AtLeastOnceQueue does, EdgeKVNamespace does not). */
  updatable: boolean;
  current: Incarnation | null;
  pending?: { raw: RawRequest; before: Incarnation | null };
  busy: boolean;
  answered: Recorded[];
}

export interface DriveResult {
  sent: number;
  acknowledged: number;
  byOp: Record<string, number>;
  unexpected: string[];
}

let nativeCounter = 0;

function nextSpec(rng: Rng, slot: Slot): Record<string, unknown> {
  if (!slot.updatable) return {};
  let seconds: number;
  do seconds = rng.int(60, 1_209_600);
  while (slot.current !== null && slot.current.spec.messageRetentionSeconds === seconds);
  return { messageRetentionSeconds: seconds };
}

async function chooseRequest(base: string, rng: Rng, slot: Slot): Promise<RawRequest | undefined> {
  const current = slot.current;
  if (current === null) {
    if (rng.chance(0.2)) return importRequest(slot.target, nextSpec(rng, slot), `native-${slot.id}-${++nativeCounter}-${rng.int(0, 1e9)}`);
    return applyRequest(base, slot.target, nextSpec(rng, slot));
  }
  const roll = rng.next();
  if (roll < 0.4 && slot.updatable) return applyRequest(base, slot.target, nextSpec(rng, slot), current.generation);
  if (roll < 0.65) return observeRequest(slot.target, current.generation);
  return deleteRequest(slot.target, current.generation);
}

/**
 * Runs `workers` concurrent clients over the slots until `stop` resolves (the moment the host is
 * killed). A mutation answered before the connection died is acknowledged; one whose connection
 * died stays pending on its slot (never retried here), and its client stops.
 */
export async function drive(
  base: string,
  slots: Slot[],
  rng: Rng,
  workers: number,
  stop: Promise<void>,
  onAcknowledged: (acknowledged: number) => void = () => undefined,
): Promise<DriveResult> {
  let stopped = false;
  void stop.then(() => (stopped = true));
  const result: DriveResult = { sent: 0, acknowledged: 0, byOp: {}, unexpected: [] };
  const worker = async () => {
    while (!stopped) {
      const free = slots.filter((slot) => !slot.busy && slot.pending === undefined);
      if (free.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 2));
        continue;
      }
      const slot = rng.pick(free);
      slot.busy = true;
      try {
        let raw: RawRequest | undefined;
        try {
          raw = await chooseRequest(base, rng, slot);
        } catch {
          return; // prepare's connection died (the host is gone): nothing was sent that could mutate
        }
        if (raw === undefined) {
          if (!stopped) result.unexpected.push(`slot ${slot.id}: prepare refused`);
          continue;
        }
        if (stopped) continue;
        slot.pending = { raw, before: slot.current };
        result.sent++;
        let reply: Reply;
        try {
          reply = await send(base, raw);
        } catch {
          return; // in flight when the host died: stays pending, and this client stops
        }
        slot.pending = undefined;
        if (reply.status !== EXPECTED_STATUS[raw.op]) {
          result.unexpected.push(`slot ${slot.id} ${raw.op}: ${reply.status} ${reply.text.slice(0, 200)}`);
          continue;
        }
        slot.current = incarnationOf(raw.op, reply);
        const recorded: Recorded = { raw, status: reply.status, text: reply.text };
        if (slot.current !== null) recorded.uid = slot.current.uid;
        slot.answered.push(recorded);
        result.acknowledged++;
        result.byOp[raw.op] = (result.byOp[raw.op] ?? 0) + 1;
        onAcknowledged(result.acknowledged);
      } finally {
        slot.busy = false;
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return result;
}
