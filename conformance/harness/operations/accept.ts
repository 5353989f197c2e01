// Asking for a long-running operation: a mutation carries `Prefer: respond-async` (RFC 7240) and
// the test-only probe `Takoform-Conformance-Probe: async` (the reference runner's way), and must be
// answered 202 with the Operation envelope (docs/decisions/0090). Each helper sends the
// client's ordinary request (prepare first where the lane has one) and keeps what it sent, so a
// check can retry the very same request under the same Idempotency-Key.

import type { ExactFormRef } from "../../../corpus/lib/index.js";
import { fail } from "../assert.js";
import { describeResponse, type HeaderMap, type HostResponse } from "../http.js";
import { resourceDoc, type Fence, type Live, type Plane } from "../lifecycle.js";
import { PROBE_HEADER } from "../paths.js";
import { describeOperation, operationOfAccepted, type OperationDoc } from "./document.js";

/** The headers that ask a host for a 202: the standard preference and the conformance probe. */
export const PREFER_ASYNC: HeaderMap = { prefer: "respond-async", [PROBE_HEADER]: "async" };

export interface Accepted {
  res: HostResponse;
  op: OperationDoc;
  /** The caller that was answered (the only one the operation belongs to). */
  plane: Plane;
  /** Sends the same request again: same bytes, same preconditions, same Idempotency-Key. */
  resend(): Promise<HostResponse>;
}

/**
 * The 202 of a request that asked for asynchrony. It carried the async probe, so a host honouring
 * probes keeps the operation pending until its owner polls it (the upstream reference host's
 * rule): the 202 must report done:false, whatever the machine's load.
 */
export function expectAccepted(res: HostResponse, plane: Plane, resend: () => Promise<HostResponse>, what: string): Accepted {
  if (res.status !== 202) {
    const hint =
      res.status < 300
        ? " (the host answered synchronously although the request carried Prefer: respond-async and the async probe; start it with --conformance-probes)"
        : "";
    fail(`${what}: expected 202 Accepted with an Operation, got ${describeResponse(res)}${hint}`);
  }
  const op = operationOfAccepted(res, what);
  if (op.done)
    fail(
      `${what}: the 202 reported done:true (${describeOperation(op)}); an accepted operation is pending, and one that carried the async probe stays pending until its owner polls it`,
    );
  return { res, op, plane, resend };
}

/** An apply (prepare, then PUT with the minted review) carrying Prefer: respond-async. */
export async function sendAsyncApply(
  plane: Plane,
  ref: ExactFormRef,
  name: string,
  space: string,
  spec: Record<string, unknown>,
  fence: Fence,
): Promise<{ res: HostResponse; resend(): Promise<HostResponse> }> {
  const doc = resourceDoc(ref, name, space, spec);
  const review = await plane.prepareDigest(doc, fence, `prepare of ${ref.kind} ${name}`);
  const key = plane.newKey();
  const send = () => plane.apply(doc, review, fence, { key, headers: PREFER_ASYNC });
  return { res: await send(), resend: send };
}

export async function acceptCreate(
  plane: Plane,
  ref: ExactFormRef,
  name: string,
  space: string,
  spec: Record<string, unknown>,
  what: string,
): Promise<Accepted> {
  const sent = await sendAsyncApply(plane, ref, name, space, spec, { create: true });
  return expectAccepted(sent.res, plane, sent.resend, what);
}

export async function acceptUpdate(plane: Plane, live: Live, spec: Record<string, unknown>, what: string): Promise<Accepted> {
  const sent = await sendAsyncApply(plane, live.ref, live.name, live.space, spec, { generation: live.generation });
  return expectAccepted(sent.res, plane, sent.resend, what);
}

export async function acceptDelete(plane: Plane, live: Live, what: string): Promise<Accepted> {
  const key = plane.newKey();
  const send = () => plane.remove(live.ref, live.name, live.space, { generation: live.generation }, { key, headers: PREFER_ASYNC });
  return expectAccepted(await send(), plane, send, what);
}

/** An adoption of a free name (If-None-Match: *) with a fresh native identity. */
export async function acceptImport(
  plane: Plane,
  ref: ExactFormRef,
  name: string,
  space: string,
  spec: Record<string, unknown>,
  nativeId: string,
  what: string,
): Promise<Accepted> {
  const doc = resourceDoc(ref, name, space, spec);
  const key = plane.newKey();
  const send = () => plane.importResource(doc, nativeId, { create: true }, { key, headers: PREFER_ASYNC });
  return expectAccepted(await send(), plane, send, what);
}

/**
 * A create asked for asynchrony that a host may refuse at prepare, at acceptance, or at commit:
 * the answer of the first refusing stage, or the finished operation's outcome (its 202 kept).
 */
export async function attemptAsyncCreate(
  plane: Plane,
  ref: ExactFormRef,
  name: string,
  space: string,
  spec: Record<string, unknown>,
): Promise<{ stage: "prepare" | "apply"; res: HostResponse }> {
  const doc = resourceDoc(ref, name, space, spec);
  const prep = await plane.prepare(doc, { create: true });
  if (prep.status !== 200) return { stage: "prepare", res: prep };
  const review = (prep.body as { review: { prepareDigest: string } }).review.prepareDigest;
  return { stage: "apply", res: await plane.apply(doc, review, { create: true }, { headers: PREFER_ASYNC }) };
}
