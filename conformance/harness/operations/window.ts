// The window between accept and commit. A host started with --async-commit-delay-ms commits an
// accepted 202 only after that delay, so a check can move the store in between with ordinary
// synchronous requests and then watch the commit decide against the MOVED store. The helper
// proves the operation was still pending after the move; if the host committed first, the check
// fails naming the delay rather than measuring nothing.

import { fail } from "../assert.js";
import type { Accepted } from "./accept.js";
import { describeOperation } from "./document.js";
import { pollUntilDone, readOperation, type Settled } from "./requests.js";

/** Runs `move` while the operation is pending, proves it still was afterwards, then polls it to its end. */
export async function settleAfterMove(accepted: Accepted, move: () => Promise<void>, what: string): Promise<Settled> {
  if (accepted.op.done) {
    fail(`${what}: the 202 already reported ${describeOperation(accepted.op)}; a host must still be committing for the store to move in between (start it with --async-commit-delay-ms)`);
  }
  try {
    await move();
  } catch (e) {
    // A move that found the store already committed is the window closing early, not the rule.
    const { op } = await readOperation(accepted.plane, accepted.op.id, `${what}: read after the move failed`);
    if (op.done) fail(`${what}: operation ${describeOperation(op)} finished while the check was still moving the store (${(e as Error).message}); raise the host's --async-commit-delay-ms`);
    throw e;
  }
  const { op } = await readOperation(accepted.plane, accepted.op.id, `${what}: read after the store moved`);
  if (op.done) {
    fail(`${what}: operation ${describeOperation(op)} finished before the check had moved the store; raise the host's --async-commit-delay-ms`);
  }
  return pollUntilDone(accepted.plane, accepted.op.id, what);
}

/** Polls an accepted operation nobody disturbs to its end. */
export function settleUndisturbed(accepted: Accepted, what: string): Promise<Settled> {
  return pollUntilDone(accepted.plane, accepted.op.id, what);
}
