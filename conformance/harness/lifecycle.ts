// The resource lifecycle of the lane, spoken by one caller: the single requests (validate,
// prepare, apply, read, observe, import, delete) with explicit fences, and the composites a
// check uses to stand up state (create = prepare + apply under If-None-Match: *, and so on).
// Composites assert the happy path and fail the check with the host's answer when it is not.

import { ERROR_STATUS, isErrorCode, type ExactFormRef } from "../../corpus/lib/index.js";
import { expectStatus, fail } from "./assert.js";
import type { Caller, SendOptions } from "./caller.js";
import { describeResponse, type HeaderMap, type HostResponse } from "./http.js";
import { API_PATH, exactQuery, resourcePath, seg } from "./paths.js";

export interface ResourceDoc {
  apiVersion: string;
  kind: string;
  form: { formRef: ExactFormRef; packageDigest?: string };
  metadata: { name: string; space: string };
  spec: Record<string, unknown>;
}

/** Preconditions a request carries. Header fences unless stated otherwise. */
export interface Fence {
  /** If-None-Match: * (create, new adoption). */
  create?: boolean;
  /** Takoform-Expected-Generation header. */
  generation?: string;
  /** expectedGeneration body member (apply only). */
  bodyGeneration?: string;
  /** If-Match: "<revision>". */
  ifMatch?: string;
  /** expectedUid body member (apply only). */
  expectedUid?: string;
}

/** A resource a check stood up, as last answered by the host. */
export interface Live {
  ref: ExactFormRef;
  name: string;
  space: string;
  uid: string;
  generation: string;
  revision: string;
  etag: string | undefined;
  body: ResourceBody;
}

export interface ResourceBody {
  apiVersion: string;
  kind: string;
  form: { formRef: ExactFormRef; packageDigest?: string };
  metadata: { name: string; space: string; uid: string; generation: string; revision: string };
  spec: Record<string, unknown>;
  status: {
    observedGeneration: string;
    conditions: { type: string; status: string; reason: string; hostReason?: string; message?: string }[];
    outputs?: Record<string, unknown>;
    observed?: Record<string, unknown>;
  };
}

export function resourceDoc(ref: ExactFormRef, name: string, space: string, spec: Record<string, unknown>): ResourceDoc {
  return { apiVersion: ref.apiVersion, kind: ref.kind, form: { formRef: { ...ref } }, metadata: { name, space }, spec };
}

export function fenceHeaders(f: Fence): HeaderMap {
  const h: HeaderMap = {};
  if (f.create) h["if-none-match"] = "*";
  if (f.generation !== undefined) h["takoform-expected-generation"] = f.generation;
  if (f.ifMatch !== undefined) h["if-match"] = `"${f.ifMatch}"`;
  return h;
}

export class Plane {
  constructor(
    readonly caller: Caller,
    /** Allocates a fresh Idempotency-Key. */
    readonly newKey: () => string,
    /** Extra headers on every lifecycle request (probe headers, for instance). */
    private readonly extraHeaders: HeaderMap = {},
  ) {}

  get label(): string {
    return this.caller.label;
  }

  send: Caller["send"] = (op, req, opts) => this.caller.send(op, { ...req, headers: { ...this.extraHeaders, ...(req.headers ?? {}) } }, opts);

  validate(doc: unknown, headers: HeaderMap = {}): Promise<HostResponse> {
    return this.send("validate", { method: "POST", path: `${API_PATH}/resources/validate`, json: doc, headers });
  }

  prepare(doc: unknown, fence: Fence, headers: HeaderMap = {}): Promise<HostResponse> {
    return this.send("prepare", { method: "POST", path: `${API_PATH}/resources/prepare`, json: doc, headers: { ...fenceHeaders(fence), ...headers } });
  }

  apply(
    doc: ResourceDoc,
    prepareDigest: string | undefined,
    fence: Fence,
    opts: { key?: string | null; headers?: HeaderMap; send?: SendOptions; path?: string } = {},
  ): Promise<HostResponse> {
    const body: Record<string, unknown> = { ...doc };
    if (prepareDigest !== undefined) body["review"] = { prepareDigest };
    if (fence.bodyGeneration !== undefined) body["expectedGeneration"] = fence.bodyGeneration;
    if (fence.expectedUid !== undefined) body["expectedUid"] = fence.expectedUid;
    const headers: HeaderMap = { ...fenceHeaders(fence), ...keyHeader(opts.key === undefined ? this.newKey() : opts.key), ...(opts.headers ?? {}) };
    return this.send("apply", { method: "PUT", path: opts.path ?? resourcePath(doc, doc.metadata.name), json: body, headers }, opts.send);
  }

  read(ref: ExactFormRef, name: string, space: string, headers: HeaderMap = {}): Promise<HostResponse> {
    return this.send("read", { method: "GET", path: resourcePath(ref, name) + exactQuery(ref, space), headers });
  }

  observe(ref: ExactFormRef, name: string, space: string, fence: Fence, opts: { key?: string | null; headers?: HeaderMap } = {}): Promise<HostResponse> {
    const headers = { ...fenceHeaders(fence), ...keyHeader(opts.key === undefined ? this.newKey() : opts.key), ...(opts.headers ?? {}) };
    return this.send("observe", { method: "POST", path: `${resourcePath(ref, name)}/observe${exactQuery(ref, space)}`, headers });
  }

  importResource(doc: ResourceDoc, nativeId: string | undefined, fence: Fence, opts: { key?: string | null; headers?: HeaderMap } = {}): Promise<HostResponse> {
    const body: Record<string, unknown> = { ...doc };
    if (nativeId !== undefined) body["nativeId"] = nativeId;
    const headers = { ...fenceHeaders(fence), ...keyHeader(opts.key === undefined ? this.newKey() : opts.key), ...(opts.headers ?? {}) };
    return this.send("import", { method: "POST", path: `${resourcePath(doc, doc.metadata.name)}/import`, json: body, headers });
  }

  remove(ref: ExactFormRef, name: string, space: string, fence: Fence, opts: { key?: string | null; headers?: HeaderMap } = {}): Promise<HostResponse> {
    const headers = { ...fenceHeaders(fence), ...keyHeader(opts.key === undefined ? this.newKey() : opts.key), ...(opts.headers ?? {}) };
    return this.send("delete", { method: "DELETE", path: resourcePath(ref, name) + exactQuery(ref, space), headers });
  }

  operation(id: string): Promise<HostResponse> {
    return this.send("operation", { method: "GET", path: `${API_PATH}/operations/${seg(id)}` });
  }

  // ---- composites -------------------------------------------------------------------------

  /** prepare (create) + apply under If-None-Match: *; expects 201 (or a 202 that settles to one). */
  async create(ref: ExactFormRef, name: string, space: string, spec: Record<string, unknown>): Promise<Live> {
    const doc = resourceDoc(ref, name, space, spec);
    const digest = await this.prepareDigest(doc, { create: true }, `prepare of ${ref.kind} ${name}`);
    const res = await this.settle(await this.apply(doc, digest, { create: true }));
    expectStatus(res, 201, `create of ${ref.kind} ${name}`);
    return liveFrom(res, `create of ${ref.kind} ${name}`);
  }

  /** prepare (update) + apply fenced on the current generation; expects 200. */
  async update(live: Live, spec: Record<string, unknown>): Promise<Live> {
    const doc = resourceDoc(live.ref, live.name, live.space, spec);
    const digest = await this.prepareDigest(doc, { generation: live.generation }, `prepare of update of ${live.ref.kind} ${live.name}`);
    const res = await this.settle(await this.apply(doc, digest, { generation: live.generation }));
    expectStatus(res, 200, `update of ${live.ref.kind} ${live.name}`);
    return liveFrom(res, `update of ${live.ref.kind} ${live.name}`);
  }

  /** delete fenced on the current generation; expects 204 (or a 202 that settles). */
  async destroy(live: { ref: ExactFormRef; name: string; space: string; generation: string }): Promise<void> {
    const res = await this.settle(await this.remove(live.ref, live.name, live.space, { generation: live.generation }));
    expectStatus(res, 204, `delete of ${live.ref.kind} ${live.name}`);
  }

  /** read; expects 200 and returns the resource. */
  async fetch(ref: ExactFormRef, name: string, space: string): Promise<Live> {
    const res = await this.read(ref, name, space);
    expectStatus(res, 200, `read of ${ref.kind} ${name}`);
    return liveFrom(res, `read of ${ref.kind} ${name}`);
  }

  async prepareDigest(doc: ResourceDoc, fence: Fence, what: string): Promise<string> {
    const res = await this.prepare(doc, fence);
    expectStatus(res, 200, what);
    return (res.body as { review: { prepareDigest: string } }).review.prepareDigest;
  }

  /**
   * The ETag of a settled resource answer is the host's own, read back with a GET (never one the
   * runner built from the revision): kept only when the read still shows the result's revision.
   */
  private async realETag(settled: HostResponse): Promise<HostResponse> {
    const body = settled.body as ResourceBody | undefined;
    if (settled.status >= 300 || !body?.metadata?.revision) return settled;
    const read = await this.read(body.form.formRef, body.metadata.name, body.metadata.space);
    const etag = read.headers["etag"];
    const same = read.status === 200 && (read.body as ResourceBody).metadata.revision === body.metadata.revision;
    return same && etag !== undefined ? { ...settled, headers: { ...settled.headers, etag } } : withoutETag(settled);
  }

  /**
   * Follows a 202 Operation to its terminal state and returns an equivalent synchronous answer
   * (201/200 with the resource, 204 for a delete, or the operation's error envelope status).
   * Anything else is returned unchanged.
   */
  async settle(res: HostResponse, deadlineMs = 30_000): Promise<HostResponse> {
    if (res.status !== 202) return res;
    const op = (res.body as { operation: { id: string } }).operation;
    const until = Date.now() + deadlineMs;
    for (let attempt = 0; ; attempt++) {
      const polled = await this.operation(op.id);
      expectStatus(polled, 200, `poll of operation ${op.id}`);
      const o = polled.body as { done: boolean; result?: { resource?: unknown }; error?: { code: string } };
      if (o.done) return this.realETag(synthesizeTerminal(res, polled, o));
      if (Date.now() > until) fail(`operation ${op.id} did not settle within ${deadlineMs} ms`);
      const after = Number(polled.headers["retry-after"]);
      const wait = Number.isFinite(after) && after > 0 ? Math.min(after * 1000, 2000) : Math.min(50 * 2 ** attempt, 1000) * Math.random();
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

function withoutETag(res: HostResponse): HostResponse {
  const { etag: _none, ...headers } = res.headers;
  return { ...res, headers };
}

function synthesizeTerminal(accepted: HostResponse, polled: HostResponse, o: { result?: { resource?: unknown }; error?: { code: string } }): HostResponse {
  if (o.error) {
    return { ...polled, status: errorStatusFor(o.error.code), body: { error: o.error } };
  }
  const resource = o.result?.resource as ResourceBody | undefined;
  if (resource === undefined) return { ...polled, status: 204, body: undefined, bytes: Buffer.alloc(0), text: "" };
  const wasCreate = accepted.request.method === "PUT" || accepted.request.method === "POST";
  return {
    ...polled,
    status: wasCreate && resource.metadata.generation === "1" ? 201 : 200,
    headers: polled.headers,
    body: resource,
  };
}

function errorStatusFor(code: string): number {
  return isErrorCode(code) ? ERROR_STATUS[code] : 500;
}

function keyHeader(key: string | null): HeaderMap {
  return key === null ? {} : { "idempotency-key": key };
}

/** Reads the identity of a resource answer (a bare resource or a {resource} envelope). */
export function liveFrom(res: HostResponse, what: string): Live {
  const raw = res.body as { resource?: ResourceBody } & Partial<ResourceBody>;
  const body = (raw && "resource" in raw && raw.resource ? raw.resource : raw) as ResourceBody | undefined;
  if (!body || !body.metadata) fail(`${what}: expected a resource document, got ${describeResponse(res)}`);
  return {
    ref: body.form.formRef,
    name: body.metadata.name,
    space: body.metadata.space,
    uid: body.metadata.uid,
    generation: body.metadata.generation,
    revision: body.metadata.revision,
    etag: res.headers["etag"],
    body,
  };
}
