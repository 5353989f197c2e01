// The window between accept and commit. Every accepted mutation the runner sends carries the async
// probe, and a host honouring probes keeps such an operation pending until its owner has polled it
// a fixed number of times (the upstream reference host: two), committing on the poll that exhausts
// them. A check can therefore move the store with ordinary synchronous requests before its first
// poll and then watch the commit decide against the MOVED store -- no clock involved, so a busy
// machine cannot close the window (docs/decisions/0210). The helper still proves the operation was
// pending after the move: a host that committed early fails here, naming the probe.

import { fail } from "../assert.js";
import type { Accepted } from "./accept.js";
import { describeOperation } from "./document.js";
import { pollUntilDone, readOperation, type Settled } from "./requests.js";

const HOLD = "a host honouring Takoform-Conformance-Probe: async keeps the operation pending until its owner polls it (start ours with --conformance-probes)";

/** Runs `move` while the operation is pending, proves it still was afterwards, then polls it to its end. */
export async function settleAfterMove(accepted: Accepted, move: () => Promise<void>, what: string): Promise<Settled> {
  await move();
  const { op } = await readOperation(accepted.plane, accepted.op.id, `${what}: read after the store moved`);
  if (op.done) fail(`${what}: operation ${describeOperation(op)} finished before its owner's polls; ${HOLD}`);
  return pollUntilDone(accepted.plane, accepted.op.id, what);
}

/** Polls an accepted operation nobody disturbs to its end. */
export function settleUndisturbed(accepted: Accepted, what: string): Promise<Settled> {
  return pollUntilDone(accepted.plane, accepted.op.id, what);
}

/** Fails unless the operation, polled once by its owner, still reads pending (the probe's hold). */
export async function expectStillPending(accepted: Accepted, what: string): Promise<void> {
  const { op } = await readOperation(accepted.plane, accepted.op.id, what);
  if (op.done) fail(`${what}: operation ${describeOperation(op)} finished before its owner's polls; ${HOLD}`);
}
