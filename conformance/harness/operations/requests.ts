// The two operation routes (GET {api}/operations/{id}, POST {api}/operations/{id}/cancel) and the
// client's polling loop: Retry-After when the host sends it, otherwise exponential backoff with
// full jitter, under an overall deadline. Every poll is held to the Operation rules, the id must
// stay stable, and a finished operation never becomes pending again.

import { randomBytes } from "node:crypto";
import { fail } from "../assert.js";
import type { HostResponse } from "../http.js";
import type { Plane } from "../lifecycle.js";
import { API_PATH, seg } from "../paths.js";
import { describeOperation, operationOfRead, type OperationDoc } from "./document.js";

export function getOperation(plane: Plane, id: string): Promise<HostResponse> {
  return plane.operation(id);
}

export function cancelOperation(plane: Plane, id: string, key: string = plane.newKey()): Promise<HostResponse> {
  return plane.send("operation-cancel", { method: "POST", path: `${API_PATH}/operations/${seg(id)}/cancel`, headers: { "idempotency-key": key } });
}

/** An operation id of the reference grammar that no host issued. */
export function unknownOperationId(): string {
  return `op_conformance-never-issued-${randomBytes(12).toString("hex")}`;
}

/** One GET of an operation this caller owns: 200 and a valid Operation with this id. */
export async function readOperation(plane: Plane, id: string, what: string): Promise<{ res: HostResponse; op: OperationDoc }> {
  const res = await getOperation(plane, id);
  const op = operationOfRead(res, what);
  if (op.id !== id) fail(`${what}: GET of operation ${id} answered operation ${op.id}`);
  return { res, op };
}

export interface Settled {
  /** The answer that first reported done. */
  res: HostResponse;
  op: OperationDoc;
  polls: number;
  /** How many of those polls answered pending (each carried Retry-After). */
  pending: number;
}

/**
 * Polls `id` until it is done; fails when the deadline passes or the document misbehaves. Every
 * pending answer must carry Retry-After (the client's pacing hint, as the upstream runner asserts).
 */
export async function pollUntilDone(plane: Plane, id: string, what: string, deadlineMs = 60_000): Promise<Settled> {
  const until = Date.now() + deadlineMs;
  for (let attempt = 0; ; attempt++) {
    const { res, op } = await readOperation(plane, id, `${what}: poll ${attempt + 1} of ${id}`);
    if (op.done) return { res, op, polls: attempt + 1, pending: attempt };
    if (res.headers["retry-after"] === undefined) fail(`${what}: poll ${attempt + 1} of ${id} answered pending without Retry-After`);
    if (Date.now() > until) fail(`${what}: operation ${describeOperation(op)} did not finish within ${deadlineMs} ms`);
    const after = Number(res.headers["retry-after"]);
    const wait = Number.isFinite(after) && after > 0 ? Math.min(after * 1000, 2000) : Math.random() * Math.min(50 * 2 ** attempt, 1000);
    await new Promise((r) => setTimeout(r, wait));
  }
}

/** Reads a finished operation again: it must answer the same bytes (a terminal state replays). */
export async function expectReplaysTerminal(plane: Plane, settled: { res: HostResponse; op: OperationDoc }, what: string): Promise<void> {
  const again = await readOperation(plane, settled.op.id, what);
  if (!again.op.done) fail(`${what}: operation ${settled.op.id} was finished and is pending again`);
  if (!again.res.bytes.equals(settled.res.bytes)) {
    fail(`${what}: the terminal state of ${settled.op.id} did not replay byte-identically: first ${settled.res.text} then ${again.res.text}`);
  }
}
