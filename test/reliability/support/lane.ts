// Raw, replayable lane requests: a mutation is built once (method, target, headers, body bytes)
// so that exactly the same request can be sent again after a crash, which is what an
// idempotent retry is (the replay fingerprint covers method, target, fences and body bytes).

import { randomUUID } from "node:crypto";
import type { ExactFormRef } from "../../../corpus/lib/index.js";
import { call, type Reply } from "../../unit/host/harness.js";
import { document, exactQuery, prepare, resourcePath } from "../../unit/host/client.js";

export type MutationOp = "create" | "import" | "update" | "observe" | "delete";

export interface RawRequest {
  op: MutationOp;
  method: string;
  path: string;
  token: string;
  headers: Record<string, string>;
  body?: string;
}

/** What a mutation's answer says about the incarnation it leaves live (null: none). */
export interface Incarnation {
  uid: string;
  generation: string;
  revision: string;
  spec: Record<string, unknown>;
}

export interface Target {
  ref: ExactFormRef;
  name: string;
  space: string;
  token: string;
}

export function send(base: string, raw: RawRequest): Promise<Reply> {
  return call(base, raw.method, raw.path, {
    token: raw.token,
    headers: raw.headers,
    ...(raw.body === undefined ? {} : { rawBody: raw.body }),
  });
}

export const EXPECTED_STATUS: Record<MutationOp, number> = { create: 201, import: 201, update: 200, observe: 200, delete: 204 };

/** prepare, then the PUT that creates (If-None-Match: *) or updates (generation fence). Undefined when prepare was not answered 200. */
export async function applyRequest(base: string, target: Target, spec: Record<string, unknown>, generation?: string): Promise<RawRequest | undefined> {
  const body = document(target.ref, target.name, target.space, spec);
  const prepared = await prepare(base, body, { token: target.token, ...(generation === undefined ? {} : { generation }) });
  if (prepared.status !== 200) return undefined;
  const headers: Record<string, string> = { "idempotency-key": randomUUID() };
  if (generation === undefined) headers["if-none-match"] = "*";
  else headers["takoform-expected-generation"] = generation;
  return {
    op: generation === undefined ? "create" : "update",
    method: "PUT",
    path: resourcePath(target.ref, target.name),
    token: target.token,
    headers,
    body: JSON.stringify({ ...body, review: { prepareDigest: prepared.json.review.prepareDigest } }),
  };
}

export function importRequest(target: Target, spec: Record<string, unknown>, nativeId: string): RawRequest {
  return {
    op: "import",
    method: "POST",
    path: resourcePath(target.ref, target.name, "import"),
    token: target.token,
    headers: { "idempotency-key": randomUUID(), "if-none-match": "*" },
    body: JSON.stringify(document(target.ref, target.name, target.space, spec, { nativeId })),
  };
}

/** observe with the touch-status probe (host started with --conformance-probes): revision +1. */
export function observeRequest(target: Target, generation: string): RawRequest {
  return {
    op: "observe",
    method: "POST",
    path: `${resourcePath(target.ref, target.name, "observe")}?${exactQuery(target.space, target.ref)}`,
    token: target.token,
    headers: { "idempotency-key": randomUUID(), "takoform-expected-generation": generation, "takoform-conformance-probe": "touch-status" },
  };
}

export function deleteRequest(target: Target, generation: string): RawRequest {
  return {
    op: "delete",
    method: "DELETE",
    path: `${resourcePath(target.ref, target.name)}?${exactQuery(target.space, target.ref)}`,
    token: target.token,
    headers: { "idempotency-key": randomUUID(), "takoform-expected-generation": generation },
  };
}

export function readTarget(base: string, target: Target): Promise<Reply> {
  return call(base, "GET", `${resourcePath(target.ref, target.name)}?${exactQuery(target.space, target.ref)}`, { token: target.token });
}

/** The incarnation a 2xx answer reports (resource document, {resource} of observe, or none for 204). */
export function incarnationOf(op: MutationOp, reply: Reply): Incarnation | null {
  if (op === "delete") return null;
  const resource = op === "observe" ? reply.json?.resource : reply.json;
  const metadata = resource?.metadata;
  if (metadata === undefined) throw new Error(`${op} answered ${reply.status} without a resource: ${reply.text.slice(0, 300)}`);
  return { uid: metadata.uid, generation: metadata.generation, revision: metadata.revision, spec: resource.spec };
}

export function sameIncarnation(a: Incarnation | null, b: Incarnation | null): boolean {
  if (a === null || b === null) return a === b;
  return a.uid === b.uid && a.generation === b.generation && a.revision === b.revision;
}
