// Mutations a check expects a host to REFUSE (or, in the other polarity, to accept), and the
// read-backs that prove a refusal stored nothing. An attempt goes through the client's ordinary
// path: prepare, then apply with the review prepare minted. A host may refuse a rule that needs
// the store already at prepare (a surface that mutates nothing); then the prepare answer is the
// refusal, and the apply is never sent (docs/decisions/0080).

import type { ErrorCode, ExactFormRef } from "../../../corpus/lib/index.js";
import { expectEqual, expectError, fail, show } from "../assert.js";
import { describeResponse, errorOf, type HostResponse } from "../http.js";
import { liveFrom, resourceDoc, type Live, type Plane } from "../lifecycle.js";
import { canonicalHostname } from "./specs.js";

export interface Attempt {
  /** Which request answered: the prepare (a refusal there), the apply, the import, the delete. */
  stage: "prepare" | "apply" | "import" | "delete";
  res: HostResponse;
  /** What a create, update or adoption asked for. */
  sent?: { ref: ExactFormRef; name: string; space: string; spec: Record<string, unknown> };
}

/** prepare (If-None-Match: *) then apply under If-None-Match: * with the minted review. */
export async function attemptCreate(plane: Plane, ref: ExactFormRef, name: string, space: string, spec: Record<string, unknown>): Promise<Attempt> {
  const doc = resourceDoc(ref, name, space, spec);
  const sent = { ref, name, space, spec };
  const prep = await plane.prepare(doc, { create: true });
  if (prep.status !== 200) return { stage: "prepare", res: prep, sent };
  const review = (prep.body as { review: { prepareDigest: string } }).review.prepareDigest;
  return { stage: "apply", res: await plane.settle(await plane.apply(doc, review, { create: true })), sent };
}

/** prepare then apply, both fenced on the generation of `live`. */
export async function attemptUpdate(plane: Plane, live: Live, spec: Record<string, unknown>): Promise<Attempt> {
  const doc = resourceDoc(live.ref, live.name, live.space, spec);
  const sent = { ref: live.ref, name: live.name, space: live.space, spec };
  const prep = await plane.prepare(doc, { generation: live.generation });
  if (prep.status !== 200) return { stage: "prepare", res: prep, sent };
  const review = (prep.body as { review: { prepareDigest: string } }).review.prepareDigest;
  return { stage: "apply", res: await plane.settle(await plane.apply(doc, review, { generation: live.generation })), sent };
}

/** An adoption of a free name under If-None-Match: * with a fresh native identity. */
export async function attemptImport(
  plane: Plane,
  ref: ExactFormRef,
  name: string,
  space: string,
  spec: Record<string, unknown>,
  nativeId: string,
): Promise<Attempt> {
  const doc = resourceDoc(ref, name, space, spec);
  return { stage: "import", res: await plane.settle(await plane.importResource(doc, nativeId, { create: true })), sent: { ref, name, space, spec } };
}

/** A delete fenced on the current generation of `live`. */
export async function attemptDelete(plane: Plane, live: Live): Promise<Attempt> {
  return { stage: "delete", res: await plane.settle(await plane.remove(live.ref, live.name, live.space, { generation: live.generation })) };
}

/** What a refusal's message must name: a string, a pattern, or alternatives of which one must appear. */
export type Mention = string | RegExp | readonly string[];

/** The attempt was refused with exactly `code`, and the envelope's message names every mention. */
export function expectRefused(a: Attempt, code: ErrorCode, what: string, mentions: Mention[] = []): string {
  expectError(a.res, code, `${what} (refused at ${a.stage})`);
  const message = errorOf(a.res)?.message ?? "";
  for (const m of mentions) {
    if (m instanceof RegExp) {
      if (!m.test(message)) fail(`${what}: the ${code} refusal must name ${m}; its message was ${show(message)}`);
      continue;
    }
    const options = typeof m === "string" ? [m] : m;
    if (!options.some((o) => message.includes(o))) {
      fail(`${what}: the ${code} refusal must name ${options.map((o) => show(o)).join(" or ")}; its message was ${show(message)}`);
    }
  }
  return message;
}

/**
 * The attempt succeeded with `status` (201 create/adoption, 200 update); returns the resource. The
 * answer must be the resource asked for — same exact FormRef, name and space — and keep every
 * member the request wrote as written (defaults only fill absent members; a custom domain's
 * hostname comes back in its canonical spelling).
 */
export function expectAccepted(a: Attempt, status: 200 | 201, what: string): Live {
  if (a.stage === "prepare")
    fail(`${what}: expected the prepare to succeed and the apply to answer HTTP ${status}; prepare answered ${describeResponse(a.res)}`);
  if (a.res.status !== status) fail(`${what}: expected HTTP ${status}, got ${describeResponse(a.res)}`);
  const live = liveFrom(a.res, what);
  if (a.sent) {
    const { ref, name, space, spec } = a.sent;
    expectEqual({ formRef: live.ref, name: live.name, space: live.space }, { formRef: ref, name, space }, `${what}: identity of the answer`);
    for (const [member, value] of Object.entries(spec)) {
      const expected = ref.kind === "WorkerCustomDomain" && member === "hostname" && typeof value === "string" ? canonicalHostname(value) : value;
      expectEqual(live.body.spec[member], expected, `${what}: spec member /${member} as answered`);
    }
  }
  return live;
}

/** Reading the name back finds nothing: the refused create stored nothing. */
export async function expectNothingStored(plane: Plane, ref: ExactFormRef, name: string, space: string, what: string): Promise<void> {
  const res = await plane.read(ref, name, space);
  if (res.status === 200) fail(`${what}: the refusal stored the resource anyway (read back ${describeResponse(res)})`);
  expectError(res, "resource_not_found", `${what}: read back after the refusal`);
}

/** Reading `live` back answers the same incarnation, generation, revision and spec: nothing moved. */
export async function expectUnchanged(plane: Plane, live: Live, what: string): Promise<Live> {
  const res = await plane.read(live.ref, live.name, live.space);
  if (res.status !== 200) fail(`${what}: expected ${live.ref.kind} ${live.name} to still exist unchanged, got ${describeResponse(res)}`);
  const now = liveFrom(res, `${what}: read back`);
  expectEqual(
    { uid: now.uid, generation: now.generation, revision: now.revision, spec: now.body.spec },
    { uid: live.uid, generation: live.generation, revision: live.revision, spec: live.body.spec },
    `${what}: ${live.ref.kind} ${live.name} read back after the refusal (uid, generation, revision, spec)`,
  );
  return now;
}

/** Both the refusal and the read-back: refused with `code`, naming `mentions`, and nothing stored under `name`. */
export async function expectCreateRefused(
  plane: Plane,
  ref: ExactFormRef,
  name: string,
  space: string,
  spec: Record<string, unknown>,
  code: ErrorCode,
  what: string,
  mentions: Mention[] = [],
): Promise<string> {
  const message = expectRefused(await attemptCreate(plane, ref, name, space, spec), code, what, mentions);
  await expectNothingStored(plane, ref, name, space, what);
  return message;
}

/** An update refused with `code`, naming `mentions`, and the resource unchanged. */
export async function expectUpdateRefused(
  plane: Plane,
  live: Live,
  spec: Record<string, unknown>,
  code: ErrorCode,
  what: string,
  mentions: Mention[] = [],
): Promise<string> {
  const message = expectRefused(await attemptUpdate(plane, live, spec), code, what, mentions);
  await expectUnchanged(plane, live, what);
  return message;
}

/** A delete refused with `code` and the resource unchanged. */
export async function expectDeleteRefused(plane: Plane, live: Live, code: ErrorCode, what: string): Promise<void> {
  expectRefused(await attemptDelete(plane, live), code, what);
  await expectUnchanged(plane, live, what);
}

/** The current state of `live` (a read), for comparisons after host-side changes. */
export async function reread(plane: Plane, live: Live): Promise<Live> {
  return plane.fetch(live.ref, live.name, live.space);
}
